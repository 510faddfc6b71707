"""Where a seated player's table pages came from (poker/connections.py): a browser token given by
the table page, the address and the token kept only as keyed hashes, spectators not kept."""

import pytest
from django.urls import reverse

from poker import connections
from poker.models import SeatConnection

from .test_services import open_table

pytestmark = pytest.mark.django_db


def test_the_table_page_gives_its_browser_a_token_once(client, players):
    table = open_table(players, 2)
    client.force_login(players[0])
    response = client.get(reverse("poker:table", args=[table.pk]))
    cookie = response.cookies[connections.BROWSER_COOKIE]
    assert len(cookie.value) >= 20 and cookie["httponly"] and cookie["samesite"] == "Lax"
    again = client.get(reverse("poker:table", args=[table.pk]))
    assert connections.BROWSER_COOKIE not in again.cookies  # kept, not replaced


def test_a_seated_players_address_and_browser_are_kept_as_keyed_hashes_once(players):
    table = open_table(players, 2)
    for _ in range(2):  # a reconnection adds nothing
        connections.record(table.pk, players[0].pk, "203.0.113.7", "token-a")
    connections.record(table.pk, players[1].pk, "203.0.113.7", "token-b")
    connections.record(table.pk, players[2].pk, "203.0.113.7", "token-c")  # a spectator: not kept
    rows = list(SeatConnection.objects.filter(table=table).order_by("user_id"))
    assert [r.user_id for r in rows] == [players[0].pk, players[1].pk]
    assert rows[0].address == rows[1].address != ""  # the same address, the same hash
    assert rows[0].browser != rows[1].browser
    stored = " ".join(f"{r.address} {r.browser}" for r in rows)
    assert "203.0.113.7" not in stored and "token" not in stored
    assert rows[0].address == connections.keyed("address", "203.0.113.7")
