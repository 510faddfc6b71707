"""Draw against the dealer over the websocket: betting, drawing, and every bad input refused with an
error to the sender only, nothing changed, the connection kept."""

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from poker import services
from poker.models import Table
from tests.factories import UserFactory

from .draw_helpers import open_draw_table, stack_draw_decks, state_of
from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)

# Hery (seat 1): a flush; Voahangy (seat 2): the dealer's straight; the dealer stands pat.
DECK = {
    "hands": ["2h 5h 8h 4h Ah", "9d Th Js Qc Kd"],
    "dealer": "9c Tc Jd Qs Kh",
    "draws": ["3s 4s"],
}


@pytest.fixture
def draw_table(db, monkeypatch):
    """Hery (seat 1) and Voahangy (seat 2) seated, the bets open; Tiana watches."""
    stack_draw_decks(monkeypatch, DECK)
    hery, voahangy, tiana = (UserFactory(username=n) for n in ("hery", "voahangy", "tiana"))
    table = open_draw_table(hery, voahangy, stack=1000, max_bet=200)
    return table, hery, voahangy, tiana


async def clients(table, *users):
    return [await Client(table.pk, user).connect() for user in users]


def seat_of(view, user):
    return next(s for s in view["seats"] if s.get("user_id") == user.pk)


async def both_bet(h, v):
    await h.send({"type": "bet", "amount": 50})
    await v.send({"type": "bet", "amount": 50})
    for client in (h, v):
        await client.until(lambda m: m["type"] == "update" and m["view"]["phase"] == "draw")
        # His five cards come in his own part, to him alone, right after the public update.
        await client.until(lambda m: m["type"] == "private" and m["private"]["cards"])


async def test_bets_deal_the_round_and_each_player_sees_his_own_five_cards_only(draw_table):
    table, hery, voahangy, tiana = draw_table
    h, v, spectator = await clients(table, hery, voahangy, tiana)
    try:
        assert h.view["phase"] == "betting" and h.view["me"]["can_bet"]
        assert [p["name"] for p in h.view["me"]["presets"]] == ["min", "x2", "x5", "max"]
        await both_bet(h, v)
        await spectator.until(lambda m: m["type"] == "update" and m["view"]["phase"] == "draw")
        assert seat_of(h.view, hery)["cards"] == ["2h", "5h", "8h", "4h", "Ah"]
        assert seat_of(h.view, voahangy)["cards"] is None
        assert seat_of(v.view, voahangy)["cards"] == ["9d", "Th", "Js", "Qc", "Kd"]
        assert seat_of(v.view, hery)["cards"] is None
        assert all(s.get("cards") is None for s in spectator.view["seats"])
        assert h.view["me"]["to_draw"] and not v.view["me"]["to_draw"]
        assert h.view["round"]["dealer"]["cards"] is None
        assert seat_of(spectator.view, hery)["bet"] == 50 and seat_of(spectator.view, hery)["stack"] == 950
    finally:
        for c in (h, v, spectator):
            await c.close()


async def test_a_draw_then_standing_pat_shows_the_dealer_every_hand_and_the_results(draw_table):
    table, hery, voahangy, tiana = draw_table
    h, v, spectator = await clients(table, hery, voahangy, tiana)
    try:
        await both_bet(h, v)
        await h.send(
            {"type": "draw", "cards": ["2h", "5h"], "hand": h.view["me"]["hand_id"], "seq": h.view["seq"]}
        )
        await v.until(lambda m: m["type"] == "update" and v.view["me"]["to_draw"])
        assert seat_of(v.view, hery)["drew"] == 2 and seat_of(v.view, hery)["cards"] is None
        await v.send({"type": "draw", "cards": [], "hand": v.view["me"]["hand_id"], "seq": v.view["seq"]})
        for client in (h, v, spectator):
            await client.until(lambda m: m["type"] == "update" and m["view"]["phase"] == "results")
            dealer = client.view["round"]["dealer"]
            assert dealer["cards"] == ["9c", "Tc", "Jd", "Qs", "Kh"] and dealer["drew"] == 0
            assert dealer["hand"]["fr"]
            # Hery threw two hearts for 3s 4s: no flush any more, he loses; Voahangy pushes.
            assert seat_of(client.view, hery)["cards"] == ["8h", "4h", "Ah", "3s", "4s"]
            assert seat_of(client.view, hery)["result"] == {"outcome": "lose", "multiple": 0, "net": -50}
            assert seat_of(client.view, voahangy)["result"]["outcome"] == "push"
            assert seat_of(client.view, hery)["stack"] == 950
    finally:
        for c in (h, v, spectator):
            await c.close()


BAD = [
    ('{"type": "bet", "amount": "lots"}', "bad_amount"),
    ('{"type": "bet", "amount": 12.5}', "bad_amount"),
    ('{"type": "bet", "amount": -10}', "bad_amount"),
    ('{"type": "bet", "amount": true}', "bad_amount"),
    ('{"type": "bet"}', "bad_amount"),
    ('{"type": "bet", "amount": 5}', "amount_too_low"),
    ('{"type": "bet", "amount": 201}', "amount_too_high"),
    ('{"type": "draw", "cards": ["2h"]}', "malformed"),
    ('{"type": "act", "action": "fold", "hand": 1, "seq": 1}', "unknown_type"),
    ('{"type": "pre_action", "value": "check_fold"}', "unknown_type"),
    ("{nope", "malformed"),
]


