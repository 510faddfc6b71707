"""A showdown of six players on phones and a laptop: every seat's badges (the hand's name, "away",
"disconnected", the last action) stay off the other seats, off the board's cards and off the
result lines under the felt; the same at the replay's last step."""

import pytest
from playwright.sync_api import expect

from .passes import drawing_only
from .server import AppServer
from .test_table import log_in
from .test_table_phones import SHOTS, box, overlap

pytestmark = drawing_only

# Six players at an eight-seat table check the hand down: at the showdown every seat has a hand's
# name (long ones: two pairs, a full house), the players without a page open are "disconnected".
ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.engine.holdem import deck_for
from poker.games.betting import play as betting
from poker.models import Seat
cards = {"hole_cards": ["Ah Kd", "Qh Qd", "7h 7s", "Kh 9c", "Jc Ts", "4c 4d"], "board": "Kc Ks 7c 9d 2s"}
betting.new_deck = lambda button: deck_for(**cards, button=button)
betting.first_button = lambda active: 1
names = ("hery", "voahangy", "tiana", "mialy", "fanja", "njaka")
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in names]
table = services.table_open(name="Table du vendredi", kind="tournament", max_seats=8, action_seconds=600,
                            starting_stack=5000)
for seat, user in zip((1, 2, 3, 5, 7, 8), users):
    services.table_seat_player(table=table, user=user, seat=seat)
services.table_start(table=table)
for _ in range(40):
    table.refresh_from_db()
    if table.actor_seat is None:
        break
    actor = Seat.objects.get(table=table, number=table.actor_seat).user
    action = "check" if table.legal["check"] else "call"
    services.table_act(table_id=table.pk, user=actor, action=action, hand_id=table.hand_id, seq=table.seq)
print(table.pk)
"""

SIZES = ((360, 640), (412, 915), (1366, 900))


@pytest.fixture
def slow_pause_server(tmp_path):
    server = AppServer(tmp_path)
    server.env.update({"POKER_PAUSE_MS": "120000", "POKER_REVEAL_MS": "300"})
    server.start()
    yield server
    server.stop()


def _within(b, frame):
    """What is drawn of box ``b`` inside ``frame`` (its clipping parent), or None."""
    x, y = max(b["x"], frame["x"]), max(b["y"], frame["y"])
    right = min(b["x"] + b["width"], frame["x"] + frame["width"])
    bottom = min(b["y"] + b["height"], frame["y"] + frame["height"])
    if right - x <= 0.5 or bottom - y <= 0.5:
        return None
    return {"x": x, "y": y, "width": right - x, "height": bottom - y}


def _clear(page, shot: str) -> None:
    """Each seat's badges off the other seats, off the board's cards and off the result lines."""
    seats = page.locator(".seat:not(.empty)").all()
    plates = [(s, [box(p) for p in s.locator(".plate, .seat-cards .playing-card").all()]) for s in seats]
    cards = [box(c) for c in page.locator("#board .playing-card").all()]
    lines = [box(r) for r in page.locator("#results .result").all()]
    assert len(cards) == 5, shot
    badges = 0
    for seat in seats:
        line = box(seat.locator(".badges"))
        for badge in seat.locator(".badge").all():
            b, text = _within(box(badge), line), badge.text_content()
            if b is None:  # cut off by the plate's two lines: not drawn
                continue
            badges += 1
            for other, parts in plates:
                if other != seat:
                    assert not any(overlap(b, part) for part in parts), (shot, text, "over a seat")
            assert not any(overlap(b, card) for card in cards), (shot, text, "over the board")
            assert not any(overlap(b, line) for line in lines), (shot, text, "over a result")
    assert badges >= 6, shot


def test_the_badges_of_a_showdown_stay_off_the_seats_the_board_and_the_results(
    slow_pause_server, browser, artifacts
):
    table_id = slow_pause_server.shell(ARRANGE).strip().splitlines()[-1]
    context, page = log_in(browser, slow_pause_server, "hery")
    page.goto(f"{slow_pause_server.url}/tables/{table_id}/")
    expect(page.locator("#results .result")).to_have_count(1, timeout=20_000)
    expect(page.locator(".seat .hand-name")).to_have_count(6)
    SHOTS.mkdir(exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.locator("#felt").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"showdown-badges-{width}x{height}.png"), full_page=True)
        _clear(page, f"table {width}x{height}")

    page.goto(f"{slow_pause_server.url}/tables/{table_id}/mains/1/")
    page.locator("#streets button").last.click()  # the result: the replay's last step
    expect(page.locator(".seat .hand-name")).to_have_count(6)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"replay-badges-{width}x{height}.png"), full_page=True)
        _clear(page, f"replay {width}x{height}")
    context.close()
