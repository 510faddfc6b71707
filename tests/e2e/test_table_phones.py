"""The table on phones and a laptop: when it is his turn, the player's own cards, the board and the
"your turn" line stay in view above the action bar (360x640, 412x915, 915x412 in landscape); the
shortcuts of a laptop keyboard. Screenshots go to artifacts/ and /tmp/shots-table/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import log_in

pytestmark = drawing_only

SHOTS = Path("/tmp/shots-table")

# Six players at an eight-seat table; the flop is dealt and it is Hery's turn (long timers, so the
# page is measured while he still has the action).
ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.models import Seat
names = ("hery", "voahangy", "tiana", "mialy", "fanja", "njaka")
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in names]
table = services.table_open(name="Table du vendredi", kind="tournament", max_seats=8,
                            action_seconds=600, starting_stack=5000)
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, seat=k + 1)
services.table_start(table=table)
hery = users[0]
for _ in range(40):
    table.refresh_from_db()
    hand = table.hand
    board = hand.state.get("board") if hand else []
    actor = Seat.objects.get(table=table, number=table.actor_seat).user
    if actor == hery and len(board) >= 3:
        break
    legal = table.legal
    action = "check" if legal["check"] else "call"
    services.table_act(table_id=table.pk, user=actor, action=action, hand_id=table.hand_id, seq=table.seq)
print(table.pk)
"""

SIZES = [(360, 640), (412, 915), (915, 412)]


def box(locator):
    b = locator.bounding_box()
    assert b is not None, locator
    return b


def overlap(a, b, slack: float = 0.5) -> bool:
    """Whether two boxes cover each other (by more than a rounding ``slack``)."""
    return not (
        a["x"] + a["width"] <= b["x"] + slack
        or b["x"] + b["width"] <= a["x"] + slack
        or a["y"] + a["height"] <= b["y"] + slack
        or b["y"] + b["height"] <= a["y"] + slack
    )


@pytest.fixture
def my_turn_on_the_flop(app_server):
    return app_server.shell(ARRANGE).strip().splitlines()[-1]


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_his_cards_and_the_board_stay_above_the_action_bar_on_his_turn(
    app_server, browser, artifacts, my_turn_on_the_flop, width, height
):
    table_id = my_turn_on_the_flop
    context, page = log_in(browser, app_server, "hery")
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{app_server.url}/tables/{table_id}/")
    bar = page.locator("#actions")
    expect(bar).to_be_visible()
    expect(page.locator("#board .playing-card")).to_have_count(3)
    page.wait_for_timeout(300)  # the page's own scroll to the felt, if any, has run
    name = f"table-my-turn-{width}x{height}.png"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / name))
    page.screenshot(path=str(artifacts / name))
    bar_box = box(bar)
    assert bar_box["y"] + bar_box["height"] <= height + 1  # the bar itself is on the screen
    cards = page.locator(".seat.me .playing-card").all() + page.locator("#board .playing-card").all()
    assert len(cards) == 5
    for shown in [*cards, page.locator("#status")]:
        b = box(shown)
        assert b["y"] >= 0 and b["y"] + b["height"] <= height and 0 <= b["x"] <= width - b["width"], b
        assert not overlap(b, bar_box), (b, bar_box)
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    context.close()


# The others answer until it is Hery's turn again; ``bet``: the first of them bets the minimum.
ADVANCE = """
from poker import services
from poker.models import Seat, Table
table = Table.objects.get(pk=%(table)s)
bet = %(bet)s
for _ in range(40):
    table.refresh_from_db()
    actor = Seat.objects.get(table=table, number=table.actor_seat).user
    if actor.username == "hery":
        break
    legal = table.legal
    if bet and legal["min"] is not None:
        bet = False
        services.table_act(table_id=table.pk, user=actor, action="raise", amount=legal["min"],
                           hand_id=table.hand_id, seq=table.seq)
        continue
    action = "check" if legal["check"] else "call"
    services.table_act(table_id=table.pk, user=actor, action=action, hand_id=table.hand_id, seq=table.seq)
"""


