"""The championship's rules as pure functions: no database, no Django (docs/rules.md, "Tournament
structure" and "Blinds and clock"). Services call them; tests read them like the rulebook.

Decisions taken where docs/rules.md is silent (TDA practice), also listed in the README:
- Round 1, several players out in one hand would leave fewer than the qualifiers a table keeps: the
  ones who started the hand with the most chips qualify; equal stacks at the cut all qualify.
- Round 2, tables are broken as soon as the remaining players fit at fewer tables (the final-table
  merge is the last case of it): the shortest table (the highest number on a tie) breaks, its players
  go to the shortest remaining tables. A balancing move takes a player drawn at random (CSPRNG)
  from the fullest table to a free seat drawn at random at the shortest one.
"""

from __future__ import annotations

import calendar
import math
import secrets
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import TypeVar

from poker.engine import balance
from poker.engine.balance import Move

MAX_PER_TABLE = 8
QUALIFIERS_PER_TABLE = 3
DEFAULT_POINTS_SCALE = (100, 80, 65, 50, 40, 30)
DEFAULT_UNPLACED_POINTS = 20
DEFAULT_STARTING_STACK = 5000
DEFAULT_LEVEL_MINUTES = 15
DEFAULT_BLINDS = (
    (10, 20),
    (15, 30),
    (25, 50),
    (50, 100),
    (75, 150),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (400, 800),
    (500, 1000),
    (750, 1500),
    (1000, 2000),
)
ANTE_FROM_BIG_BLIND = 200

P = TypeVar("P", bound=Hashable)


class RuleError(ValueError):
    """A value the rules refuse; the message says why (in English, for logs and tests), `code` and
    `params` let the pages say it in the user's language."""

    def __init__(self, message: str, *, code: str = "", **params: object):
        super().__init__(message)
        self.code, self.params = code, params


# --- Blinds and clock -------------------------------------------------------------------------


def ante_for(big_blind: int) -> int:
    """Ante: 10% of the big blind from 100/200 on, none before."""
    return big_blind // 10 if big_blind >= ANTE_FROM_BIG_BLIND else 0


def default_levels() -> list[list[int]]:
    """The default levels of docs/rules.md, "Blinds and clock", as [small blind, big blind, ante]."""
    return [[sb, bb, ante_for(bb)] for sb, bb in DEFAULT_BLINDS]


def level_at(levels: Sequence[Sequence[int]], index: int) -> tuple[int, int, int]:
    """The level `index` (0-based): the season's list, then doubling from its last level."""
    if not levels:
        raise RuleError("no blind levels")
    if index < len(levels):
        sb, bb, ante = levels[index]
        return int(sb), int(bb), int(ante)
    sb, bb, _ = levels[-1]
    factor = 2 ** (index - len(levels) + 1)
    sb, bb = int(sb) * factor, int(bb) * factor
    return sb, bb, ante_for(bb)


def validate_levels(levels: Sequence[Sequence[int]]) -> None:
    """The big blind is twice the small blind; levels never go down; antes are not negative."""
    if not levels:
        raise RuleError("at least one blind level is needed", code="levels_empty")
    previous = (0, 0)
    for number, level in enumerate(levels, start=1):
        if len(level) != 3:
            raise RuleError(
                f"level {number}: small blind, big blind and ante are needed",
                code="level_shape",
                level=number,
            )
        sb, bb, ante = (int(x) for x in level)
        if sb <= 0 or bb != 2 * sb:
            raise RuleError(
                f"level {number}: the big blind must be twice the small blind",
                code="level_double",
                level=number,
            )
        if ante < 0 or ante >= bb:
            raise RuleError(
                f"level {number}: the ante must be between 0 and the big blind",
                code="level_ante",
                level=number,
            )
        if (sb, bb) < previous:
            raise RuleError(f"level {number}: the blinds must not go down", code="level_down", level=number)
        previous = (sb, bb)


@dataclass(frozen=True)
class ClockReading:
    level: int  # 0-based
    seconds_into_level: float
    seconds_left: float
    running: bool


