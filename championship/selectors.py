"""Reads for the championship pages. Standings are computed from the stored results of closed
sessions (no stored totals that could drift), each in a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from itertools import groupby
from types import SimpleNamespace

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from poker import selectors as poker_selectors
from poker.models import Seat as PokerSeat
from poker.models import Table

from . import confirmations, rules
from .models import (
    AuditEntry,
    GameTable,
    KnockOut,
    Member,
    Registration,
    Result,
    Season,
    Seat,
    SeatingDraw,
    Session,
    SessionClock,
    TableMove,
)
from .online_presence import online_seats
from .services.online import provider_key


def member_list() -> QuerySet[Member]:
    return Member.objects.select_related("user")


def season_list() -> QuerySet[Season]:
    return Season.objects.all()


def season_current() -> Season | None:
    """The season whose first session is the latest one already begun, else the next one."""
    today = timezone.localdate()
    return Season.objects.filter(starts_on__lte=today).first() or Season.objects.order_by("starts_on").first()


def session_current(season: Season | None = None) -> Session | None:
    """The session being played, else the next one planned, else the last one."""
    sessions = Session.objects.select_related("season")
    if season is not None:
        sessions = sessions.filter(season=season)
    running = [Session.Status.ROUND1, Session.Status.ROUND2, Session.Status.FINISHED]
    return (
        sessions.filter(status__in=running).order_by("-started_at").first()
        or sessions.filter(status=Session.Status.PLANNED).order_by("scheduled_at").first()
        or sessions.order_by("-scheduled_at").first()
    )


# --- Standings -------------------------------------------------------------------------------------


@dataclass
class Score:
    """One player's result in one closed session, read without building model instances."""

    session_id: int
    member_id: int
    place: int | None
    points: int
    session: Session | None = None


@dataclass
class StandingRow:
    rank: int
    member: Member
    points: int
    played: int
    wins: int
    best_place: int | None
    per_session: Decimal
    by_session: dict[int, Score] = field(default_factory=dict)  # session pk -> score
    key: tuple = ()


@dataclass
class Standings:
    season: Season
    sessions: list[Session]  # closed sessions, in order
    rows: list[StandingRow]

    def cumulative(self, row: StandingRow) -> list[int]:
        total, points = 0, []
        for session in self.sessions:
            score = row.by_session.get(session.pk)
            total += score.points if score else 0
            points.append(total)
        return points


def _scores(**filters) -> list[Score]:
    rows = Result.objects.filter(**filters).values_list("session_id", "member_id", "place", "points")
    return [Score(*row) for row in rows]


def _rank(sessions: list[Session], scores: list[Score], members: dict[int, Member]) -> list[StandingRow]:
    per_member: dict[int, list[Score]] = defaultdict(list)
    for score in scores:
        per_member[score.member_id].append(score)
    order_of = {s.pk: i for i, s in enumerate(sessions, start=1)}
    recent_first = list(range(len(sessions), 0, -1))
    depth = max((r.place for r in scores if r.place), default=0)
    rows = []
    for member_id, member_scores in per_member.items():
        played = len(member_scores)
        points = sum(r.points for r in member_scores)
        places = [r.place for r in member_scores if r.place]
        key = rules.standings_key(
            [rules.SessionResult(order_of[r.session_id], r.place, r.points) for r in member_scores],
            recent_first,
            depth,
        )
        rows.append(
            StandingRow(
                rank=0,
                member=members[member_id],
                points=points,
                played=played,
                wins=places.count(1),
                best_place=min(places) if places else None,
                per_session=(Decimal(points) / played).quantize(Decimal("0.1")),
                by_session={r.session_id: r for r in member_scores},
                key=key,
            )
        )
    rows.sort(key=lambda r: (r.key, r.member.nickname.lower()))
    for index, row in enumerate(rows):
        same = index and rows[index - 1].key == row.key
        row.rank = rows[index - 1].rank if same else index + 1
    return rows


def standings(season: Season) -> Standings:
    """The season's leaderboard from its closed sessions: 3 queries."""
    sessions = list(season.sessions.filter(status=Session.Status.CLOSED).order_by("scheduled_at", "number"))
    scores = _scores(session__in=[s.pk for s in sessions])
    members = Member.objects.only("nickname", "full_name", "user_id").in_bulk({s.member_id for s in scores})
    return Standings(season=season, sessions=sessions, rows=_rank(sessions, scores, members))


