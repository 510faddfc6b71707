"""A session being played: everything its page and its TV screen show (the tables, the draws, the
knock-outs and the places they gave, the moves, the clock, the last corrections)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from poker.models import Table

from .. import rules
from ..models import (
    AuditEntry,
    GameTable,
    KnockOut,
    Registration,
    Result,
    Seat,
    SeatingDraw,
    Session,
    SessionClock,
    TableMove,
)
from ..online_presence import online_seats
from .fees import session_registrations


@dataclass
class TableView:
    number: int
    is_open: bool
    seats: list[Seat]  # players still at this table, by seat
    poker_table_id: int | None = None  # online sessions: where it is played
    # Online: the poker table's status, and each seat's `online` (``online_presence.OnlineSeat``:
    # stack at the start of the current hand, state in one word), read from the poker table.
    poker_status: str = ""

    @property
    def size(self) -> int:
        return len(self.seats)


@dataclass
class ClockView:
    level: int  # 1-based for people
    small_blind: int
    big_blind: int
    ante: int
    seconds_left: int
    running: bool
    next_small_blind: int
    next_big_blind: int
    next_ante: int
    level_seconds: int
    waiting: bool = False  # online: the round's first hand is not dealt yet, the clock waits for it


@dataclass
class SessionBoard:
    session: Session
    round_number: int | None
    draws: list[SeatingDraw]
    tables: list[TableView]  # the current round's tables
    drawn: dict[int, list[list[Seat]]]  # round -> tables as drawn (the published draw)
    knockouts: list[KnockOut]
    moves: list[TableMove]
    results: list[Result]
    registrations: list[Registration]
    clock: ClockView | None
    players_left: int
    average_stack: int
    round1_done: bool
    audit: list[AuditEntry]

    @property
    def waiting_moves(self) -> list[TableMove]:
        return [m for m in self.moves if m.applied_at is None]

    @property
    def open_tables(self) -> list[TableView]:
        return [t for t in self.tables if t.is_open]


def clock_view(session: Session, clock: SessionClock | None) -> ClockView | None:
    if clock is None or not session.is_running:
        return None
    season = session.season
    reading = clock.reading(level_seconds=season.level_seconds)
    sb, bb, ante = rules.level_at(season.levels, reading.level)
    nsb, nbb, nante = rules.level_at(season.levels, reading.level + 1)
    return ClockView(
        level=reading.level + 1,
        small_blind=sb,
        big_blind=bb,
        ante=ante,
        seconds_left=int(reading.seconds_left),
        running=reading.running,
        next_small_blind=nsb,
        next_big_blind=nbb,
        next_ante=nante,
        level_seconds=season.level_seconds,
        waiting=clock.started_at is None and clock.paused_at is None,
    )


def _places_given(knockouts: list[KnockOut], *, players: int) -> None:
    """Marks each round-2 knock-out with the place it gave (``place``; ``shared`` on a tie of
    equal stacks), by the rule the results will follow (rules.elimination_places); a round-1
    knock-out gives no place, an undone one none either."""
    out = [k for k in knockouts if k.round_number == 2 and k.is_active]
    hands = [
        [(k, k.stack_at_hand_start) for k in group] for _key, group in groupby(out, key=lambda k: k.hand_key)
    ]
    for knockout in knockouts:
        knockout.place, knockout.shared = None, False
    for knockout, places in rules.elimination_places(players=players, eliminations=hands):
        knockout.place, knockout.shared = places[0], len(places) > 1


def session_board(session: Session) -> SessionBoard:
    """Everything the session page shows, in a fixed number of queries."""
    session = Session.objects.select_related("season").get(pk=session.pk)
    registrations = session_registrations(session)
    by_pk = {r.pk: r for r in registrations}
    seats = list(Seat.objects.filter(session=session))
    for seat in seats:
        seat.registration = by_pk[seat.registration_id]
    tables = list(GameTable.objects.filter(session=session))
    knockouts = list(KnockOut.objects.filter(session=session).order_by("sequence"))
    for knockout in knockouts:
        knockout.registration = by_pk[knockout.registration_id]
    _places_given(knockouts, players=sum(1 for s in seats if s.round_number == 2))
    moves = list(TableMove.objects.filter(session=session, reverted_at__isnull=True))
    for move in moves:
        move.registration = by_pk[move.registration_id]
    round_number = 2 if any(t.round_number == 2 for t in tables) else (1 if tables else None)
    online_seats, poker_status = _online_seats(session, tables, round_number)
    current = []
    for table in (t for t in tables if t.round_number == round_number):
        at_table = sorted(
            (s for s in seats if s.round_number == round_number and s.active and s.table == table.number),
            key=lambda s: s.seat,
        )
        for seat in at_table:
            seat.online = online_seats.get((table.poker_table_id, seat.registration.member.user_id))
        current.append(
            TableView(
                number=table.number,
                is_open=table.is_open,
                seats=at_table,
                poker_table_id=table.poker_table_id,
                poker_status=poker_status.get(table.poker_table_id, ""),
            )
        )
    drawn: dict[int, list[list[Seat]]] = {}
    for round_no in (1, 2):
        round_seats = sorted(
            (s for s in seats if s.round_number == round_no), key=lambda s: (s.drawn_table, s.drawn_seat)
        )
        if round_seats:
            count = max(s.drawn_table for s in round_seats)
            drawn[round_no] = [[s for s in round_seats if s.drawn_table == n] for n in range(1, count + 1)]
    left_seats = [s for s in seats if s.round_number == round_number and s.active]
    if round_number == 1:
        # tables that are done: their players wait for round 2
        players_left = len(left_seats)
        chips = session.season.starting_stack * len(registrations)
    elif round_number == 2:
        players_left = len(left_seats)
        qualified = sum(1 for s in seats if s.round_number == 2)
        chips = session.season.starting_stack * (
            qualified if session.season.round2_reset_stacks else len(registrations)
        )
    else:
        players_left, chips = len(registrations), session.season.starting_stack * len(registrations)
    clock = SessionClock.objects.filter(session=session).first()
    return SessionBoard(
        session=session,
        round_number=round_number,
        draws=list(SeatingDraw.objects.filter(session=session).select_related("drawn_by")),
        tables=current,
        drawn=drawn,
        knockouts=knockouts,
        moves=moves,
        results=list(session.results.select_related("member")),
        registrations=registrations,
        clock=clock_view(session, clock),
        players_left=players_left,
        average_stack=chips // players_left if players_left else 0,
        round1_done=round_number == 1 and all(not t.is_open for t in tables if t.round_number == 1),
        audit=_audit(session, registrations),
    )


def _audit(session: Session, registrations: list[Registration]) -> list[AuditEntry]:
    """The session's last corrections, each with `text`: what changed, from what to what."""
    from ..audit_text import audit_text

    names = {r.member_id: r.member.nickname for r in registrations}
    entries = list(AuditEntry.objects.filter(session=session).select_related("by")[:50])
    for entry in entries:
        entry.text = audit_text(entry, names)
    return entries


def _online_seats(session: Session, tables: list[GameTable], round_number: int | None):
    """The poker tables' seats of this round (one query each for seats and tables): stack and
    state in one word (``online_presence``), by (poker table, user)."""
    ids = [t.poker_table_id for t in tables if t.round_number == round_number and t.poker_table_id]
    if session.mode != Session.Mode.ONLINE or not ids:
        return {}, {}
    return online_seats(ids), dict(Table.objects.filter(pk__in=ids).values_list("pk", "status"))
