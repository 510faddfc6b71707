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
from tests.factories import UserFactory
from tests.kit.online import online_session, play_until, round_tables, seated
from tests.poker.helpers import fire_deadline
from tests.poker.wsclient import Client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


async def test_the_first_hand_waits_until_every_player_has_the_table_open():
    from channels.db import database_sync_to_async as db

    _season, session, users = await db(online_session)(4)
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
        update = await clients[0].until(lambda m: m["type"] == "update" and m["view"]["hand"])
        assert update["view"]["get_ready"] is None
        hand = await db(Hand.objects.get)(table=table)
        assert hand.number == 1 and len(hand.seats) == 4
        # Nobody was marked away: everybody was there.
        assert not await db(PokerSeat.objects.filter(table=table, sitting_out=True).exists)()
    finally:
        for client in clients:
            await client.close()


def test_the_first_hand_is_dealt_at_the_end_of_the_countdown_with_the_absent_dealt_in():
    _season, session, _users = online_session(4, ready_seconds=60)
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
    from poker.tables import cache

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
    _season, session, _users = online_session(10)  # two tables of 5
    run.session_start(session=session, by=None)
    first, second = round_tables(session, 1)
    from championship.services import clock

    clock.clock_set_level(session=session, level=11, by=None)
    play_until(
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

    play_until(session, round2_open, chips_per_round=10 * 5000, round_number=1)
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


def test_without_the_reset_round2_online_starts_from_the_round1_stacks():
    _season, session, _users = online_session(10)  # two tables of 5: each plays down to its 3 qualifiers
    session.season.round2_reset_stacks = False
    session.season.save(update_fields=["round2_reset_stacks"])
    run.session_start(session=session, by=None)
    round1 = round_tables(session, 1)

    def round2_open():
        session.refresh_from_db()
        return session.status != Session.Status.ROUND1

    play_until(session, round2_open, chips_per_round=10 * 5000, round_number=1)
    ended = dict(PokerSeat.objects.filter(table__in=round1, stack__gt=0).values_list("user_id", "stack"))
    starting = {
        user_id: stack
        for table in round_tables(session, 2)
        for user_id, stack in PokerSeat.objects.filter(table=table).values_list("user_id", "stack")
    }
    assert starting and set(ended) <= set(starting)
    assert all(starting[user_id] == stack for user_id, stack in ended.items())
    assert sorted(starting.values()) != [session.season.starting_stack] * len(starting)


# --- The per-user notices -------------------------------------------------------------------------


class Notices:
    """A page's notices socket (/ws/notices/) for one user."""

    def __init__(self, user):
        from channels.routing import URLRouter
        from channels.testing import WebsocketCommunicator

        from arf.routing import websocket_urlpatterns

        self.comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/notices/")
        self.comm.scope["user"] = user

    async def __aenter__(self):
        connected, _ = await self.comm.connect()
        assert connected
        return self

    async def __aexit__(self, *exc):
        await self.comm.disconnect()

    async def notice(self):
        import json

        return json.loads(await self.comm.receive_from(timeout=3))

    async def nothing(self):
        return await self.comm.receive_nothing(timeout=0.3)


def notice_of(user, page="/"):
    from django.test import Client

    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client.get("/championnat/ma-soiree/", {"page": page}).content.decode()


async def test_a_page_opened_before_the_start_is_told_the_players_table():
    from channels.db import database_sync_to_async as db

    _season, session, users = await db(online_session)(4)
    await db(Session.objects.filter(pk=session.pk).update)(scheduled_at=timezone.now())
    async with Notices(users[0]) as mine:
        await db(run.session_start)(session=session, by=None)
        assert await mine.notice() == {"type": "notice"}  # nothing but "look again"
    (table,) = await db(round_tables)(session, 1)
    seat = await db(PokerSeat.objects.get)(table=table, user=users[0])
    html = await db(notice_of)(users[0])
    assert f'href="/tables/{table.pk}/"' in html
    assert f"You play round 1 at table 1, seat {seat.number}." in html


def merge_into_the_final_table():
    """18 online players, round 1 recorded by the service the tables call, round 2 on two tables
    (5 and 4); returns the session, a player of the table of 4 who will move, one of the table of 5
    who stays, and the knock-out that merges the tables."""
    from championship.models import Seat as ChampionshipSeat

    _season, session, _users = online_session(18)
    run.session_start(session=session, by=None)
    for number in (1, 2, 3):
        for _ in range(3):
            seat = ChampionshipSeat.objects.filter(
                session=session, round_number=1, table=number, active=True
            ).first()
            run.knockout_record(session=session, table=number, busted=[(seat.registration, None)], by=None)
    run.round2_draw(session=session, by=None)
    seats = {
        n: list(ChampionshipSeat.objects.filter(session=session, round_number=2, table=n)) for n in (1, 2)
    }
    small, big = (1, 2) if len(seats[1]) == 4 else (2, 1)
    out, mover = seats[small][0], seats[small][1]
    stays = seats[big][0]

    def knock_out():
        run.knockout_record(session=session, table=small, busted=[(out.registration, None)], by=None)

    return session, mover.registration.member.user, stays.registration.member.user, knock_out


async def test_a_player_is_told_his_own_moves_only():
    from channels.db import database_sync_to_async as db

    _session, mover, stays, knock_out = await db(merge_into_the_final_table)()
    async with Notices(mover) as mine, Notices(stays) as theirs:
        await db(knock_out)()  # 8 left: the table of 4 breaks, its 3 players move
        assert await mine.notice() == {"type": "notice"}  # nothing but "look again"
        assert await theirs.nothing()
    final = await db(
        lambda: PokerSeat.objects.get(user=mover, table__championship_table__round_number=2).table
    )()
    assert await db(PokerSeat.objects.filter(table=final, user=stays).exists)()
    html = await db(notice_of)(mover)
    assert f'href="/tables/{final.pk}/"' in html and "round 2" in html


async def test_a_crafted_notice_over_the_socket_is_refused_and_changes_nothing():
    from channels.db import database_sync_to_async as db

    _season, session, users = await db(online_session)(4)
    async with Notices(users[0]) as mine, Notices(users[1]) as theirs:
        for text in ('{"type": "notice"}', '{"type": "seat", "table": 1}', "not json"):
            await mine.comm.send_to(text_data=text)
            error = await mine.notice()
            assert error["type"] == "error" and error["code"] == "read_only" and error["message"]
        assert await theirs.nothing()
    assert (await db(Session.objects.get)(pk=session.pk)).status == Session.Status.PLANNED
    assert not await db(Table.objects.exists)()


async def test_an_anonymous_visitor_gets_no_notices_socket():
    from channels.routing import URLRouter
    from channels.testing import WebsocketCommunicator
    from django.contrib.auth.models import AnonymousUser

    from arf.routing import websocket_urlpatterns

    comm = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/notices/")
    comm.scope["user"] = AnonymousUser()
    connected, code = await comm.connect()
    assert not connected and code == 4401


def page_of(user, path):
    from django.test import Client

    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client.get(path).content.decode()


def test_every_page_links_a_seated_player_to_his_table_but_his_table_page_itself():
    _season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    (table,) = round_tables(session, 1)
    seat = PokerSeat.objects.get(table=table, user=users[0])
    link = f'<a class="button primary small" href="/tables/{table.pk}/">Go to my table</a>'
    for path in ("/", f"/championnat/seances/{session.pk}/", "/tables/"):
        html = page_of(users[0], path)
        assert f"You play round 1 at table 1, seat {seat.number}." in html and link in html, path
    own = page_of(users[0], f"/tables/{table.pk}/")
    assert (
        'id="evening" class="evening-notice kind-seated"' in own
        and "hidden>" in own.split('id="evening"')[1][:400]
    )
    # Somebody not registered tonight sees no notice and opens no notices socket.
    stranger = UserFactory(username="stranger")
    html = page_of(stranger, "/")
    assert 'id="evening"' not in html and "evening.js" not in html


def test_a_knocked_out_player_is_told_his_round_and_place_and_the_end_gives_places_and_points():
    from championship.models import Result

    session, _mover, _stays, knock_out = merge_into_the_final_table()
    from championship.models import KnockOut

    knock_out()
    out = KnockOut.objects.get(session=session, round_number=2).registration.member.user
    html = page_of(out, "/")
    assert "You are out in round 2: place 9." in html
    assert f'href="/championnat/seances/{session.pk}/">Watch the other tables and follow the session' in html
    round1_out = KnockOut.objects.filter(session=session, round_number=1).first().registration.member.user
    assert "You are out in round 1." in page_of(round1_out, "/")
    from championship.models import Seat as ChampionshipSeat

    while ChampionshipSeat.objects.filter(session=session, round_number=2, active=True).count() > 1:
        seat = ChampionshipSeat.objects.filter(session=session, round_number=2, active=True).last()
        run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, None)], by=None)
    winner = Result.objects.get(session=session, place=1)
    html = page_of(winner.member.user, "/")
    assert (
        "Congratulations, you won the session!" in html and f"Your place: 1, {winner.points} points." in html
    )
    second = Result.objects.get(session=session, place=2)
    html = page_of(second.member.user, "/")
    assert "Congratulations" not in html and f"Your place: 2, {second.points} points." in html
    assert "You are out in round 2: place 9." not in page_of(out, "/")  # the results say it now