def clock_reading(
    *,
    level: int,
    elapsed: float,
    started_at: float | None,
    paused_at: float | None,
    now: float,
    level_seconds: int,
) -> ClockReading:
    """The clock from its stored state, the same in every process.

    `level` is the level the clock was set to; `elapsed` the seconds played since then before
    `started_at` (the last start or resume, None before the first start); `paused_at` is set while
    paused. Times are POSIX seconds.
    """
    played = elapsed
    running = started_at is not None and paused_at is None
    if started_at is not None:
        played += max(0.0, (paused_at if paused_at is not None else now) - started_at)
    passed, into = divmod(played, level_seconds)
    return ClockReading(
        level=level + int(passed),
        seconds_into_level=into,
        seconds_left=level_seconds - into,
        running=running,
    )


# --- Seating draw -----------------------------------------------------------------------------


def table_sizes(players: int, max_per_table: int = MAX_PER_TABLE) -> list[int]:
    """The fewest tables that keep every table at `max_per_table` or fewer, sizes within one.

    20 players: [7, 7, 6].
    """
    if players < 1:
        return []
    tables = math.ceil(players / max_per_table)
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def seating_draw(
    players: Sequence[P], *, rng: secrets.SystemRandom | None = None, max_per_table: int = MAX_PER_TABLE
) -> list[list[P]]:
    """Players drawn at random onto balanced tables; table i's list is seats 1, 2, ... in order."""
    rng = rng or secrets.SystemRandom()
    shuffled = list(players)
    rng.shuffle(shuffled)
    tables: list[list[P]] = []
    start = 0
    for size in table_sizes(len(shuffled), max_per_table):
        tables.append(shuffled[start : start + size])
        start += size
    return tables


# --- Round 1: the cut ----------------------------------------------------------------------------


def round1_table_qualifies_all(size: int) -> bool:
    """A table that starts with 3 or fewer players qualifies all of them."""
    return size <= QUALIFIERS_PER_TABLE


def round1_busts(
    *, players_left: int, busted: Sequence[tuple[P, int | None]], keep: int = QUALIFIERS_PER_TABLE
) -> tuple[list[P], list[P]]:
    """Who of the players out in one hand is really out, and who still qualifies.

    `players_left` counts the players at the table before the hand's knock-outs. The table stops at
    `keep`: when the hand would leave fewer, the busted players with the biggest stacks at the start
    of the hand qualify, and equal stacks at the cut all qualify (decision). Returns (out, saved).
    """
    room = players_left - keep  # how many can still go out at this table
    if room <= 0:
        return [], [p for p, _ in busted]
    if len(busted) <= room:
        return [p for p, _ in busted], []
    ordered = sorted(busted, key=lambda b: b[1] or 0)  # smallest stack first: he goes out first
    out = ordered[:room]
    cut_stack = out[-1][1] or 0
    if (ordered[room][1] or 0) == cut_stack:
        out = [b for b in out if (b[1] or 0) != cut_stack]  # a tie at the cut: all of them qualify
    out_players = [p for p, _ in out]
    return out_players, [p for p, _ in busted if p not in out_players]


# --- Points ----------------------------------------------------------------------------------------


def validate_points_scale(scale: Sequence[int], unplaced: int) -> None:
    """Points never increase down the places, and nobody ranked gets less than the unplaced."""
    if not scale:
        raise RuleError("the points scale needs at least the winner's points")
    values = [int(x) for x in scale]
    if any(v < 0 for v in values) or unplaced < 0:
        raise RuleError("points cannot be negative")
    for higher, lower in pairwise(values):
        if lower > higher:
            raise RuleError("the points scale must not increase from one place to the next")
    if unplaced > values[-1]:
        raise RuleError("the unplaced players cannot get more points than the last ranked place")


def points_for_place(place: int, scale: Sequence[int], unplaced: int) -> int:
    """Points for a round-2 place (1 is the winner): the scale, then the unplaced points."""
    return int(scale[place - 1]) if place <= len(scale) else unplaced


