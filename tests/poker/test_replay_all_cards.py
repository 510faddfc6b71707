"""The replay with every player's cards (docs/integrity.md): the organizer's, once the table is
finished; a player who sat there still sees only his own cards in his replay."""

import json
import re

import pytest
from django.urls import reverse

from poker.models import Table
from tests.factories import OrganizerFactory

from .helpers import act, actor, fire_deadline, stack_decks
from .test_services import open_table, start

pytestmark = pytest.mark.django_db


def _config(html: str) -> dict:
    return json.loads(
        re.search(r'<script id="table-config" type="application/json">(.*?)</script>', html, re.S)[1]
    )


def _cards_seen(config: dict) -> set[str]:
    return {card for step in config["steps"] for seat in step["seats"] for card in (seat.get("cards") or [])}


def test_the_organizer_replays_a_finished_tables_hand_with_every_card(client, players, monkeypatch):
    deck = {"hole_cards": ["As Ad", "2c 7d"], "board": "Kc Qd 9h 5s 4c"}
    stack_decks(monkeypatch, deck, {"hole_cards": ["2c 7d", "As Ad"], "board": "Kc Qd 9h 5s 4c"}, button=1)
    table = start(open_table(players, 2, stop_at_players=1))
    act(table, actor(table), "fold")  # the first hand: the small blind folds, nothing shown
    fire_deadline(table)
    hand_one = reverse("poker:hand_replay_all", args=[table.pk, 1])
    client.force_login(OrganizerFactory())
    assert client.get(hand_one).status_code == 404  # the table still plays
    while actor(table) is not None:  # hand 2: all in and called
        legal = Table.objects.get(pk=table.pk).legal
        act(table, actor(table), "raise", legal["max"]) if legal["min"] else act(table, actor(table), "call")
    table.refresh_from_db()
    while table.deadline_kind in (Table.DeadlineKind.REVEAL, Table.DeadlineKind.NEXT_HAND):
        fire_deadline(table)
    assert table.status == Table.Status.FINISHED

    response = client.get(hand_one)
    assert response.status_code == 200
    html = response.content.decode()
    assert "réservé à l’organisateur" in html
    assert {"As", "Ad", "2c", "7d"} <= _cards_seen(_config(html))  # a folded hand's cards too

    client.force_login(players[0])
    assert client.get(hand_one).status_code == 403
    mine = _cards_seen(_config(client.get(reverse("poker:hand_replay", args=[table.pk, 1])).content.decode()))
    assert len(mine) == 2  # his own two cards: the hand was folded, nobody showed
