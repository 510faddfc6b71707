"""Practice that makes better players (issue 35), in the browser: a player opens practice tables
from his phone (360x640) at each of the bots' three levels, Hold'em and Razz, and plays hands
against them; the dealer game shows the best draw; a player reviews his decisions of a hand from
its replay (Hold'em and Razz). Screenshots at 360x640, 412x915 and 1366x900 go to artifacts/."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_table import log_in

ARRANGE = """
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("hery", password="table-pass-2026", first_name="Hery")
print("ok")
"""


def hand_number(page) -> int:
    return int(re.sub(r"\D", "", page.locator("#hand-number").text_content() or "") or 0)


def test_a_phone_player_plays_practice_hands_at_each_level(fast_server, browser, artifacts):
    fast_server.shell(ARRANGE)
    context, page = log_in(browser, fast_server, "hery")
    page.set_viewport_size({"width": 360, "height": 640})
    for game, level, bots in (
        ("holdem", "Débutant", "1"),
        ("holdem", "Régulier", "5"),
        ("razz", "Fort", "3"),
        ("holdem", "Fort", "7"),
    ):
        page.goto(fast_server.url + "/tables/")
        page.locator("select[name=variant]").select_option(game)
        page.locator("select[name=level]").select_option(label=level)
        page.locator("select[name=bots]").select_option(bots)
        page.get_by_role("button", name="S’entraîner contre des robots").click()
        expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
        bar = page.locator("#actions")
        page.wait_for_function(
            "() => /\\d/.test(document.getElementById('hand-number').textContent)", timeout=30_000
        )
        first = hand_number(page)
        played = 0
        for _ in range(400):
            if hand_number(page) >= first + 2 and played:
                break
            if bar.is_visible():
                page.locator("#check-call").click()
                played += 1
            page.wait_for_timeout(100)
        assert played and hand_number(page) >= first + 2, (game, level)
        page.screenshot(path=str(artifacts / f"practice-{game}-{level.lower()}-360.png"))
    # The choice on the table list, at each size: the form stays on the page, nothing overflows.
    page.goto(fast_server.url + "/tables/")
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        form = page.locator("form.practice-form")
        expect(form).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"practice-choice-{width}.png"))
    context.close()


REVIEW_ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.engine.holdem import deck_for
from poker.games.betting import play as betting
from poker.models import Table
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in ("hery", "voahangy")]
betting.new_deck = lambda b: deck_for(["As Kc", "9h 8h"], "Ah 7h 2c 3s Kd", button=b)
betting.first_button = lambda active: 1
table = services.table_open(name="Coach", kind="tournament")
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, stack=2000, seat=k + 1)
services.table_start(table=table)
hery, voahangy = users
for user, action, amount in [(hery, "call", None), (voahangy, "check", None), (voahangy, "check", None),
                             (hery, "bet", 40), (voahangy, "call", None), (voahangy, "check", None),
                             (hery, "bet", 120), (voahangy, "call", None), (voahangy, "check", None),
                             (hery, "check", None)]:
    table.refresh_from_db()
    services.table_act(table_id=table.pk, user=user, action=action, amount=amount,
                       hand_id=table.hand_id, seq=table.seq)
from championship.models import Member
member = Member.objects.create(full_name="Voahangy Rabe", nickname="Voahangy", user=voahangy)
print(member.pk)
print(table.pk)
"""