@dataclass
class SeasonRecord:
    season: Season
    rank: int | None
    players: int
    points: int
    results: list[Score]


def season_poker_tables(season: Season) -> list[Table]:
    """Every poker table the season's online sessions opened (a round-2 table that a new one
    replaced too: they all take their blinds from their session, ``provider_key``)."""
    sessions = Session.objects.filter(season=season).only("pk")
    return poker_selectors.tables_of_providers(provider_key(s) for s in sessions)


def player_history(member: Member) -> list[SeasonRecord]:
    """Each season the member played, newest first, with his rank and results: 2 queries."""
    sessions = {
        s.pk: s
        for s in Session.objects.filter(
            status=Session.Status.CLOSED,
            season__in=Session.objects.filter(results__member=member).values("season"),
        )
        .select_related("season")
        .order_by("scheduled_at", "number")
    }
    scores = _scores(session__in=list(sessions))
    by_season: dict[int, list[Score]] = defaultdict(list)
    for score in scores:
        score.session = sessions[score.session_id]
        by_season[score.session.season_id].append(score)
    records = []
    for season_scores in by_season.values():
        season = season_scores[0].session.season
        season_sessions = [s for s in sessions.values() if s.season_id == season.pk]
        # Only this member's row needs his real name: the others are ranked by their keys.
        names = {pk: SimpleNamespace(pk=pk, nickname="") for pk in {s.member_id for s in season_scores}}
        names[member.pk] = member
        rows = _rank(season_sessions, season_scores, names)
        mine = next(row for row in rows if row.member.pk == member.pk)
        records.append(
            SeasonRecord(
                season=season,
                rank=mine.rank,
                players=len(rows),
                points=mine.points,
                results=[r for r in season_scores if r.member_id == member.pk],
            )
        )
    records.sort(key=lambda r: r.season.starts_on, reverse=True)
    return records


@dataclass
class SelfRegistration:
    """What the logged-in member may do about his own registration to a session."""

    session: Session
    member: Member
    registration: Registration | None

    @property
    def is_open(self) -> bool:
        return self.session.is_open_for_registration

    @property
    def can_register(self) -> bool:
        return self.is_open and self.registration is None and self.member.eligible

    @property
    def can_withdraw(self) -> bool:
        return self.is_open and self.registration is not None

    @property
    def withdraw_question(self):
        """A paid registration asks before it goes (championship.confirmations)."""
        if self.registration is None or not self.registration.paid:
            return None
        return confirmations.registration_withdraw(self.registration, self.session)


def self_registration(session: Session | None, user) -> SelfRegistration | None:
    """None unless the user is a member of the family (an account linked to a member record)."""
    if session is None or not user.is_authenticated:
        return None
    member = Member.objects.filter(user=user).first()
    if member is None:
        return None
    registration = Registration.objects.filter(session=session, member=member).first()
    return SelfRegistration(session=session, member=member, registration=registration)


# --- Fees ------------------------------------------------------------------------------------------


@dataclass
class FeeTotals:
    entrants: int
    paid_count: int
    expected: Decimal
    paid: Decimal
    unpaid: Decimal
    cash: Decimal
    transfer: Decimal


def _fee_totals(registrations: list[Registration]) -> FeeTotals:
    expected, paid, unpaid = rules.fee_totals((r.fee, r.paid) for r in registrations)
    by_method = defaultdict(Decimal)
    for r in registrations:
        if r.paid:
            by_method[r.method] += r.fee
    return FeeTotals(
        entrants=len(registrations),
        paid_count=sum(1 for r in registrations if r.paid),
        expected=expected,
        paid=paid,
        unpaid=unpaid,
        cash=by_method[Registration.Method.CASH],
        transfer=by_method[Registration.Method.TRANSFER],
    )


def session_registrations(session: Session) -> list[Registration]:
    return list(session.registrations.select_related("member", "received_by", "unpaid_override_by"))


def session_fee_totals(session: Session, registrations: list[Registration] | None = None) -> FeeTotals:
    return _fee_totals(registrations if registrations is not None else session_registrations(session))


