"""A whole session played online: 20 members registered and paid, round 1 on three tables played by
bots through the real table service, round 2 with balancing, points and standings. Every registered
player ends with exactly one result, and no chip is created or lost at any table."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from championship import rules, selectors
from championship.models import GameTable, KnockOut, Registration, Result, Session, TableMove
from championship.models import Seat as ChampionshipSeat
from championship.services import clock, online
from championship.services import sessions as run
from poker.models import Seat as PokerSeat
from poker.models import Table
from poker.tables import cache as poker_cache
from poker.tables.clock import fire_due_deadlines
from tests.factories import MemberFactory, UserFactory, season_with_session
from tests.poker.helpers import chips_on_table

pytestmark = pytest.mark.django_db(transaction=True)

FAST_LEVEL = 11  # 750/1500 ante 150: the bots' stacks of 5000 go quickly


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    settings.POKER_PAUSE_MS = 0
    settings.POKER_REVEAL_MS = 0
    settings.POKER_BOT_MS = 0
    settings.POKER_DEADLINE_LOOP = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _online_session(players: int):
    season, session = season_with_session(players=0)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    session.refresh_from_db()
    from championship.services.registrations import fee_record, registration_create

    for i in range(players):
        member = MemberFactory(user=UserFactory(username=f"bot{i}"))
        registration = registration_create(session=session, member=member, by=None)
        fee_record(registration=registration, amount="1", paid=True, method="transfer")
    return season, session


def _session_tables(session, round_number):
    return [
        t.poker_table
        for t in GameTable.objects.filter(
            session=session, round_number=round_number, poker_table__isnull=False
        )
        .select_related("poker_table")
        .order_by("number")
    ]


def _check_seats_agree(session):
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


def _play_until(session, done, *, chips_per_round: int, round_number: int, per_table: dict | None = None):
    """Bots play every table of the round (deadlines fired at once) until `done()`, checking that
    the chips are conserved: over the round's tables, and at each table in `per_table`."""
    per_table = per_table or {}
    stuck = 0
    for _ in range(20000):
        if done():
            return
        if round_number == 2:
            _check_seats_agree(session)
        PokerSeat.objects.filter(table__championship_table__session=session).update(is_bot=True)
        poker_cache.forget_all()  # written behind the table services' back: what they keep is stale
        tables = _session_tables(session, round_number)
        # No chip created or lost: round 1 at every table, round 2 over the tables players move between.
        assert sum(chips_on_table(t) for t in tables) == chips_per_round
        for table in tables:
            if table.pk in per_table:
                assert chips_on_table(table) == per_table[table.pk]
        pending = Table.objects.filter(pk__in=[t.pk for t in tables], deadline_at__isnull=False)
        if not pending.exists():
            stuck += 1
            assert stuck < 3, [
                (
                    t.pk,
                    t.status,
                    t.pause_requested,
                    list(PokerSeat.objects.filter(table=t).values_list("user_id", "stack")),
                )
                for t in tables
            ] + list(
                TableMove.objects.filter(session=session).values_list(
                    "registration__member__user_id",
                    "from_table",
                    "to_table",
                    "to_seat",
                    "applied_at",
                    "reverted_at",
                )
            )
            online.moves_apply(session=session)  # what the organizer's button does
            continue
        stuck = 0
        pending.update(deadline_at=timezone.now() - timedelta(milliseconds=1))
        fire_due_deadlines()
    raise AssertionError("the tables did not finish")