def test_a_laptop_keyboard_plays_the_shortcuts_shown_on_the_buttons(
    app_server, browser, artifacts, my_turn_on_the_flop
):
    table_id = my_turn_on_the_flop
    context, page = log_in(browser, app_server, "hery")
    page.set_viewport_size({"width": 1366, "height": 900})
    page.goto(f"{app_server.url}/tables/{table_id}/")
    expect(page.locator("#actions")).to_be_visible()
    # The page's own view is drawn at once, its buttons off (greyed) until the socket's snapshot
    # confirms it: a key pressed before then plays nothing, as a click would not.
    expect(page.locator("#fold")).to_be_enabled()
    for button, key in (("#fold", "F"), ("#check-call", "C"), ("#raise", "R")):
        expect(page.locator(button)).to_have_attribute("aria-keyshortcuts", key)
    # The five others have no page of the table open: their seats say so.
    expect(page.locator(".seat.offline .badge.offline")).to_have_count(5)
    expect(page.locator(".seat.offline .badge.offline").first).to_have_text("Hors ligne")
    expect(page.locator(".seat.me.offline")).to_have_count(0)
    shown = page.locator("#raise").evaluate("b => getComputedStyle(b, '::after').content")
    assert shown == '"R" / ""'  # drawn on the button, with an empty alternative text:
    for button in ("#check-call", "#raise"):  # its name is the action shown, the key apart
        expect(page.locator(button)).to_have_accessible_name(page.locator(button).inner_text())
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-keyboard-1366x900.png"))
    page.screenshot(path=str(artifacts / "table-keyboard-1366x900.png"))

    # Typing in the chat never plays.
    page.locator("#chat-text").fill("")
    page.locator("#chat-text").press("r")
    expect(page.locator("#actions")).to_be_visible()
    page.locator("#chat-text").blur()
    # Up twice and down once: one big blind (20) more than the minimum bet of 20; R bets it.
    for key in ("ArrowUp", "ArrowUp", "ArrowDown"):
        page.keyboard.press(key)
    expect(page.locator("#amount")).to_have_value("40")
    expect(page.locator("#raise")).to_have_text("Miser 40")
    page.keyboard.press("r")
    expect(page.locator(".seat.me .bet")).to_have_text("40")

    # The others play in another process (its broadcasts do not reach this server): reload.
    app_server.shell(ADVANCE % {"table": table_id, "bet": False})  # the turn card, Hery to act
    page.reload()
    expect(page.locator("#check-call")).to_have_text("Parole")
    expect(page.locator("#check-call")).to_be_enabled()
    checks = page.locator("#log li", has_text="Hery parle")
    before = checks.count()
    page.keyboard.press("c")
    expect(checks).to_have_count(before + 1)
    expect(page.locator("#actions")).to_be_hidden()

    app_server.shell(ADVANCE % {"table": table_id, "bet": True})  # somebody bets
    page.reload()
    expect(page.locator("#fold")).to_be_visible()
    expect(page.locator("#fold")).to_be_enabled()
    page.keyboard.press("f")
    expect(page.locator(".seat.me")).to_have_class(re.compile(r"\bfolded\b"))
    context.close()


def test_the_pre_action_boxes_are_thumb_sized_on_a_phone(app_server, browser, my_turn_on_the_flop):
    table_id = my_turn_on_the_flop
    context, page = log_in(browser, app_server, "voahangy")  # in the hand, not her turn
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{app_server.url}/tables/{table_id}/")
    labels = page.locator("#pre-actions label")
    expect(labels).to_have_count(2)
    for k in range(2):
        label, box_ = box(labels.nth(k)), box(labels.nth(k).locator("input"))
        assert label["height"] >= 44 and label["width"] >= 44, label
        assert box_["height"] >= 24 and box_["width"] >= 24, box_
    # A tap on the label's words ticks it (and sends the pre-action).
    labels.nth(1).click(position={"x": box(labels.nth(1))["width"] - 10, "y": 22})
    expect(labels.nth(1).locator("input")).to_be_checked()
    page.reload()
    expect(page.locator("#pre-actions input[value=call_any]")).to_be_checked()  # kept by the table
    context.close()


RAZZ_TABLE = """
from poker import services
services.table_open(name="Razz de démonstration", variant="razz", ante=5, bring_in=10, small_bet=20)
"""


def test_the_list_of_tables_fits_a_small_phone_without_a_sideways_scroll(
    app_server, browser, my_turn_on_the_flop
):
    app_server.shell(RAZZ_TABLE)  # the demo's longest words: "démonstration", "Hold'em no limit"
    context, page = log_in(browser, app_server, "hery")
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        page.goto(app_server.url + "/tables/")
        expect(page.get_by_role("link", name="Razz de démonstration").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.screenshot(path=str(SHOTS / "table-list-360x640.png"), full_page=True)
    finally:
        context.close()
