"""Razz over the websocket: each player gets his down cards as they are dealt (two on 3rd street,
the 7th-street card later in the hand) in his own messages only; the others see the up cards."""

import pytest

from tests.factories import UserFactory

from .helpers import stack_razz_decks, start_razz_table
from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def razz_heads_up(db, monkeypatch):
    # hery (seat 1) shows the 3h; voahangy (seat 2) shows the Kd and brings in.
    stack_razz_decks(monkeypatch, {"cards": ["As 2s 3h 4d 5c 9s Td", "Qh Jc Kd 8h 7d 6s 2c"]}, dealer=2)
    hery, voahangy, tiana = (UserFactory(username=n) for n in ("hery", "voahangy", "tiana"))
    return start_razz_table([hery, voahangy]), hery, voahangy, tiana


def seat(view, number):
    return next(s for s in view["seats"] if s["number"] == number)


async def test_each_player_gets_his_seventh_street_card_and_nobody_else_does(razz_heads_up):
    table, hery, voahangy, tiana = razz_heads_up
    players = {u.username: await Client(table.pk, u).connect() for u in (hery, voahangy)}
    spectator = await Client(table.pk, tiana).connect()
    try:
        assert seat(players["hery"].view, 1)["cards"] == ["As", "2s"]
        assert seat(players["hery"].view, 2)["up"] == ["Kd"] and not seat(players["hery"].view, 2)["cards"]
        # Bring-in, call, then check down to 7th street.
        for _ in range(12):
            for client in players.values():
                await client.drain()
            acting = next((c for c in players.values() if c.view["me"]["to_act"]), None)
            if acting is None or seat(acting.view, 1).get("down") == 3:
                break
            legal = acting.view["me"]["legal"]
            action = "bring_in" if legal["bring_in"] else ("check" if legal["check"] else "call")
            await acting.act(action)
            await acting.until(lambda m: m["type"] == "update")
        for client in (*players.values(), spectator):
            await client.drain()
        hery_view, voahangy_view = players["hery"].view, players["voahangy"].view
        assert not hery_view["hand"]["over"] and hery_view["hand"]["street"] == "seventh"
        assert seat(hery_view, 1)["cards"] == ["As", "2s", "Td"]
        assert seat(voahangy_view, 2)["cards"] == ["Qh", "Jc", "2c"]
        assert seat(hery_view, 2)["down"] == 3 and not seat(hery_view, 2)["cards"]
        assert not seat(spectator.view, 1)["cards"] and seat(spectator.view, 1)["up"] == [
            "3h",
            "4d",
            "5c",
            "9s",
        ]
        assert not any("Td" in raw for raw in players["voahangy"].raw + spectator.raw)
    finally:
        for client in (*players.values(), spectator):
            await client.close()