def test_a_whole_session_online_with_bots():
    season, session = _online_session(20)
    run.session_start(session=session, by=None)
    round1 = _session_tables(session, 1)
    assert sorted(PokerSeat.objects.filter(table=t).count() for t in round1) == [6, 7, 7]
    assert all(t.blind_provider == f"championship:{session.pk}" and t.stop_at_players == 3 for t in round1)
    page = Client().get(reverse("session_detail", args=[session.pk])).content.decode()
    assert all(reverse("poker:table", args=[t.pk]) in page for t in round1)
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)
    per_table = {t.pk: 5000 * PokerSeat.objects.filter(table=t).count() for t in round1}
    _play_until(
        session, lambda: run.round1_done(session), chips_per_round=100000, round_number=1, per_table=per_table
    )
    assert all(t.status == Table.Status.FINISHED for t in _session_tables(session, 1))
    qualifiers = Registration.objects.filter(
        session=session, seats__round_number=1, seats__active=True
    ).count()
    # 3 a table, more when equal stacks at the cut all qualify (the bots' hands are random)
    assert qualifiers >= 9

    session.refresh_from_db()
    assert session.status == Session.Status.ROUND2  # drawn by itself when the last table finished
    round2 = _session_tables(session, 2)
    assert sorted(PokerSeat.objects.filter(table=t).count() for t in round2) == sorted(
        rules.table_sizes(qualifiers)
    )
    assert all(t.stop_at_players == 1 for t in round2)
    clock.clock_set_level(session=session, level=FAST_LEVEL, by=None)

    def finished():
        session.refresh_from_db()
        return session.status == Session.Status.FINISHED

    _play_until(session, finished, chips_per_round=5000 * qualifiers, round_number=2)

    # down to 8 merges the tables into the final table: the moves went through the table service
    assert TableMove.objects.filter(session=session, applied_at__isnull=False).exists()
    knockouts = KnockOut.objects.filter(session=session, undone_at__isnull=True)
    assert (
        knockouts.count() == 19
        and knockouts.filter(round_number=2).count() == qualifiers - 1
        and set(knockouts.values_list("source", flat=True)) == {"online"}
    )
    results = Result.objects.filter(session=session)
    assert results.count() == 20
    # places and points follow the elimination order, same-hand knock-outs by starting stack
    hands: dict[str, list] = {}
    for k in knockouts.filter(round_number=2).order_by("sequence").select_related("registration"):
        hands.setdefault(k.hand_key, []).append((k.registration.member_id, k.stack_at_hand_start))
    winner = results.get(place=1)
    expected = rules.round2_placings(
        players=qualifiers,
        eliminations=list(hands.values()),
        winner=winner.member_id,
        scale=season.points_scale,
        unplaced=20,
    )
    assert {(p.player, p.place, p.points) for p in expected} == set(
        results.filter(round_reached=2).values_list("member_id", "place", "points")
    )
    assert winner.points == 100
    assert results.filter(round_reached=1, points=0).count() == 20 - qualifiers
    run.session_close(session=session, by=None)
    table = selectors.standings(season)
    assert table.rows[0].points == 100 and table.rows[0].wins == 1


def test_the_tables_read_their_blinds_from_the_session_clock_and_pause_with_it():
    from poker.blinds import table_blinds

    _season, session = _online_session(4)
    run.session_start(session=session, by=None)
    (table,) = _session_tables(session, 1)
    assert table_blinds(table) == (10, 20, 0)
    clock.clock_set_level(session=session, level=5, by=None)
    assert table_blinds(table) == (100, 200, 20)
    clock.clock_pause(session=session, by=None)
    table.refresh_from_db()
    assert table.pause_requested or table.status == Table.Status.PAUSED
    clock.clock_resume(session=session, by=None)
    table.refresh_from_db()
    assert not table.pause_requested and table.status != Table.Status.PAUSED


def test_an_online_session_needs_an_account_for_every_entrant():
    from django.core.exceptions import ValidationError

    from championship.services.registrations import fee_record, registration_create

    _, session = _online_session(2)
    nobody = MemberFactory(nickname="Sanscompte")
    with pytest.raises(ValidationError, match="Sanscompte n’a pas encore de compte"):
        registration_create(session=session, member=nobody, by=None)  # refused at registration
    # Registered while the session was live, then switched online: the start still checks.
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.LIVE)
    late = registration_create(session=session, member=nobody, by=None)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    fee_record(registration=late, amount="1", paid=True, method="cash")
    with pytest.raises(ValidationError, match="Sanscompte"):
        run.session_start(session=session, by=None)
    session.refresh_from_db()
    assert session.status == Session.Status.PLANNED and not Table.objects.exists()
