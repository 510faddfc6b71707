"""A showdown with a side pot on a small phone: the result lines, the pots and the board stay clear
of the seats, the seats' badges inside the felt."""

import pytest
from playwright.sync_api import expect

from .passes import drawing_only
from .server import AppServer
from .test_table import log_in
from .test_table_phones import SHOTS, box, overlap

pytestmark = drawing_only

# Hery (seat 1, 500), Tiana (seat 3, 1000) and Mialy (seat 7, 2000) all-in before the flop: a main
# pot and a side pot, both won by Mialy's full house. The side seats are the ones a long line reaches.
ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.engine.holdem import deck_for
from poker.games.betting import play as betting
from poker.models import Seat
cards = {"hole_cards": ["Ah Ad", "Qh Qd", "7h 7s"], "board": "Kh Kd 7c 9d 2s"}
betting.new_deck = lambda button: deck_for(**cards, button=button)
betting.first_button = lambda active: 1
users = {}
for name in ("hery", "tiana", "mialy"):
    users[name] = get_user_model().objects.create_user(
        name, password="table-pass-2026", first_name=name.capitalize()
    )
table = services.table_open(name="Table du vendredi", kind="tournament", max_seats=8, action_seconds=600)
for name, seat, stack in (("hery", 1, 500), ("tiana", 3, 1000), ("mialy", 7, 2000)):
    services.table_seat_player(table=table, user=users[name], stack=stack, seat=seat)
services.table_start(table=table)
for _ in range(6):
    table.refresh_from_db()
    if table.actor_seat is None:
        break
    actor = Seat.objects.get(table=table, number=table.actor_seat).user
    legal = table.legal
    if legal["min"] is not None:
        services.table_act(table_id=table.pk, user=actor, action="raise", amount=legal["max"],
                           hand_id=table.hand_id, seq=table.seq)
    else:
        services.table_act(table_id=table.pk, user=actor, action="call", hand_id=table.hand_id, seq=table.seq)
print(table.pk)
"""


@pytest.fixture
def slow_pause_server(tmp_path):
    server = AppServer(tmp_path)
    server.env.update({"POKER_PAUSE_MS": "120000", "POKER_REVEAL_MS": "300"})
    server.start()
    yield server
    server.stop()


def test_the_showdown_lines_stay_clear_of_the_seats_and_badges_on_the_felt_on_a_small_phone(
    slow_pause_server, browser, artifacts
):
    table_id = slow_pause_server.shell(ARRANGE).strip().splitlines()[-1]
    context, page = log_in(browser, slow_pause_server, "hery")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{slow_pause_server.url}/tables/{table_id}/")
    expect(page.locator("#results .result")).to_have_count(2, timeout=20_000)
    page.locator("#felt").scroll_into_view_if_needed()
    SHOTS.mkdir(exist_ok=True)
    for where in (SHOTS, artifacts):
        page.screenshot(path=str(where / "table-showdown-360x640.png"), full_page=True)
    seats = [box(s) for s in page.locator(".seat:not(.empty)").all()]
    felt = box(page.locator("#felt"))
    for line in [*page.locator("#results .result").all(), page.locator("#pot"), page.locator("#board")]:
        b = box(line)
        assert not any(overlap(b, seat) for seat in seats), (b, seats)
    for badge in page.locator(".seat .badge").all():
        b = box(badge)
        assert felt["x"] <= b["x"] and b["x"] + b["width"] <= felt["x"] + felt["width"], (b, felt)
    context.close()
