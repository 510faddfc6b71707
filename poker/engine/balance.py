"""Round 2's balancing moves (docs/rules.md; docs/fairness.md, "The seat draws"): which table
breaks, who moves where. Pure, so that the session (``championship.rules``) draws them and the
fairness checker recomputes them by the same rule, from the stream of ``balance:<session>:<hand>``."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

P = TypeVar("P", bound=Hashable)


class Chooser(Protocol):
    def choice(self, items: Sequence): ...


@dataclass(frozen=True)
class Move:
    player: Hashable
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


def rebalance(
    tables: dict[int, dict[int, P]],
    *,
    rng: Chooser,
    max_per_table: int = 8,
) -> tuple[list[Move], list[int]]:
    """The moves that balance round 2 after knock-outs: {table: {seat: player}} of the open tables.

    First break tables while the remaining players fit at fewer (down to one final table): the
    shortest table, the highest number on a tie, breaks; each of its players goes to a random free
    seat at the shortest remaining table. Then, while the fullest and the shortest tables differ by
    two or more, one player drawn at random at the fullest moves to a random free seat at the
    shortest. Returns the moves and the broken tables; `tables` is left unchanged.
    """
    state = {number: dict(seats) for number, seats in tables.items()}
    moves: list[Move] = []
    broken: list[int] = []

    def free_seat(table: int) -> int:
        free = [s for s in range(1, max_per_table + 1) if s not in state[table]]
        return rng.choice(free)

    def move(player: P, from_table: int, from_seat: int, to_table: int) -> None:
        to_seat = free_seat(to_table)
        del state[from_table][from_seat]
        state[to_table][to_seat] = player
        moves.append(Move(player, from_table, from_seat, to_table, to_seat))

    total = sum(len(seats) for seats in state.values())
    while len(state) > 1 and len(state) > math.ceil(total / max_per_table):
        breaking = min(state, key=lambda t: (len(state[t]), -t))
        for seat in sorted(state[breaking]):
            player = state[breaking][seat]
            others = [t for t in state if t != breaking]
            target = min(others, key=lambda t: (len(state[t]), t))
            move(player, breaking, seat, target)
        del state[breaking]
        broken.append(breaking)
    while len(state) > 1:
        fullest = max(state, key=lambda t: (len(state[t]), -t))
        shortest = min(state, key=lambda t: (len(state[t]), t))
        if len(state[fullest]) - len(state[shortest]) < 2:
            break
        seat = rng.choice(sorted(state[fullest]))
        move(state[fullest][seat], fullest, seat, shortest)
    return moves, broken