@pytest.mark.parametrize(("text", "code"), BAD)
async def test_a_bad_bet_gets_an_error_to_the_sender_only_and_the_connection_stays(draw_table, text, code):
    table, hery, voahangy, _ = draw_table
    before = await database_sync_to_async(state_of)(table)
    h, v = await clients(table, hery, voahangy)
    try:
        await h.send(text)
        error = await h.error()
        assert error["code"] == code and error["message"]
        assert await v.comm.receive_nothing(timeout=0.1)
        assert await database_sync_to_async(state_of)(table) == before
        await h.send({"type": "snapshot"})
        assert (await h.next())["type"] == "snapshot"
    finally:
        await h.close()
        await v.close()


def draw_message(client, **override):
    message = {"type": "draw", "cards": [], "hand": client.view["me"]["hand_id"], "seq": client.view["seq"]}
    message.update(override)
    return message


BAD_DRAWS = [
    ("hery", {"cards": "2h 5h"}, "bad_cards"),
    ("hery", {"cards": ["2h", "5h", "8h", "4h"]}, "too_many_cards"),
    ("hery", {"cards": ["2h", "zz"]}, "bad_cards"),
    ("hery", {"cards": [2]}, "bad_cards"),
    ("hery", {"cards": ["9c"]}, "not_your_cards"),  # the dealer's
    ("hery", {"cards": ["9d"]}, "not_your_cards"),  # Voahangy's
    ("hery", {"seq": 0}, "stale"),
    ("hery", {"hand": 0}, "stale"),
    ("hery", {"seq": 10_000}, "bad_seq"),
    ("hery", {"hand": "1"}, "malformed"),
    ("voahangy", {}, "not_your_turn"),
    ("tiana", {}, "not_seated"),
]


@pytest.mark.parametrize(("who", "override", "code"), BAD_DRAWS)
async def test_a_draw_not_allowed_gets_an_error_to_the_sender_only(draw_table, who, override, code):
    table, hery, voahangy, tiana = draw_table
    h, v, t = await clients(table, hery, voahangy, tiana)
    try:
        await both_bet(h, v)
        await t.drain(0.2)
        before = await database_sync_to_async(state_of)(table)
        sender = {"hery": h, "voahangy": v, "tiana": t}[who]
        message = draw_message(h, **override)
        await sender.send(message)
        error = await sender.error()
        assert error["code"] == code and error["message"]
        for other in {h, v, t} - {sender}:
            assert await other.comm.receive_nothing(timeout=0.1)
        assert await database_sync_to_async(state_of)(table) == before
    finally:
        for c in (h, v, t):
            await c.close()


async def test_drawing_twice_is_refused(draw_table):
    table, hery, voahangy, _ = draw_table
    h, v = await clients(table, hery, voahangy)
    try:
        await both_bet(h, v)
        first = draw_message(h)
        await h.send(first)
        await h.until(lambda m: m["type"] == "update" and not h.view["me"]["to_draw"])
        await h.send(first)
        assert (await h.error())["code"] == "already_drawn"
    finally:
        await h.close()
        await v.close()


async def test_a_player_leaves_and_the_chips_go_back_to_his_bankroll(draw_table):
    table, hery, voahangy, _ = draw_table
    (h,) = await clients(table, hery)
    try:
        assert h.view["me"]["bankroll"] == 9000
        await h.send({"type": "leave"})
        # Now a spectator: the public view, then his own on asking (the page asks when its seat goes).
        update = await h.until(lambda m: m["type"] == "update")
        assert update["view"]["me"] is None and seat_of(update["view"], voahangy)
        await h.send({"type": "snapshot"})
        snapshot = await h.until(lambda m: m["type"] == "snapshot")
        assert snapshot["view"]["me"]["seat"] is None and snapshot["view"]["me"]["bankroll"] == 10_000
    finally:
        await h.close()


async def test_an_anonymous_connection_cannot_bet(draw_table):
    table, *_ = draw_table
    anonymous = Client(table.pk, AnonymousUser())
    try:
        await anonymous.connect()
        await anonymous.send({"type": "bet", "amount": 50})
        assert (await anonymous.error())["code"] == "login_required"
        assert all(m["type"] == "error" for m in anonymous.messages)
    finally:
        await anonymous.close()


async def test_holdem_actions_are_not_messages_of_this_table(draw_table):
    table, hery, *_ = draw_table
    stored = await database_sync_to_async(Table.objects.get)(pk=table.pk)
    assert stored.variant == Table.Variant.DEALER_DRAW
    (h,) = await clients(table, hery)
    try:
        await h.send(json.dumps({"type": "act", "action": "check", "hand": 1, "seq": 1}))
        assert (await h.error())["code"] == "unknown_type"
    finally:
        await h.close()


def test_the_practice_table_needs_no_opponent(db):
    hery = UserFactory(username="hery")
    table = services.draw_practice_open(user=hery)
    assert table.kind == Table.Kind.PRACTICE and table.variant == Table.Variant.DEALER_DRAW
    assert table.deadline_kind == Table.DeadlineKind.BETTING


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "bet", "amount": 10**20}, "bad_amount"),
        ({"type": "draw", "cards": [], "hand": 10**20, "seq": 1}, "malformed"),
        ({"type": "sit", "seat": 10**20}, "bad_seat"),
    ],
)
async def test_a_number_out_of_range_is_refused_and_changes_nothing(draw_table, message, code):
    table, hery, *_ = draw_table
    (h,) = await clients(table, hery)
    try:
        before = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        await h.send(message)
        error = await h.error()
        assert error["code"] == code and error["message"]
        after = await database_sync_to_async(Table.objects.get)(pk=table.pk)
        assert after.seq == before.seq
    finally:
        await h.close()
