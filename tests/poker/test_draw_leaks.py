"""Draw against the dealer: no message to anyone holds a card before it is his or shown, ever.

Two players and a spectator play several whole rounds over the websocket (the deadline loop
running); every message every client receives is kept. Afterwards, for each message, every card in
it must be one that client may see in that round at that seq: his own five cards and what he drew,
and, from the showdown on, the dealer's hand (``dealer_shows``) and every hand shown (``show``).
Never the deck.
"""

import asyncio
import random
import re

import pytest
from channels.db import database_sync_to_async

from poker.games.dealer_draw import play as dealer_draw
from poker.models import Hand, HandEvent
from poker.tables import clock
from tests.factories import UserFactory

from .draw_helpers import open_draw_table
from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r'"([2-9TJQKA][cdhs])"')
ROUNDS = 6


@pytest.fixture
def table(db):
    users = [UserFactory(username=n) for n in ("hery", "voahangy", "tiana")]
    return open_draw_table(*users[:2], stack=3000, max_bet=100), users


async def play(client: Client, rng: random.Random, rounds: int, done: asyncio.Event) -> None:
    """Bet and draw (random cards of his own hand) whenever asked, until ``rounds`` were dealt."""
    answered = None
    while not done.is_set():
        await client.poll(0.02)
        while not await client.comm.receive_nothing(timeout=0.001):
            await client.next()
        for message in client.messages[-5:]:
            if message["type"] == "error":
                assert message["code"] in ("too_fast", "stale", "not_betting", "already_bet"), message
        view = client.view
        if view["round"] and view["round"]["number"] > rounds:
            done.set()
            return
        me = view["me"] or {}
        if answered == view["seq"]:
            continue
        if me.get("can_bet"):
            answered = view["seq"]
            await client.send({"type": "bet", "amount": rng.choice(me["presets"])["amount"]})
        elif me.get("to_draw"):
            answered = view["seq"]
            mine = next(s for s in view["seats"] if s["number"] == me["seat"])["cards"]
            thrown = rng.sample(mine, rng.randint(0, 3))
            await client.send({"type": "draw", "cards": thrown, "hand": me["hand_id"], "seq": view["seq"]})


def allowed_cards(hand: Hand, events: list[HandEvent], user_id: int, seq: int) -> set[str]:
    player = hand.player_of(user_id)
    cards: set[str] = set()
    for event in events:
        if event.seq > seq:
            break
        payload = event.payload
        if event.type in ("hole_cards", "new_cards") and payload["player"] == player:
            cards |= set(payload["cards"]) | set(payload.get("discarded", []))
        elif event.type in ("dealer_shows", "show"):
            cards |= set(payload["cards"])
    return cards


def _load(table_id):
    hands = {h.pk: h for h in Hand.objects.filter(table_id=table_id)}
    events = {h: list(HandEvent.objects.filter(hand_id=h).order_by("seq")) for h in hands}
    return hands, events


async def test_no_client_sees_a_card_before_it_is_his_or_shown_nor_the_dealers_before_he_shows(
    table, settings
):
    table, users = table
    settings.POKER_DEADLINE_POLL_MS = 10
    assert dealer_draw.new_deck(1) is None  # shuffled decks: the real thing
    stop = asyncio.Event()
    deadlines = asyncio.ensure_future(clock.run_deadlines(stop))
    players = [await Client(table.pk, user).connect() for user in users[:2]]
    spectator = await Client(table.pk, users[2]).connect()
    done = asyncio.Event()
    rng = random.Random(20261201)
    try:
        await asyncio.wait_for(
            asyncio.gather(*(play(c, random.Random(rng.random()), ROUNDS, done) for c in players)), timeout=60
        )
        await spectator.drain(0.2)
    finally:
        stop.set()
        await deadlines
        for client in (*players, spectator):
            await client.close()

    hands, events = await database_sync_to_async(_load)(table.pk)
    assert len(hands) > ROUNDS
    dealer_seen_early = shown_seen = own_seen = 0
    for client in (*players, spectator):
        assert len(client.raw) > 20
        for raw, message in zip(client.raw, client.messages):
            assert '"deck"' not in raw and '"discards"' not in raw and '"reshuffle_keys"' not in raw
            if message["type"] == "private":  # his own part: his cards, to him alone
                part = message["private"]
                seen = set(CARD.findall(raw))
                assert client is not spectator or not seen, f"{client.user} got cards in a private part"
                if part["hand_id"] is not None:
                    hand = part["hand_id"]
                    allowed = allowed_cards(hands[hand], events[hand], client.user.pk, message["seq"])
                    assert seen <= allowed, f"{client.user} got {seen - allowed} at seq {message['seq']}"
                else:
                    assert not seen, raw
                own_seen += bool(part["cards"])
                continue
            if message["type"] not in ("snapshot", "update") or message["view"]["round"] is None:
                assert not CARD.findall(raw), raw
                continue
            hand_id = message["view"]["round"]["id"]
            seen = set(CARD.findall(raw))
            allowed = allowed_cards(hands[hand_id], events[hand_id], client.user.pk, message["seq"])
            assert seen <= allowed, f"{client.user} saw {seen - allowed} at seq {message['seq']}"
            view = message["view"]
            dealer_seen_early += bool(view["round"]["dealer"]["cards"]) and view["phase"] == "draw"
            shown_seen += bool(view["round"]["dealer"]["cards"])
            if message["type"] == "update" and view["phase"] == "draw":  # the public view: nobody's cards
                assert not any(s.get("cards") for s in view["seats"]), raw
    assert not dealer_seen_early
    assert shown_seen and own_seen, "no showdown or no deal seen: the test proves nothing"
