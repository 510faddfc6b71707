"""Equity against ranges: exact where it is cheap, Monte Carlo with its error stated otherwise.

Hold'em: on the river against one opponent, every combination of his range is counted (exact).
Otherwise ``samples`` deals are drawn: each opponent a hand from his range, the board's missing
cards from what is left. The standard error of a share estimated from n deals is at most
0.5 / sqrt(n): 1.6 points for 1,000 deals, 2.5 for 400 (``Estimate.error``).

Razz: the opponents' down cards are drawn from the unseen cards (the up cards are known), the
cards still to come likewise; the low hands are compared with a whole-array evaluator (a hand of
five different ranks is the bitmask of its five lowest ranks, smaller is better; a hand with fewer
than five different ranks, rare in seven cards, ranks behind all of those by its number of
distinct ranks).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch
from .ranges import card_bits, combos


@dataclass(frozen=True)
class Estimate:
    """A share of the pot and its standard error (0 when exact)."""

    equity: float
    error: float
    deals: int

    @property
    def exact(self) -> bool:
        return self.error == 0


def holdem_equity(
    hole: Sequence[int],
    board: Sequence[int],
    ranges: Sequence[npt.NDArray[np.bool_]],
    rng: np.random.Generator,
    samples: int = 800,
) -> Estimate:
    """His share of the pot against opponents holding hands of ``ranges`` (masks over ``combos``)."""
    cards, bits, _pct = combos()
    hole, board = [int(c) for c in hole], [int(c) for c in board]
    dead = card_bits([*hole, *board])
    lists = [np.flatnonzero(r & ((bits & dead) == 0)) for r in ranges]
    if any(len(x) == 0 for x in lists) or not lists:
        return Estimate(1.0 if not lists else 0.5, 0.5, 0)
    if len(board) == 5 and len(lists) == 1:
        return _exact_river(hole, board, cards[lists[0]])
    n = samples
    picks = np.stack([rng.choice(x, size=n) for x in lists], axis=1)  # (n, opponents)
    opp = cards[picks]  # (n, opponents, 2)
    used = np.bitwise_or.reduce(bits[picks], axis=1) | dead
    ok = np.bitwise_count(used) == len(hole) + len(board) + 2 * len(lists)  # no card twice
    opp, used = opp[ok], used[ok]
    m = len(used)
    if m == 0:
        return Estimate(0.5, 0.5, 0)
    to_come = 5 - len(board)
    full = np.tile(np.array(board, dtype=np.intp), (m, 1))
    if to_come:
        free = ((used[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)) == 0
        keys = np.where(free, rng.random((m, 52)), 2.0)
        full = np.concatenate([full, np.argpartition(keys, to_come, axis=1)[:, :to_come]], axis=1)
    mine = evaluate_high_batch(np.concatenate([np.tile(hole, (m, 1)), full], axis=1), check=False)
    rows = [np.concatenate([opp[:, k], full], axis=1) for k in range(len(lists))]
    theirs = np.stack([evaluate_high_batch(r, check=False) for r in rows], axis=1)
    return _shares(mine, theirs.max(axis=1), (theirs == theirs.max(axis=1)[:, None]).sum(axis=1))


def _exact_river(hole: list[int], board: list[int], hands: npt.NDArray[np.intp]) -> Estimate:
    rows = np.concatenate([hands, np.tile(np.array(board, dtype=np.intp), (len(hands), 1))], axis=1)
    theirs = evaluate_high_batch(rows, check=False)
    mine = int(evaluate_high_batch(np.array([hole + board]), check=False)[0])
    share = (np.sum(mine > theirs) + 0.5 * np.sum(mine == theirs)) / len(hands)
    return Estimate(float(share), 0.0, len(hands))


def _shares(mine: np.ndarray, best: np.ndarray, ties_at_best: np.ndarray) -> Estimate:
    """``mine`` against the best other hand of each deal (higher better); a tie splits the pot."""
    share = np.where(mine > best, 1.0, np.where(mine == best, 1.0 / (ties_at_best + 1), 0.0))
    n = len(share)
    p = float(share.mean())
    return Estimate(p, math.sqrt(max(p * (1 - p), 0.0025) / n), n)


# --------------------------------------------------------------------------------------------------
# Razz


def low_values(cards: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """Razz values of rows of seven card indices: smaller is better (see the module docstring)."""
    ranks = ((cards >> 2) + 1) % 13  # the ace is the lowest: A=0, 2=1 ... K=12
    present = np.zeros((len(cards), 13), dtype=bool)
    np.put_along_axis(present, ranks, True, axis=1)
    distinct = present.sum(axis=1)
    five = present & (np.cumsum(present, axis=1) <= 5)
    mask = (five * (1 << np.arange(13))).sum(axis=1)
    return np.where(distinct >= 5, mask, (6 - distinct) << 13 | mask)


def razz_equity(
    mine: Sequence[int],
    opponents_up: Sequence[Sequence[int]],
    seen: Sequence[int],
    rng: np.random.Generator,
    samples: int = 600,
    good_start: Sequence[bool] = (),
) -> Estimate:
    """His share against each opponent's up cards plus unseen down cards, to seven cards each.

    ``mine``: his cards; ``seen``: every card he has seen (his, the up cards, the community card);
    ``good_start[k]``: opponent k completed or raised on 3rd street, so his two down cards are
    drawn among eights or lower only (the hands that do that)."""
    k = len(opponents_up)
    if k == 0:
        return Estimate(1.0, 0.0, 0)
    unseen = np.array([c for c in range(52) if c not in set(int(x) for x in seen)], dtype=np.intp)
    need_me = 7 - len(mine)
    need = [7 - len(up) for up in opponents_up]
    total = need_me + sum(need)
    n = samples
    if total > len(unseen):  # the community card case: deal what there is, the rest shared
        total = len(unseen)
    order = np.argsort(rng.random((n, len(unseen))), axis=1)[:, :total]
    dealt = unseen[order]
    low_rank = ((dealt >> 2) + 1) % 13
    weight = np.ones(n, dtype=bool)
    pos = need_me
    hands = []
    for j, up in enumerate(opponents_up):
        take = dealt[:, pos : pos + need[j]] if pos + need[j] <= total else dealt[:, -need[j] :]
        if j < len(good_start) and good_start[j] and need[j] >= 2:
            first_two = low_rank[:, pos : pos + 2] if pos + 2 <= total else low_rank[:, -2:]
            weight &= (first_two <= 7).all(axis=1)
        hands.append(np.concatenate([np.tile(np.array(up, dtype=np.intp), (n, 1)), take], axis=1))
        pos += need[j]
    me = np.concatenate([np.tile(np.array(mine, dtype=np.intp), (n, 1)), dealt[:, :need_me]], axis=1)
    if weight.sum() >= n // 5:
        me, hands = me[weight], [h[weight] for h in hands]
    my_value = low_values(me)
    theirs = np.stack([low_values(h) for h in hands], axis=1)
    best = theirs.min(axis=1)
    ties = (theirs == best[:, None]).sum(axis=1)
    # Lower is better: negate so that _shares compares "higher better".
    return _shares(-my_value, -best, ties)
