"""Two players in two browsers play a Razz hand to the end: each sees his own down cards and
everyone's up cards, the bring-in is posted from the action bar, and at the showdown the down cards
are turned up and the best low wins. A screenshot of each player's view goes to artifacts/."""

import re

import pytest
from playwright.sync_api import expect

from .server import AppServer
from .test_table import log_in

ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
for name in ("hery", "voahangy"):
    get_user_model().objects.create_user(name, password="table-pass-2026", first_name=name.capitalize())
table = services.table_open(
    name="Razz du samedi", variant="razz", kind="cash", max_seats=6, ante=5, bring_in=10, small_bet=20,
    starting_stack=2000,
)
print(table.pk)
"""

# The cards (of a selector) whose rank or suit is not wholly inside the card, or is covered at its
# centre by something else (the next card, a badge of the seat beside): what a player cannot read.
CARDS_HIDDEN = """(selector) => [...document.querySelectorAll(selector)].filter((card) => {
  const box = card.getBoundingClientRect();
  return [...card.querySelectorAll(".rank, .suit")].some((mark) => {
    const m = mark.getBoundingClientRect();
    const inside = m.width > 0 && m.left >= box.left - 0.5 && m.right <= box.right + 0.5
      && m.top >= box.top - 0.5 && m.bottom <= box.bottom + 0.5;
    const top = document.elementFromPoint(m.left + m.width / 2, m.top + m.height / 2);
    return !inside || !(top && mark.contains(top));
  });
}).map((card) => card.dataset.card)"""


@pytest.fixture
def razz_server(tmp_path):
    # A long pause after the showdown: on a loaded machine the checks of the results and the
    # screenshots must not race the next hand's deal (3 s by default).
    server = AppServer(tmp_path)
    server.env["POKER_PAUSE_MS"] = "120000"
    server.start()
    yield server
    server.stop()


def test_two_players_play_a_razz_hand_to_the_end(razz_server, browser, artifacts):
    app_server = razz_server
    assert app_server.shell(ARRANGE).strip()
    contexts, pages = [], []
    for name in ("hery", "voahangy"):
        context, page = log_in(browser, app_server, name)
        page.get_by_role("link", name="Tables").click()
        page.get_by_role("link", name="Razz du samedi").click()
        page.get_by_role("button", name="S’asseoir ici").first.click()
        contexts.append(context)
        pages.append(page)

    for page in pages:
        expect(page.locator("#hand-number")).to_have_text("Main n° 1", timeout=10_000)
        expect(page.locator("#stakes")).to_contain_text("mise forcée 10")
        # Third street: my two down cards and my up card face up; the other's two backs and his up card.
        expect(page.locator(".seat.me .playing-card[data-card]")).to_have_count(3)
        expect(page.locator(".seat.me .playing-card.down[data-card]")).to_have_count(2)
        expect(page.locator(".seat:not(.me) .playing-card.back")).to_have_count(2)
        expect(page.locator(".seat:not(.me) .playing-card[data-card]")).to_have_count(1)

    # The player showing the highest card owes the bring-in: his middle button posts it.
    bring_in = [p for p in pages if p.locator("#actions:not([hidden]) #check-call").count()]
    expect(bring_in[0].locator("#check-call")).to_have_text("Mise forcée 10")
    expect(bring_in[0].locator("#fold")).to_be_hidden()

    results = pages[0].locator("#results .result")
    for _ in range(20):
        if results.count():
            break
        for page in pages:
            button = page.locator("#actions:not([hidden]) #check-call")
            if button.count():
                expect(button).to_have_text(re.compile(r"^(Parole|Suivre .*|Mise forcée .*)$"))
                button.click()
                page.wait_for_timeout(300)
    for page in pages:
        expect(page.locator("#results .result")).to_contain_text(
            re.compile("gagne|partagent"), timeout=10_000
        )
        expect(page.locator("#results .result")).to_contain_text("bas")  # "un 8 bas, 8-6-4-2-A"
        # Seven cards each, all face up now.
        expect(page.locator(".seat:not(.me) .playing-card[data-card]")).to_have_count(7)
        expect(page.locator(".seat.me .playing-card[data-card]")).to_have_count(7)
    for name, page in zip(("hery", "voahangy"), pages):
        page.screenshot(path=str(artifacts / f"razz-showdown-{name}.png"), full_page=True)
    # On a small phone (360 px) each of his seven cards still shows its rank and its suit, above the
    # badges of the seats beside his.
    for name, page in zip(("hery", "voahangy"), pages):
        page.set_viewport_size({"width": 360, "height": 640})
        page.locator(".seat.me").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"razz-showdown-360-{name}.png"))
        assert page.evaluate(CARDS_HIDDEN, ".seat.me .playing-card[data-card]") == []
    for context in contexts:
        context.close()