def shared_points(places: Iterable[int], scale: Sequence[int], unplaced: int) -> int:
    """Players sharing places get the average of those places' points, rounded up."""
    values = [points_for_place(p, scale, unplaced) for p in places]
    return -(-sum(values) // len(values))


@dataclass(frozen=True)
class Placing:
    player: Hashable
    place: int
    points: int


@dataclass
class _Group:
    players: list[tuple[Hashable, int | None]] = field(default_factory=list)


def round2_placings(
    *,
    players: int,
    eliminations: Sequence[Sequence[tuple[P, int | None]]],
    winner: P,
    scale: Sequence[int],
    unplaced: int,
) -> list[Placing]:
    """Places and points of round 2 from the elimination order.

    `eliminations` lists the hands in the order they were played, each with the players knocked out
    in it and their stacks at the start of that hand. The first out places last. In one hand the
    bigger starting stack places higher; exactly equal stacks share the places they cover, each with
    the average of their points rounded up, and the best of those places.
    """
    placings = [
        Placing(player, places[0], shared_points(places, scale, unplaced))
        for player, places in elimination_places(players=players, eliminations=eliminations)
    ]
    if players - len(placings) != 1:
        raise RuleError("round 2 ends with exactly one player left")
    placings.append(Placing(winner, 1, points_for_place(1, scale, unplaced)))
    return sorted(placings, key=lambda p: p.place)


def elimination_places(
    *, players: int, eliminations: Sequence[Sequence[tuple[P, int | None]]]
) -> list[tuple[P, range]]:
    """The places round 2's knock-outs gave so far, in the order they were played: each player
    with the places he covers (one, or several shared on a tie; the best is his place)."""
    given: list[tuple[P, range]] = []
    remaining = players
    for hand in eliminations:
        # Highest stack first: he takes the best of the places this hand covers.
        ordered = sorted(hand, key=lambda b: -(b[1] or 0))
        best_place = remaining - len(ordered) + 1
        index = 0
        while index < len(ordered):
            stack = ordered[index][1] or 0
            tied = [b for b in ordered[index:] if (b[1] or 0) == stack]
            places = range(best_place + index, best_place + index + len(tied))
            given.extend((player, places) for player, _ in tied)
            index += len(tied)
        remaining -= len(ordered)
    return given


# --- Round 2: balancing and merging ----------------------------------------------------------------


def rebalance(
    tables: dict[int, dict[int, P]],
    *,
    rng: secrets.SystemRandom | None = None,
    max_per_table: int = MAX_PER_TABLE,
) -> tuple[list[Move], list[int]]:
    """The moves that balance round 2 after knock-outs (``poker.engine.balance``, where the
    Verify page's checker finds the same rule): the session draws them from its seed."""
    return balance.rebalance(tables, rng=rng or secrets.SystemRandom(), max_per_table=max_per_table)


# --- Standings ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SessionResult:
    session: int  # the session's order in the season (1, 2, ...)
    place: int | None  # None: out in round 1
    points: int


def standings_key(results: Sequence[SessionResult], session_order: Sequence[int], depth: int) -> tuple:
    """Sort key (smaller is better) for the season standings, by the tie-breaks of docs/rules.md,
    "Tournament structure".

    Most points; then most wins, then most 2nd places, and so on down the places; then the better
    result in the most recent session (then the one before, ...). `session_order` lists the season's
    sessions, most recent first; `depth` is the lowest place anybody holds (keys compare alike).
    """
    total = sum(r.points for r in results)
    by_place = [0] * depth
    for r in results:
        if r.place and r.place <= depth:
            by_place[r.place - 1] += 1
    by_session = {r.session: r for r in results}
    recent = []
    for session in session_order:
        r = by_session.get(session)
        # not played < out in round 1 < any place; a better place is a smaller number
        recent.append((2, 0) if r is None else (1, 0) if r.place is None else (0, r.place))
    return (-total, tuple(-n for n in by_place), tuple(recent))


# --- Money ------------------------------------------------------------------------------------------


def fee_totals(fees: Iterable[tuple[Decimal, bool]]) -> tuple[Decimal, Decimal, Decimal]:
    """(expected, paid, unpaid) from (amount, paid) pairs."""
    expected = paid = Decimal("0")
    for amount, is_paid in fees:
        expected += amount
        if is_paid:
            paid += amount
    return expected, paid, expected - paid


# --- Calendar ---------------------------------------------------------------------------------------


def session_dates(first: date, count: int, months_apart: int = 2) -> list[date]:
    """The proposed dates of a season's sessions: one every two months from the first, on the same
    day of the month (the last day of a shorter month)."""
    dates = []
    for i in range(count):
        month0 = first.month - 1 + i * months_apart
        year, month = first.year + month0 // 12, month0 % 12 + 1
        dates.append(date(year, month, min(first.day, calendar.monthrange(year, month)[1])))
    return dates
