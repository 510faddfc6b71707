"""The table websocket: joining, acting, errors to the sender only, timers and reconnection."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from arf.asgi import application as full_application
from poker import services
from poker.models import Seat, Table
from poker.tables import clock
from tests.factories import UserFactory

from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


async def clients(table, *users):
    return [await Client(table.pk, user).connect() for user in users]


def actor_of(view, users):
    seat = view["actor"]
    return next(
        u for u in users if any(s.get("user_id") == u.pk and s["number"] == seat for s in view["seats"])
    )


async def test_a_player_joining_gets_a_snapshot_with_his_own_cards_only(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    h, v, spectator = await clients(table, hery, voahangy, tiana)
    try:
        for client, user in ((h, hery), (v, voahangy)):
            snapshot = client.messages[0]
            assert snapshot["type"] == "snapshot" and snapshot["seq"] == table.seq
            mine = next(s for s in snapshot["view"]["seats"] if s.get("user_id") == user.pk)
            others = [s for s in snapshot["view"]["seats"] if s.get("user_id") not in (None, user.pk)]
            assert len(mine["cards"]) == 2
            assert all(not s.get("cards") for s in others)
            assert snapshot["view"]["me"]["seat"] == mine["number"]
        assert all(not s.get("cards") for s in spectator.messages[0]["view"]["seats"])
        assert spectator.messages[0]["view"]["me"]["seat"] is None
        assert "deck" not in "".join(c.raw[0] for c in (h, v, spectator))
    finally:
        for c in (h, v, spectator):
            await c.close()


async def test_an_action_reaches_every_viewer_with_the_next_seq(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    h, v, spectator = await clients(table, hery, voahangy, tiana)
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        seq = first.view["seq"]
        await first.act("call")
        for client in (h, v, spectator):
            update = await client.until(lambda m: m["type"] == "update")
            assert update["prev"] == seq and update["seq"] > seq
            assert update["view"]["log"][-1]["type"] == "call"
    finally:
        for c in (h, v, spectator):
            await c.close()


async def test_a_double_click_is_applied_once_and_the_second_is_refused(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        await first.act("call")
        await first.act("call")
        error = await first.error()
        assert error["code"] in ("stale", "not_your_turn")
        await first.drain(0.3)
        calls = [
            m for m in first.messages if m["type"] == "update" and m["view"]["log"][-1]["type"] == "call"
        ]
        assert len(calls) == 1
    finally:
        await h.close()
        await v.close()


BAD_MESSAGES = [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"type": "dance"}', "unknown_type"),
    ('{"type": "act", "action": "raise", "amount": "lots", "hand": 1, "seq": 1}', "bad_amount"),
    ('{"type": "act", "action": "raise", "amount": 12.5, "hand": 1, "seq": 1}', "bad_amount"),
    ('{"type": "act", "action": "raise", "amount": -100, "hand": 1, "seq": 1}', "bad_amount"),
    ('{"type": "act", "action": "shove", "hand": 1, "seq": 1}', "unknown_action"),
    ('{"type": "act", "action": "call"}', "malformed"),
]


@pytest.mark.parametrize(("text", "code"), BAD_MESSAGES)
async def test_bad_input_gets_an_error_to_the_sender_only_and_the_connection_stays(
    table_with_two, text, code
):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        await h.send(text)
        error = await h.error()
        assert error["code"] == code and error["message"]
        assert await v.quiet(timeout=0.1)
        await h.send({"type": "snapshot"})
        assert (await h.next())["type"] == "snapshot"
    finally:
        await h.close()
        await v.close()


@pytest.mark.parametrize(
    ("amount", "code"),
    [(50_000, "amount_too_high"), (25, "amount_too_low")],
)
async def test_an_amount_above_the_stack_or_below_the_minimum_is_refused(table_with_two, amount, code):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        await first.act("raise", amount)
        assert (await first.error())["code"] == code
        stored = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        assert stored.seq == table.seq
    finally:
        await h.close()
        await v.close()


async def test_acting_out_of_turn_or_for_another_seat_is_refused(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        waiting = {hery.pk: v, voahangy.pk: h}[actor_of(h.view, [hery, voahangy]).pk]
        await waiting.act("fold")
        assert (await waiting.error())["code"] == "not_your_turn"
        # Naming the other player's seat changes nothing: a connection acts for its own user only.
        await waiting.act("fold", seat=h.view["actor"])
        assert (await waiting.error())["code"] == "not_your_turn"
    finally:
        await h.close()
        await v.close()


async def test_a_spectator_cannot_act(table_with_two):
    table, _hery, _voahangy, tiana = table_with_two
    (spectator,) = await clients(table, tiana)
    try:
        await spectator.send({"type": "act", "action": "fold", "hand": table.hand_id, "seq": table.seq})
        assert (await spectator.error())["code"] == "not_seated"
    finally:
        await spectator.close()


async def test_an_anonymous_connection_is_told_to_log_in_and_cannot_act(table_with_two):
    table, *_ = table_with_two
    anonymous = Client(table.pk, AnonymousUser())
    try:
        await anonymous.connect()
        assert anonymous.messages[0]["code"] == "login_required"
        await anonymous.send({"type": "act", "action": "fold", "hand": table.hand_id, "seq": table.seq})
        assert (await anonymous.error())["code"] == "login_required"
        assert all(m["type"] == "error" for m in anonymous.messages)
    finally:
        await anonymous.close()


async def test_a_connection_from_a_foreign_origin_is_refused(table_with_two):
    table, hery, *_ = table_with_two
    cookie = await database_sync_to_async(_session_cookie)(hery)
    foreign = Client(
        table.pk, app=full_application, headers=[(b"origin", b"https://evil.example"), cookie]
    ).comm
    connected, _ = await foreign.connect()
    assert not connected
    # The same cookie from the site's own page: the full stack knows the player.
    own = Client(table.pk, app=full_application, headers=[(b"origin", b"http://localhost"), cookie])
    own.comm.scope.pop("user")
    await own.connect()
    try:
        assert own.messages[0]["type"] == "snapshot" and own.view["me"]["seat"] == 1
    finally:
        await own.close()


def _session_cookie(user) -> tuple[bytes, bytes]:
    from django.test import Client as HttpClient

    http = HttpClient()
    http.force_login(user)
    return (b"cookie", f"sessionid={http.cookies['sessionid'].value}".encode())


async def test_an_unknown_table_is_refused(db):
    user = await database_sync_to_async(UserFactory)(username="lost")
    comm = Client(999_999, user).comm
    connected, _ = await comm.connect()
    assert not connected


async def test_a_flood_is_rate_limited_without_slowing_the_others(table_with_two):
    table, hery, voahangy, tiana = table_with_two
    h, v, spectator = await clients(table, hery, voahangy, tiana)
    try:
        for _ in range(300):
            await spectator.send({"type": "snapshot"})
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        loop = asyncio.get_running_loop()
        start = loop.time()
        await first.act("call")
        await h.until(lambda m: m["type"] == "update")
        assert loop.time() - start < 1.0
        # His flood is answered in order: read up to its refusal, however slow the machine, then the rest.
        await spectator.error(timeout=15)
        await spectator.drain()
        snapshots = [m for m in spectator.messages if m["type"] == "snapshot"]
        errors = [m for m in spectator.messages if m["type"] == "error"]
        assert len(snapshots) < 30 and errors and errors[0]["code"] == "too_fast"
    finally:
        for c in (h, v, spectator):
            await c.close()


async def test_reconnecting_gives_the_same_seat_his_cards_and_the_time_left(table_with_two):
    table, hery, _voahangy, _ = table_with_two
    (h,) = await clients(table, hery)
    first_view = h.view
    await h.close()
    (again,) = await clients(table, hery)
    try:
        view = again.view
        mine = lambda v: next(s for s in v["seats"] if s.get("user_id") == hery.pk)  # noqa: E731
        assert view["me"]["seat"] == first_view["me"]["seat"]
        assert mine(view)["cards"] == mine(first_view)["cards"]
        assert 0 < view["deadline_ms"] <= 30_000
    finally:
        await again.close()


async def test_a_client_that_missed_updates_gets_a_fresh_snapshot(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        await first.act("call")
        await v.until(lambda m: m["type"] == "update")
        await v.drain(0.1)
        drawn = dict(v.view)
        await v.send({"type": "snapshot"})
        snapshot = await v.until(lambda m: m["type"] == "snapshot")
        # The public update with the player's own part laid over it equals a fresh snapshot (but
        # for the clock).
        for view in (drawn, snapshot["view"]):
            view.pop("deadline_ms")
        assert snapshot["view"] == drawn
    finally:
        await h.close()
        await v.close()


async def test_the_action_timer_folds_a_player_who_does_not_answer(table_with_two, settings):
    table, hery, voahangy, _ = table_with_two
    settings.POKER_DEADLINE_POLL_MS = 20
    await database_sync_to_async(Table.objects.filter(pk=table.pk).update)(action_seconds=1)
    h, v = await clients(table, hery, voahangy)
    stop = asyncio.Event()
    loop_task = asyncio.ensure_future(clock.run_deadlines(stop))
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        await first.act("call")  # the big blind now has 1 s (the timer restarts)
        await h.until(lambda m: m["type"] == "update")
        late = actor_of(h.view, [hery, voahangy]) if h.view["actor"] else None
        assert late is not None and late != first.user
        update = await h.until(
            lambda m: m["type"] == "update" and m["view"]["log"][-1]["type"] in ("check", "fold")
        )
        assert update["view"]["log"][-1]["name"] == late.first_name
        seat = await database_sync_to_async(Seat.objects.get)(table=table, user=late)
        assert seat.sitting_out
    finally:
        stop.set()
        await loop_task
        await h.close()
        await v.close()


async def test_chat_is_escaped_text_rate_limited_and_can_be_turned_off(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        await h.send({"type": "chat", "text": "<script>alert(1)</script> bien joué"})
        chat = await v.until(lambda m: m["type"] == "chat")
        assert chat["text"] == "<script>alert(1)</script> bien joué"  # text: the page sets textContent
        assert chat["name"] == "Hery"
        await h.send({"type": "chat", "text": "encore"})
        assert (await h.error())["code"] == "too_fast"
        await database_sync_to_async(services.table_set_chat)(table=table, enabled=False)
        await asyncio.sleep(1.05)
        await h.send({"type": "chat", "text": "silence ?"})
        assert (await h.error())["code"] == "chat_off"
    finally:
        await h.close()
        await v.close()


@pytest.fixture
def open_table(db):
    users = [UserFactory(username=n) for n in ("hery", "voahangy", "tiana")]
    table = services.table_open(name="Ouverte", kind=Table.Kind.CASH, starting_stack=1500)
    return table, users


async def test_players_sit_down_from_the_page_and_the_first_hand_starts(open_table):
    table, (hery, voahangy, _) = open_table
    h, v = await clients(table, hery, voahangy)
    try:
        assert h.view["table"]["status"] == "waiting" and h.view["me"]["seat"] is None
        await h.send({"type": "sit", "seat": 3})
        await h.until(lambda m: m["type"] == "update" and h.view["me"]["seat"] == 3)
        await v.send({"type": "sit", "seat": 3})
        assert (await v.error())["code"] == "seat_taken"
        await v.send({"type": "sit"})
        update = await v.until(lambda m: m["type"] == "update" and m["view"]["hand"] is not None)
        assert update["view"]["table"]["status"] == "playing"
        assert next(s for s in update["view"]["seats"] if s["number"] == 3)["stack"] <= 1500
    finally:
        await h.close()
        await v.close()


async def test_a_player_sits_out_is_folded_at_once_and_comes_back(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        away = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        await away.send({"type": "sit_out"})
        await away.until(
            lambda m: m["type"] == "update" and any(e["type"] == "fold" for e in m["view"]["log"])
        )
        assert away.view["me"]["sitting_out"]
        await away.send({"type": "sit_in"})
        await away.until(lambda m: m["type"] == "update" and not away.view["me"]["sitting_out"])
        assert away.view["me"]["seat"] is not None
    finally:
        await h.close()
        await v.close()


async def test_a_pre_action_answers_for_the_player_when_his_turn_comes(table_with_two):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        first = {hery.pk: h, voahangy.pk: v}[actor_of(h.view, [hery, voahangy]).pk]
        waiting = v if first is h else h
        await waiting.send({"type": "pre_action", "value": "check_fold"})
        await waiting.until(lambda m: waiting.view["me"]["pre_action"] == "check_fold")
        await first.act("call")
        # The big blind's check/fold checks at once: the flop comes without him clicking.
        update = await first.until(lambda m: m["type"] == "update" and m["view"]["hand"]["board"])
        assert any(e["type"] == "check" for e in update["view"]["log"])
        await waiting.send({"type": "pre_action", "value": "sometimes"})
        assert (await waiting.error())["code"] == "bad_pre_action"
    finally:
        await h.close()
        await v.close()


async def test_leaving_an_open_table_between_hands_frees_the_seat(open_table):
    table, (hery, *_) = open_table
    (h,) = await clients(table, hery)
    try:
        await h.send({"type": "sit"})
        await h.until(lambda m: m["type"] == "update" and h.view["me"]["seat"] is not None)
        await h.send({"type": "leave"})
        await h.until(lambda m: m["type"] == "update" and h.view["me"]["seat"] is None)
        assert not await database_sync_to_async(Seat.objects.filter(table=table).exists)()
    finally:
        await h.close()


HUGE = 10**20  # 20 digits: more than any database column holds

OUT_OF_RANGE = [
    ({"type": "act", "action": "raise", "amount": HUGE}, "bad_amount"),
    ({"type": "act", "action": "call", "hand": HUGE}, "malformed"),
    ({"type": "act", "action": "call", "seq": HUGE}, "malformed"),
    ({"type": "act", "action": "call", "seq": -1}, "malformed"),
    ({"type": "sit", "seat": HUGE}, "bad_seat"),
]


@pytest.mark.parametrize(("message", "code"), OUT_OF_RANGE)
async def test_a_number_out_of_range_is_refused_before_the_table_is_touched(table_with_two, message, code):
    table, hery, voahangy, _ = table_with_two
    h, v = await clients(table, hery, voahangy)
    try:
        player = actor_of(h.view, [hery, voahangy])
        client = {hery.pk: h, voahangy.pk: v}[player.pk]
        await client.send({"hand": table.hand_id, "seq": table.seq, **message})
        error = await client.error()
        assert error["code"] == code and error["message"]
        if code == "bad_amount":
            assert "2" in error["message"] and "147" in error["message"]  # the limit is named
        stored = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        assert stored.seq == table.seq
        await client.send({"type": "snapshot"})
        assert (await client.next())["type"] == "snapshot"  # the connection stays
    finally:
        await h.close()
        await v.close()


async def test_the_others_see_when_a_seated_player_closes_his_page_and_comes_back(table_with_two):
    """Who has the table page open travels in its own "presence" messages (not a change of the
    table: no seq), sent when a seated player's first page opens or his last one closes."""
    table, hery, voahangy, tiana = table_with_two
    h = await Client(table.pk, hery).connect()
    assert h.messages[0]["presence"]["offline"] == [2]  # Voahangy has no page open yet
    assert (await h.presence())["offline"] == [2]  # told to all when Hery's page opened
    v, spectator = await clients(table, voahangy, tiana)
    try:
        assert (await h.presence())["offline"] == []
        await v.close()
        assert (await h.presence())["offline"] == [2]
        # A spectator's page is not a seat: nothing is sent when he leaves, and no seq was used.
        await spectator.close()
        assert await h.comm.receive_nothing(timeout=0.2)
        stored = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        assert stored.seq == table.seq
        v = await Client(table.pk, voahangy).connect()
        assert (await h.presence())["offline"] == []
    finally:
        await h.close()
        await v.close()