def season_fees(season: Season) -> tuple[list[tuple[Session, FeeTotals]], FeeTotals]:
    """Fee totals per session and for the season: 2 queries."""
    sessions = list(season.sessions.all())
    registrations = list(Registration.objects.filter(session__season=season))
    by_session = defaultdict(list)
    for registration in registrations:
        by_session[registration.session_id].append(registration)
    return [(s, _fee_totals(by_session[s.pk])) for s in sessions], _fee_totals(registrations)


# --- A session being played -----------------------------------------------------------------------


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
    from .audit_text import audit_text

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


# --- The online evening: where a player is now ------------------------------------------------------


@dataclass(frozen=True)
class Evening:
    """What a player of an online session is told on every page (templates/partials/evening.html).

    ``kind``: "soon" (registered, the session has not started: only the notices' socket is opened),
    "seated" (at ``table_id``), "waiting" (qualified, his next table is not drawn or open yet),
    "out" (knocked out in ``round_number``, ``place`` when round 2 gives one), "done" (the session
    has its winner: his ``place`` and ``points``)."""

    session: Session
    kind: str
    round_number: int | None = None
    table_id: int | None = None
    table_number: int | None = None
    seat: int | None = None
    place: int | None = None
    points: int | None = None

    @property
    def table_url(self) -> str | None:
        return reverse("poker:table", args=[self.table_id]) if self.table_id else None


EVENING_SOON = timedelta(hours=12)  # a session starting within this: pages listen for its draw


def evening_for(user) -> Evening | None:
    """The online session ``user`` plays tonight and where he is in it (two or three queries)."""
    if not user.is_authenticated:
        return None
    registration = (
        Registration.objects.filter(
            member__user=user,
            session__mode=Session.Mode.ONLINE,
            session__status__in=[
                Session.Status.PLANNED,
                Session.Status.ROUND1,
                Session.Status.ROUND2,
                Session.Status.FINISHED,
            ],
        )
        .select_related("session")
        .order_by("-session__scheduled_at")
        .first()
    )
    if registration is None:
        return None
    session = registration.session
    if session.status == Session.Status.PLANNED:
        if session.scheduled_at > timezone.now() + EVENING_SOON:
            return None
        return Evening(session, "soon")
    if session.status == Session.Status.FINISHED:
        result = Result.objects.filter(session=session, member_id=registration.member_id).first()
        if result is None or result.place is None:
            return Evening(session, "out", round_number=1)
        return Evening(session, "done", round_number=2, place=result.place, points=result.points)
    knockout = (
        KnockOut.objects.filter(session=session, registration=registration, undone_at__isnull=True)
        .order_by("-round_number")
        .first()
    )
    if knockout is not None:
        place = _round2_place(session, knockout) if knockout.round_number == 2 else None
        return Evening(session, "out", round_number=knockout.round_number, place=place)
    seat = (
        PokerSeat.objects.filter(
            user=user,
            table__blind_provider=provider_key(session),
            table__championship_table__round_number=session.round_number,
        )
        .exclude(table__status=Table.Status.FINISHED)
        .select_related("table__championship_table")
        .order_by("-table_id")
        .first()
    )
    if seat is not None:
        game_table = getattr(seat.table, "championship_table", None)
        return Evening(
            session,
            "seated",
            round_number=game_table.round_number if game_table else session.round_number,
            table_id=seat.table_id,
            table_number=game_table.number if game_table else None,
            seat=seat.number,
        )
    return Evening(session, "waiting", round_number=session.round_number)


def _round2_place(session: Session, knockout: KnockOut) -> int:
    """His place as the knock-outs give it (the results written at the end say the same): after
    the players still in and those out in his hand with a bigger stack at its start; equal stacks
    share the best place (README)."""
    players = Seat.objects.filter(session=session, round_number=2).count()
    hand = list(KnockOut.objects.filter(session=session, hand_key=knockout.hand_key, undone_at__isnull=True))
    first = min(k.sequence for k in hand)
    earlier = KnockOut.objects.filter(
        session=session, round_number=2, undone_at__isnull=True, sequence__lt=first
    ).count()
    bigger = sum(1 for k in hand if (k.stack_at_hand_start or 0) > (knockout.stack_at_hand_start or 0))
    return players - earlier - len(hand) + 1 + bigger
