"""Where the button and the blinds go, hand after hand: the dead-button rule (TDA; docs/rules.md,
"Texas Hold'em, no limit").

The big blind always moves forward one seat, to the next player dealt in, so nobody skips or
repeats it. The small blind goes where the big blind was (no small blind is posted when that
player has left: a "dead" small blind), and the button where the small blind was, which may be an
empty seat. Heads-up, the button posts the small blind and the other player the big blind.

Pure functions on seat numbers (1..8); ``engine_positions`` turns them into the engine's player
indices (the players dealt in, in seat order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The most seats a table has (``poker.models`` takes it from here): seats wrap round after it.
MAX_SEATS = 8


@dataclass(frozen=True, slots=True)
class Positions:
    button: int  # a seat number, possibly an empty seat
    small_blind: int  # the small blind's position, possibly an empty seat (dead small blind)
    big_blind: int  # always a player dealt in


def _after(seat: int, active: Sequence[int]) -> int:
    """The first active seat clockwise strictly after ``seat``."""
    for k in range(1, MAX_SEATS + 1):
        candidate = (seat - 1 + k) % MAX_SEATS + 1
        if candidate in active:
            return candidate
    raise ValueError("no active seat")


def _before(seat: int, active: Sequence[int]) -> int:
    """The first active seat counterclockwise strictly before ``seat``."""
    for k in range(1, MAX_SEATS + 1):
        candidate = (seat - 1 - k) % MAX_SEATS + 1
        if candidate in active:
            return candidate
    raise ValueError("no active seat")


def _normal(active: Sequence[int], big_blind: int) -> Positions:
    """The usual arrangement behind a given big blind: small blind and button on the seats before it."""
    if len(active) == 2:
        other = _before(big_blind, active)
        return Positions(button=other, small_blind=other, big_blind=big_blind)
    small_blind = _before(big_blind, active)
    return Positions(button=_before(small_blind, active), small_blind=small_blind, big_blind=big_blind)


def first_positions(active: Sequence[int], button: int) -> Positions:
    """The first hand of a table: the button on ``button`` (an active seat), blinds on its left."""
    if len(active) < 2:
        raise ValueError("a hand needs at least two players")
    if button not in active:
        raise ValueError(f"the button must start on a player's seat, not {button}")
    if len(active) == 2:
        return _normal(active, _after(button, active))
    return _normal(active, _after(_after(button, active), active))


def next_positions(active: Sequence[int], previous: Positions) -> Positions:
    """The positions for the next hand, after ``previous``, with the players ``active`` now."""
    if len(active) < 2:
        raise ValueError("a hand needs at least two players")
    big_blind = _after(previous.big_blind, active)
    if len(active) == 2:
        return _normal(active, big_blind)
    positions = Positions(button=previous.small_blind, small_blind=previous.big_blind, big_blind=big_blind)
    if not _consistent(active, positions):
        # Coming back from heads-up, or a player sitting down in between, can leave no valid order:
        # keep the big blind moving forward and place the others behind it as usual.
        return _normal(active, big_blind)
    return positions


def _consistent(active: Sequence[int], p: Positions) -> bool:
    """Clockwise: button, then small blind, then big blind, all different, and nobody dealt in
    between the small blind's position and the big blind (he would skip the big blind)."""
    if len({p.button, p.small_blind, p.big_blind}) < 3:
        return False
    distance = lambda a, b: (b - a) % MAX_SEATS  # noqa: E731 (clockwise seats from a to b)
    if not distance(p.button, p.small_blind) < distance(p.button, p.big_blind):
        return False
    return _after(p.small_blind, active) == p.big_blind


def engine_positions(active: Sequence[int], p: Positions) -> tuple[int, int | None, int]:
    """(button, small blind, big blind) as engine player indices; the small blind may be None.

    The engine's button is the player who acts last after the flop: the player on the button's
    seat, or the first one counterclockwise from an empty button."""
    seats = sorted(active)
    button = p.button if p.button in seats else _before(p.button, seats)
    small_blind = seats.index(p.small_blind) if p.small_blind in seats else None
    return seats.index(button), small_blind, seats.index(p.big_blind)
