"""Practice tables against bots of a chosen level: the level is the player's choice, a bot decides
from what its seat may see (never another player's cards or the deck), and its thinking runs in a
worker thread, off the event loop that serves every table of the process."""

from __future__ import annotations

import re
import threading

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse
from django.utils import timezone

from poker import services
from poker.games.betting import play as betting
from poker.models import HandEvent, Seat, Table
from poker.tables import clock

from .helpers import actor, fire_deadline, fire_until_next_hand

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def spy_on_bots(monkeypatch) -> list[dict]:
    """Every bot decision: the hand, the bot's player index, what it was given, and the thread."""
    calls = []
    decide = betting.strategy.decide

    def spying(level, events, me, legal, rng=None):
        thread = threading.get_ident()
        calls.append({"level": level, "events": list(events), "me": me, "legal": legal, "thread": thread})
        return decide(level, events, me, legal, rng)

    monkeypatch.setattr(betting.strategy, "decide", spying)
    return calls


def cards_in(value) -> set[str]:
    if isinstance(value, str):
        return {value} if CARD.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


@pytest.mark.django_db
def test_a_player_chooses_the_game_the_number_of_bots_and_their_level(client, players):
    client.force_login(players[0])
    page = client.get(reverse("poker:table_list")).content.decode()
    assert "Niveau des robots" in page and "Débutant" in page and "Régulier" in page and "Fort" in page
    choice = {"variant": "holdem", "level": "strong", "bots": "7"}
    response = client.post(reverse("poker:practice_open"), choice)
    table = Table.objects.get(kind=Table.Kind.PRACTICE)
    assert response.url == table.get_absolute_url()
    assert table.bot_level == "strong" and table.max_seats == 8
    assert Seat.objects.filter(table=table, is_bot=True).count() == 7


@pytest.mark.django_db
def test_an_unknown_level_is_refused_and_opens_nothing(client, players):
    client.force_login(players[0])
    response = client.post(reverse("poker:practice_open"), {"variant": "holdem", "level": "solver"})
    assert response.status_code == 302 and not Table.objects.exists()
    assert "Choisissez" in client.get(reverse("poker:table_list")).content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "level"), [("holdem", "strong"), ("holdem", "regular"), ("razz", "strong")]
)
def test_a_bot_is_given_its_own_cards_and_the_public_events_only(monkeypatch, players, variant, level):
    calls = spy_on_bots(monkeypatch)
    table = services.practice_table_open(user=None, bots=6, variant=variant, level=level)  # bots only
    for _ in range(400):  # the deals are random: a hand may take two decisions or twenty
        if table.hands_dealt > 4 and len(calls) > 20:
            break
        if table.deadline_kind in (Table.DeadlineKind.REVEAL, Table.DeadlineKind.NEXT_HAND):
            fire_until_next_hand(table)
        else:
            fire_deadline(table)
    assert table.hands_dealt > 4 and len(calls) > 20
    dealt = list(HandEvent.objects.filter(type="hole_cards", private=True))
    hands_of: dict[tuple, set[int]] = {}  # a seat may be dealt the same two cards in two hands
    for e in dealt:
        hands_of.setdefault((e.player, tuple(e.payload["cards"])), set()).add(e.hand_id)
    for call in calls:
        me, events = call["me"], call["events"]
        assert call["level"] == level and events[0]["type"] == "hand_started"
        assert all(not e.get("private") or e["player"] == me for e in events)
        assert not any("deck" in e or "burned" in e for e in events)
        own = next(e for e in events if e["type"] == "hole_cards")
        # The other players' hidden cards of that hand, as the table stored them: none reaches the bot.
        # (Of the hands where his seat was dealt these very cards, the one he was playing.)
        leaks = []
        for hand in hands_of[(me, tuple(own["cards"]))]:
            hidden = {c for e in dealt if e.hand_id == hand and e.player != me for c in e.payload["cards"]}
            assert hidden
            leaks.append(hidden & cards_in(events))
        assert not all(leaks), leaks


@pytest.mark.django_db
def test_the_bots_act_at_the_tables_level_and_the_hand_goes_on(players, monkeypatch):
    calls = spy_on_bots(monkeypatch)
    table = services.practice_table_open(user=players[0], bots=3, level="regular")
    for _ in range(40):
        if actor(table) == players[0]:
            break
        fire_deadline(table)
    assert actor(table) == players[0]
    assert {c["level"] for c in calls} <= {"regular"}


def _tables_due():
    ids = []
    for k in range(3):
        table = services.practice_table_open(user=None, bots=5, name=f"Robots {k}", level="strong")
        Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now())
        ids.append(table.pk)
    return ids


@pytest.mark.django_db(transaction=True)
async def test_bots_at_several_tables_think_in_worker_threads_not_on_the_event_loop(monkeypatch):
    calls = spy_on_bots(monkeypatch)
    ids = await database_sync_to_async(_tables_due)()
    assert await clock.fire_due_deadlines_async() == len(ids)
    loop_thread = threading.get_ident()
    assert len(calls) == len(ids)  # one bot decision a table
    assert all(call["thread"] != loop_thread for call in calls)