def test_the_dealer_games_best_draw_and_the_coachs_review(app_server, browser, artifacts):
    """Hery is shown the best draw when he draws against the dealer; Voahangy reviews her
    decisions of a Hold'em hand from its replay."""
    member_id, table_id = app_server.shell(REVIEW_ARRANGE).strip().splitlines()[-2:]
    context, page = log_in(browser, app_server, "hery")
    # The table's socket held back at first: the page's own view is drawn, its controls off until
    # the server's snapshot confirms it (a bet clicked before would be sent nowhere).
    held: list = []

    def hold(ws):
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda message: held.append(message) if held is not None else ws.send(message))
        sockets.append(ws)

    sockets: list = []
    page.route_web_socket(re.compile(r"/ws/tables/\d+/"), hold)
    page.goto(app_server.url + "/tables/")
    page.get_by_role("button", name="Contre le croupier").click()
    expect(page).to_have_url(re.compile(r"/tables/\d+/$"))
    expect(page.locator("#bet-bar")).to_be_visible(timeout=20_000)
    expect(page.locator("#bet")).to_be_disabled()
    expect(page.get_by_role("button", name="Min · 10")).to_be_disabled()
    messages, held = held, None
    for message in messages:
        sockets[-1].send(message)
    expect(page.locator("#status")).to_have_text("Misez", timeout=20_000)
    page.get_by_role("button", name="Min · 10").click()
    page.locator("#bet").click()
    expect(page.locator("#status")).to_have_text("À vous d’échanger", timeout=20_000)
    hint = page.locator("#draw-hint")
    expect(hint).to_have_text(
        re.compile(r"Meilleur tirage\u202f: (jeter .+|servi) \(résultat moyen [+−]\d+,\d\d × la mise\)")
    )
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        expect(hint).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"draw-hint-{width}.png"))
    context.close()

    context, page = log_in(browser, app_server, "voahangy")
    page.goto(f"{app_server.url}/tables/{table_id}/mains/1/")
    page.get_by_role("link", name="Revoir mes décisions").click()
    expect(page.locator(".coach-decision")).to_have_count(6)
    expect(page.locator("#decision-5")).to_contain_text("Avec le recul")
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.locator("#decision-5").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"coach-review-{width}.png"))
    # Her page: the three decisions to look at, linked to their review.
    page.goto(f"{app_server.url}/championnat/joueurs/{member_id}/")
    summary = page.locator("#to-review")
    expect(summary).to_contain_text("trois décisions à revoir")
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        summary.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"coach-summary-{width}.png"))
    summary.get_by_role("link").first.click()
    expect(page.locator(".coach-decision")).to_have_count(6)
    context.close()


RAZZ_ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.engine import razz
from poker.games.betting import play as betting
from poker.models import Seat
users = [get_user_model().objects.create_user(n, password="table-pass-2026", first_name=n.capitalize())
         for n in ("hery", "voahangy", "tiana")]
betting.new_deck = lambda b: razz.deck_for(
    ["As 2s 3h 9d Tc Jh Qs", "4c 5c 6d 7s 8h Kh 3c", "Qh Qd Kd"], dealt=[7, 7, 3])
betting.first_button = lambda active: 3
table = services.table_open(name="Stud", variant="razz", ante=5, bring_in=10, small_bet=20, kind="tournament")
for k, user in enumerate(users):
    services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
services.table_start(table=table)
hery, voahangy, tiana = users
for user, action, amount in [(tiana, "bring_in", None), (hery, "raise", 20), (voahangy, "call", None),
                             (tiana, "fold", None), *[(None, "check", None)] * 7, (voahangy, "bet", 40),
                             (hery, "call", None)]:
    table.refresh_from_db()
    user = user or Seat.objects.get(table=table, number=table.actor_seat).user
    services.table_act(table_id=table.pk, user=user, action=action, amount=amount,
                       hand_id=table.hand_id, seq=table.seq)
print(table.pk)
"""


def test_a_player_reviews_his_razz_hand_on_his_phone(app_server, browser, artifacts):
    """The hand of tests/poker/test_coach_razz.py: Tiana folds her queens on 3rd street; Hery calls
    Voahangy's 7th-street bet with a ten low against her seven low, and reviews it from the replay."""
    table_id = app_server.shell(RAZZ_ARRANGE).strip().splitlines()[-1]
    context, page = log_in(browser, app_server, "hery")
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"{app_server.url}/tables/{table_id}/mains/1/")
    page.get_by_role("link", name="Revoir mes décisions").click()
    expect(page.locator(".coach-decision")).to_have_count(6)
    call = page.locator("#decision-6")
    expect(call).to_contain_text("7e rue · suivre 40")
    expect(call).to_contain_text("cela a coûté 40 jetons en moyenne")
    assert "Q♥" not in page.content() and "Q♦" not in page.content()  # Tiana's, never shown
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        call.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"coach-razz-{width}.png"))
    context.close()
