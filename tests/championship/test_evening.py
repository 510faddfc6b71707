"""The online evening over the websockets: the get-ready wait of a round's first hand, the round-2
draw made by itself, the per-user notices, the organizer's pause of every table."""

from datetime import timedelta

import pytest
from django.utils import timezone

from championship.models import GameTable, Session
from championship.services import sessions as run
from poker import services as poker_services
from poker.models import Hand, Table
from poker.models import Seat as PokerSeat
from tests.factories import MemberFactory, UserFactory, season_with_session
from tests.poker.helpers import fire_deadline
from tests.poker.wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    settings.POKER_PAUSE_MS = 0
    settings.POKER_REVEAL_MS = 0
    settings.POKER_BOT_MS = 0
    settings.POKER_DEADLINE_LOOP = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def online_session(players: int, *, ready_seconds: int = 120):
    from championship.services.registrations import fee_record, registration_create

    _season, session = season_with_session(players=0)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE, ready_seconds=ready_seconds)
    session.refresh_from_db()
    users = []
    for i in range(players):
        user = UserFactory(username=f"p{i}")
        registration = registration_create(session=session, member=MemberFactory(user=user), by=None)
        fee_record(registration=registration, amount="1", paid=True, method="cash")
        users.append(user)
    return session, users


def round_tables(session, round_number):
    return [
        g.poker_table
        for g in GameTable.objects.filter(session=session, round_number=round_number).order_by("number")
    ]


def seated(table):
    return set(PokerSeat.objects.filter(table=table).values_list("user_id", flat=True))


async def test_the_first_hand_waits_until_every_player_has_the_table_open():
    from channels.db import database_sync_to_async as db

    session, users = await db(online_session)(4)
    await db(run.session_start)(session=session, by=None)
    (table,) = await db(round_tables)(session, 1)
    clients = []
    try:
        for user in users[:3]:
            clients.append(await Client(table.pk, user).connect())
        view = clients[-1].view
        # No hand yet: the countdown runs and names the one still on his way.
        assert view["hand"] is None and view["get_ready"]["ms"] > 100_000
        assert view["get_ready"]["missing"] == [users[3].first_name]
        assert not await db(Hand.objects.filter(table=table).exists)()
        clients.append(await Client(table.pk, users[3]).connect())
        # (An update older than the client's snapshot brings no view: the page drops it.)
        update = await clients[0].until(lambda m: m["type"] == "update" and m["view"] and m["view"]["hand"])
        assert update["view"]["get_ready"] is None
        hand = await db(Hand.objects.get)(table=table)
        assert hand.number == 1 and len(hand.seats) == 4
        # Nobody was marked away: everybody was there.
        assert not await db(PokerSeat.objects.filter(table=table, sitting_out=True).exists)()
    finally:
        for client in clients:
            await client.close()


def test_the_first_hand_is_dealt_at_the_end_of_the_countdown_with_the_absent_dealt_in():
    session, _users = online_session(4, ready_seconds=60)
    run.session_start(session=session, by=None)
    (table,) = round_tables(session, 1)
    table.refresh_from_db()
    assert table.deadline_kind == Table.DeadlineKind.GET_READY and table.hand_id is None
    assert 59 <= (table.deadline_at - timezone.now()).total_seconds() <= 60
    fire_deadline(table)
    assert table.hand_id is not None and len(table.hand.seats) == 4  # the absent post and are dealt in


def test_a_player_moved_to_a_running_table_is_not_marked_away_before_the_countdown(players_at_table):
    table, present, moved = players_at_table
    poker_services.table_seat_player(table=table, user=moved, stack=1000, seat=3, grace_seconds=120)
    # His first decision comes and he misses it: folded (or checked), not marked away.
    _play_until_turn_of(table, moved, present)
    fire_deadline(table)
    seat = PokerSeat.objects.get(table=table, user=moved)
    assert not seat.sitting_out
    # After the countdown, today's rule: a missed decision marks him away.
    PokerSeat.objects.filter(pk=seat.pk).update(grace_until=timezone.now() - timedelta(seconds=1))
    from poker import cache

    cache.forget_all()
    _play_until_turn_of(table, moved, present)
    fire_deadline(table)
    assert PokerSeat.objects.get(table=table, user=moved).sitting_out


@pytest.fixture
def players_at_table(db):
    a, b, moved = (UserFactory(username=n) for n in ("here1", "here2", "moved"))
    table = poker_services.table_open(name="Round 2", kind=Table.Kind.TOURNAMENT, action_seconds=30)
    poker_services.table_seat_player(table=table, user=a, stack=1000, seat=1)
    poker_services.table_seat_player(table=table, user=b, stack=1000, seat=2)
    poker_services.table_start(table=table)
    return table, [a, b], moved


def _play_until_turn_of(table, user, others):
    """The others fold or check until it is ``user``'s turn (new hands dealt as needed)."""
    from tests.poker.helpers import act, actor

    for _ in range(50):
        table.refresh_from_db()
        if table.actor_seat is None:
            fire_deadline(table)
            continue
        current = actor(table)
        if current.pk == user.pk:
            return
        legal = table.legal
        act(table, current, "check" if legal["check"] else "fold")
    raise AssertionError("his turn never came")


def test_round2_is_drawn_and_opened_by_itself_when_the_last_round1_table_finishes():
    from tests.championship.test_online import _play_until

    session, _users = online_session(10)  # two tables of 5
    run.session_start(session=session, by=None)
    first, second = round_tables(session, 1)
    from championship.services import clock

    clock.clock_set_level(session=session, level=11, by=None)
    _play_until(
        session,
        lambda: Table.objects.get(pk=first.pk).status == Table.Status.FINISHED,
        chips_per_round=10 * 5000,
        round_number=1,
    )
    session.refresh_from_db()
    if Table.objects.get(pk=second.pk).status != Table.Status.FINISHED:
        assert session.status == Session.Status.ROUND1  # one table still plays: no draw yet
        assert not GameTable.objects.filter(session=session, round_number=2).exists()

    def round2_open():
        session.refresh_from_db()
        return session.status != Session.Status.ROUND1

    _play_until(session, round2_open, chips_per_round=10 * 5000, round_number=1)
    assert session.status == Session.Status.ROUND2
    qualifiers = set(
        session.seats.filter(round_number=1, active=True).values_list(
            "registration__member__user_id", flat=True
        )
    )
    round2 = round_tables(session, 2)
    assert round2 and all(t is not None for t in round2)
    assert set().union(*(seated(t) for t in round2)) == qualifiers
    # Its first hand waits for the qualifiers to open their new table.
    assert all(t.deadline_kind == Table.DeadlineKind.GET_READY and t.hand_id is None for t in round2)
