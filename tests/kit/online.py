"""An online session arranged for a test, and played: a season with its first session online,
entrants with accounts and their fees paid, the round's tables once it starts, and bots that play
them to an end with no chip created or lost.

    evening = online_session(4)
    run.session_start(session=evening.session, by=None)
    (table,) = round_tables(evening.session, 1)

Tests that play ask for the ``fast_tables`` fixture (tests/conftest.py), which calls
``play_fast``; a script arranging a scenario inside a server's shell calls ``play_fast`` itself.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import NamedTuple

from django.utils import timezone

from championship.models import GameTable, Member, Registration, Season, Session, TableMove
from championship.models import Seat as ChampionshipSeat
from championship.services import online
from championship.services.registrations import fee_record, registration_create
from poker.models import Seat as PokerSeat
from poker.models import Table
from poker.tables import cache as poker_cache
from poker.tables.clock import fire_due_deadlines
from tests.factories import MemberFactory, UserFactory, season_with_session
from tests.poker.helpers import chips_on_table

# A blind level where stacks of 5000 go quickly (750/1500, ante 150): bots end a round in seconds.
FAST_LEVEL = 11


def play_fast(settings) -> None:
    """No pause between hands nor before the cards are shown, bots that answer at once, deadlines
    fired by the test rather than by a loop, and a cheap password hash for the many accounts.
    ``settings``: pytest-django's fixture, or django.conf.settings in a script."""
    settings.POKER_PAUSE_MS = 0
    settings.POKER_REVEAL_MS = 0
    settings.POKER_BOT_MS = 0
    settings.POKER_DEADLINE_LOOP = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class Evening(NamedTuple):
    season: Season
    session: Session
    users: list  # the entrants' accounts, in the order they registered


def online_session(
    players: int = 0, *, ready_seconds: int | None = None, tonight: bool = False, **season_settings
) -> Evening:
    """A season's first session, played online, with ``players`` entrants registered and paid:
    accounts ``p0``, ``p1``... whose members are nicknamed ``P0``, ``P1``... ``ready_seconds``:
    the get-ready countdown before a round's first hand (the session's default if None).
    ``tonight``: the season starts today and the session is now, as the home page and the
    evening's notices expect. ``season_settings``: the season's name and settings."""
    if tonight:
        season_settings.setdefault("starts_on", date.today())
    season, session = season_with_session(players=0, **season_settings)
    go_online(session, ready_seconds=ready_seconds, at=timezone.now() if tonight else None)
    users = [UserFactory(username=f"p{i}") for i in range(players)]
    for user in users:
        register_paid(session, user)
    return Evening(season, session, users)


def go_online(session: Session, *, ready_seconds: int | None = None, at: datetime | None = None) -> None:
    """The session is played at the app's tables (not a live session whose knock-outs are typed);
    ``at``: when it is scheduled, if not the season's proposed date."""
    fields: dict[str, object] = {"mode": Session.Mode.ONLINE}
    if ready_seconds is not None:
        fields["ready_seconds"] = ready_seconds
    if at is not None:
        fields["scheduled_at"] = at
    Session.objects.filter(pk=session.pk).update(**fields)
    session.refresh_from_db()


def register_paid(session: Session, user, *, nickname: str | None = None) -> Registration:
    """The account's member registered, his fee paid. A member is made for an account without
    one, nicknamed ``nickname`` (the account's name, capitalised, if None)."""
    member = Member.objects.filter(user=user).first() or MemberFactory(
        user=user, nickname=nickname or user.username.capitalize()
    )
    registration = registration_create(session=session, member=member, by=None)
    return fee_record(registration=registration, amount=registration.fee, paid=True, method="cash")


def round_tables(session: Session, round_number: int) -> list[Table]:
    """The round's poker tables, by table number."""
    return [
        g.poker_table
        for g in GameTable.objects.filter(session=session, round_number=round_number)
        .select_related("poker_table")
        .order_by("number")
    ]


def seated(table: Table) -> set[int]:
    """The users seated at a poker table."""
    return set(PokerSeat.objects.filter(table=table).values_list("user_id", flat=True))


def play_until(
    session: Session,
    done: Callable[[], bool],
    *,
    chips_per_round: int,
    round_number: int,
    per_table: dict[int, int] | None = None,
) -> None:
    """Bots play every table of the round (each deadline fired at once) until ``done()``. On the
    way no chip is created or lost: ``chips_per_round`` over the round's tables, and at each poker
    table in ``per_table`` (its pk: its chips); in round 2 every player sits where the session
    says (``check_seats_agree``). A move waiting for nobody's hand is applied as the organizer's
    button does."""
    per_table = per_table or {}
    stuck = 0
    for _ in range(20000):
        if done():
            return
        if round_number == 2:
            check_seats_agree(session)
        PokerSeat.objects.filter(table__championship_table__session=session).update(is_bot=True)
        poker_cache.forget_all()  # written behind the table services' back: what they keep is stale
        tables = [t for t in round_tables(session, round_number) if t is not None]
        # Round 1 at every table, round 2 over the tables players move between.
        assert sum(chips_on_table(t) for t in tables) == chips_per_round
        for table in tables:
            if table.pk in per_table:
                assert chips_on_table(table) == per_table[table.pk]
        pending = Table.objects.filter(pk__in=[t.pk for t in tables], deadline_at__isnull=False)
        if not pending.exists():
            stuck += 1
            assert stuck < 3, _stuck_report(session, tables)
            online.moves_apply(session=session)
            continue
        stuck = 0
        pending.update(deadline_at=timezone.now() - timedelta(milliseconds=1))
        fire_due_deadlines()
    raise AssertionError("the tables did not finish")


def check_seats_agree(session: Session) -> None:
    """Every player still in round 2 sits at the poker table of his championship table, unless his
    move waits for the end of a hand."""
    poker_table_of = {
        g.number: g.poker_table_id for g in GameTable.objects.filter(session=session, round_number=2)
    }
    where = dict(
        PokerSeat.objects.filter(table_id__in=poker_table_of.values()).values_list("user_id", "table_id")
    )
    waiting = set(
        TableMove.objects.filter(
            session=session, applied_at__isnull=True, reverted_at__isnull=True
        ).values_list("registration_id", flat=True)
    )
    for seat in ChampionshipSeat.objects.filter(session=session, round_number=2, active=True).select_related(
        "registration__member"
    ):
        if seat.registration_id not in waiting:
            user_id = seat.registration.member.user_id
            assert where.get(user_id) == poker_table_of[seat.table], (
                seat.table,
                poker_table_of,
                list(
                    PokerSeat.objects.filter(user_id=user_id).values_list(
                        "table_id", "table__status", "stack"
                    )
                ),
                list(
                    TableMove.objects.filter(registration=seat.registration).values_list(
                        "from_table", "to_table", "applied_at", "reverted_at", "hand_key"
                    )
                ),
                list(
                    Table.objects.filter(championship_table__session=session).values_list(
                        "pk", "status", "hands_dealt"
                    )
                ),
            )


def _stuck_report(session: Session, tables: list[Table]) -> list:
    """What a test that stopped with no deadline pending prints: each table and the moves."""
    return [
        (
            t.pk,
            t.status,
            t.pause_requested,
            list(PokerSeat.objects.filter(table=t).values_list("user_id", "stack")),
        )
        for t in tables
    ] + list(
        TableMove.objects.filter(session=session).values_list(
            "registration__member__user_id", "from_table", "to_table", "to_seat", "applied_at", "reverted_at"
        )
    )