# --- The organizer's view of the online tables ------------------------------------------------------


async def test_the_organizer_sees_stacks_and_who_is_connected_and_pauses_every_table_at_once():
    from channels.db import database_sync_to_async as db
    from django.test import Client as HttpClient

    _season, session, users = await db(online_session)(10)  # two tables of 5
    await db(run.session_start)(session=session, by=None)
    first, second = await db(round_tables)(session, 1)
    # (A superuser: an earlier transactional test may have flushed the organizers' group.)
    organizer = await db(UserFactory)(username="organizer", is_superuser=True)
    web = HttpClient()
    await db(web.force_login)(organizer)
    web.cookies["django_language"] = "en"
    at_first = await db(seated)(first)
    here = next(u for u in users if u.pk in at_first)
    player = await Client(first.pk, here).connect()
    try:
        page = (await db(web.get)(f"/championnat/seances/{session.pk}/")).content.decode()
        # One word for each: playing, or not yet connected (issue 32: never "connected" and "away" at once).
        assert page.count(">playing</span>") == 1
        assert page.count(">not yet connected</span>") == 9
        assert page.count('<span class="stack">5000</span>') == 10
        assert "Pause every table (a break)" in page
        for table in (first, second):  # the get-ready countdowns end: both tables deal
            await db(fire_deadline)(table)
        # (Confirmed, as the organizer's dialog sends it: tests/championship/test_irreversible_actions.py)
        await db(web.post)(f"/championnat/seances/{session.pk}/horloge/pause/", {"confirm": "yes"})
        for table in (first, second):
            await db(table.refresh_from_db)()
            # Between hands: paused now; in a hand: once it is over (TDA: a break after the hand).
            assert table.status == Table.Status.PAUSED or table.pause_requested
            while table.status != Table.Status.PAUSED:
                assert await db(fire_deadline)(table)  # the absent players' time runs out
        update = await player.until(
            lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "paused"
        )
        assert update["view"]["hand"] is None or update["view"]["hand"]["over"]
        page = (await db(web.get)(f"/championnat/seances/{session.pk}/")).content.decode()
        assert "Resume every table" in page
        await db(web.post)(f"/championnat/seances/{session.pk}/horloge/resume/")
        await player.until(lambda m: m["type"] == "update" and m["view"]["table"]["status"] == "playing")
        for table in (first, second):
            await db(table.refresh_from_db)()
            assert table.status != Table.Status.PAUSED and not table.pause_requested
    finally:
        await player.close()


def test_the_notice_costs_one_query_a_page_to_a_stranger_and_three_to_a_player_tonight():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from championship.selectors import evening_for

    _season, session, users = online_session(4)
    run.session_start(session=session, by=None)
    stranger = UserFactory(username="stranger")
    with CaptureQueriesContext(connection) as queries:
        assert evening_for(stranger) is None
    assert len(queries) == 1
    with CaptureQueriesContext(connection) as queries:
        assert evening_for(users[0]).kind == "seated"
    assert len(queries) == 3
