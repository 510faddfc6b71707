"""No message to anyone holds a card before it is his or shown, nor the deck, nor the secret seed
the decks come from (docs/fairness.md), ever.

Three players and a spectator play many whole hands over the websocket, of Hold'em and of Razz;
every message every client receives is kept. Afterwards, for each message, every card in it must be
one that client may see in that hand at that seq: his own hole cards (Razz: his down cards), the
board dealt so far, the Razz up cards dealt so far, the hands turned up.
"""

import asyncio
import random
import re

import pytest
from channels.db import database_sync_to_async

from poker import services
from poker.models import FairnessEpoch, Hand, HandEvent, Table
from poker.tables import clock
from tests.factories import UserFactory

from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
HANDS = 16


@pytest.fixture(params=[Table.Variant.HOLDEM, Table.Variant.RAZZ])
def table(db, request):
    users = [UserFactory(username=n) for n in ("hery", "voahangy", "tiana", "mialy")]
    # An open table: a player who busts sits down again, so the game goes on for many hands.
    table = services.table_open(
        name="Leak test",
        variant=request.param,
        kind=Table.Kind.CASH,
        action_seconds=30,
        starting_stack=3000,
        ante=5 if request.param == Table.Variant.RAZZ else 0,
    )
    for k, user in enumerate(users[:3]):
        services.table_seat_player(table=table, user=user, seat=2 * k + 1)
    return table, users


async def play(client: Client, rng: random.Random, hands: int, done: asyncio.Event) -> None:
    """Answer every decision with a random legal action until ``hands`` hands were dealt."""
    loop = asyncio.get_running_loop()
    answered, answered_at = None, 0.0
    while not done.is_set():
        # Read everything waiting, then decide on the newest view.
        messages = [await client.poll(0.02)]
        while (message := await client.poll(0.001)) is not None:
            messages.append(message)
        for message in messages:
            if message and message["type"] == "error":
                # A view replaced by an update on its way is refused as stale (and a bot faster than
                # any human is rate-limited); a refusal of the action itself would mean the legal
                # actions shown were wrong.
                assert message["code"] in RACES, message
                answered = None
        view = client.view
        if view["hand"] and view["hand"]["number"] > hands:
            done.set()
            return
        me = view["me"] or {"seat": None}
        key = (view["seq"], me["seat"] is None, me.get("sitting_out"))
        if answered == key and loop.time() - answered_at < 0.5:
            continue  # answered this view already (dropped messages are sent again after 0.5 s)
        if me["seat"] is None:
            answered, answered_at = key, loop.time()
            await client.send({"type": "sit"})
        elif me.get("sitting_out"):
            answered, answered_at = key, loop.time()
            await client.send({"type": "sit_in"})
        elif me.get("to_act"):
            answered, answered_at = key, loop.time()
            await act_randomly(client, me["legal"], rng)


RACES = ("too_fast", "already_seated", "not_seated", "stale", "not_your_turn")


async def act_randomly(client: Client, legal: dict, rng: random.Random) -> None:
    choice = rng.random()
    if legal["bring_in"] is not None and choice >= 0.25:
        await client.act("bring_in")
    elif legal["min"] is not None and choice < 0.25:
        # Mostly small raises, some all-ins: showdowns and run-outs without ending the game.
        amount = legal["max"] if choice < 0.08 else min(legal["max"], legal["min"] * rng.choice([1, 2]))
        await client.act("raise", amount)
    elif legal["call"] is not None and choice < 0.8:
        await client.act("call")
    elif legal["check"]:
        await client.act("check")
    else:
        await client.act("fold")


def allowed_cards(hand: Hand, events: list[HandEvent], user_id: int | None, seq: int) -> set[str]:
    """Cards ``user_id`` may have seen in ``hand`` by ``seq``."""
    player = hand.player_of(user_id)
    cards: set[str] = set()
    for event in events:
        if event.seq > seq:
            break
        payload = event.payload
        if (event.type == "hole_cards" and payload["player"] == player) or event.type in (
            "board",
            "show",
            "up_cards",
        ):
            cards |= set(payload["cards"])
    return cards


def _load(table_id):
    hands = {h.pk: h for h in Hand.objects.filter(table_id=table_id)}
    events = {h: list(HandEvent.objects.filter(hand_id=h).order_by("seq")) for h in hands}
    return hands, events


def _seeds():
    """The secret seeds (docs/fairness.md), none revealed while the table plays."""
    assert not FairnessEpoch.objects.filter(revealed_at__isnull=False).exists()
    return list(FairnessEpoch.objects.values_list("server_seed", flat=True))


async def test_no_client_ever_sees_a_card_before_it_is_his_or_shown(table, settings):
    table, users = table
    settings.POKER_DEADLINE_POLL_MS = 10
    stop = asyncio.Event()
    deadlines = asyncio.ensure_future(clock.run_deadlines(stop))
    players = [await Client(table.pk, user).connect() for user in users[:3]]
    spectator = await Client(table.pk, users[3]).connect()
    done = asyncio.Event()
    rng = random.Random(20260501)
    try:
        await asyncio.wait_for(
            asyncio.gather(*(play(c, random.Random(rng.random()), HANDS, done) for c in players)), timeout=60
        )
        await spectator.drain(0.2)
    finally:
        stop.set()
        await deadlines
        for client in (*players, spectator):
            await client.close()

    hands, events = await database_sync_to_async(_load)(table.pk)
    seeds = await database_sync_to_async(_seeds)()
    assert len(hands) > HANDS and seeds
    shown_somewhere = False
    privates = dict.fromkeys((*players, spectator), 0)
    for client in (*players, spectator):
        user_id = client.user.pk
        assert len(client.raw) > 50
        for raw, message in zip(client.raw, client.messages):
            assert '"deck"' not in raw and '"burned"' not in raw and '"reshuffle_keys"' not in raw
            assert not any(seed in raw for seed in seeds), "a message holds the secret seed"
            if message["type"] == "update":
                # The public view: the same for everybody, no player's own part in it.
                assert '"pre_action"' not in raw and message["view"]["me"] is None
            if message["type"] == "private":
                # A player's own part: his cards only, to him only.
                hand_id = message["private"]["hand_id"]
                seen = set(CARD.findall(raw))
                assert not seen or client in players, f"{client.user} got cards in a private message"
                assert seen <= allowed_cards(hands[hand_id], events[hand_id], user_id, message["seq"])
                privates[client] += 1
                continue
            if message["type"] not in ("snapshot", "update") or message["view"]["hand"] is None:
                assert not CARD.findall(raw)
                continue
            hand_id = message["view"]["hand"]["id"]
            seen = set(CARD.findall(raw))
            allowed = allowed_cards(hands[hand_id], events[hand_id], user_id, message["seq"])
            assert seen <= allowed, f"{client.user} saw {seen - allowed} at seq {message['seq']}"
            shown_somewhere |= any(
                s.get("cards") for s in message["view"]["seats"] if s.get("user_id") != user_id
            )
    assert shown_somewhere, "no showdown in the whole run: the test proves nothing"
    # Each player got his own part in his own group for the hands he was dealt (a player who busts
    # sits down again and misses some; the last ones may still be on their way when he stops reading).
    for client in players:
        dealt = sum(1 for hand in hands.values() if client.user.pk in hand.user_ids)
        assert privates[client] >= dealt - 2, (client.user, privates[client], dealt)
    assert privates[spectator] == 0
