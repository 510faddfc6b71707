"""Two players in two browsers at a table of draw against the dealer: they sit down, bet, one throws
two cards by tapping them and draws, the other stands pat; both see the dealer's hand and their
results, then replay the round stage by stage. A screenshot of each player's view goes to artifacts/."""

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
    name="Contre le croupier", variant="dealer_draw", kind="cash", max_seats=4,
    min_bet=10, max_bet=200, starting_stack=1000, action_seconds=120,
)
print(table.pk)
"""


COLOURS = "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"


def contrast(fg: str, bg: str) -> float:
    """The WCAG contrast ratio of two CSS rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(x) / 255 for x in re.findall(r"\d+", colour)[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.fixture
def draw_server(tmp_path):
    # A long pause after the results, so the screenshots catch them.
    server = AppServer(tmp_path)
    server.env["POKER_PAUSE_MS"] = "120000"
    server.start()
    yield server
    server.stop()


def test_two_players_bet_draw_and_see_the_dealers_hand_and_their_results(draw_server, browser, artifacts):
    draw_server.shell(ARRANGE)
    contexts, pages = [], []
    for name in ("hery", "voahangy"):
        context, page = log_in(browser, draw_server, name)
        page.get_by_role("link", name="Tables").click()
        page.get_by_role("link", name="Contre le croupier").click()
        expect(page.locator("#bankroll")).to_have_text(re.compile(r"Banque d’entraînement\s: 10\s000"))
        page.get_by_role("button", name="Prendre place").click()
        expect(page.locator("#bankroll")).to_have_text(
            re.compile(r"Banque d’entraînement\s: 9\s000"), timeout=10_000
        )
        contexts.append(context)
        pages.append(page)
    hery, voahangy = pages

    for page, preset in ((hery, "×5 · 50"), (voahangy, "Min · 10")):
        expect(page.locator("#status")).to_have_text("Misez")
        page.get_by_role("button", name=preset).click()
        page.locator("#bet").click()

    # Hery (seat 1) draws first: he taps two cards, the button counts them, and he exchanges.
    expect(hery.locator("#status")).to_have_text("À vous d’échanger", timeout=10_000)
    cards = hery.locator("#my-cards .playing-card.tappable")
    expect(cards).to_have_count(5)
    expect(hery.locator("#draw")).to_have_text("Servi")
    cards.nth(0).click()
    cards.nth(3).click()
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(hery.locator("#draw")).to_have_text("Échanger 2")
    kept = [cards.nth(k).get_attribute("data-card") for k in (1, 2, 4)]
    expect(voahangy.locator(".draw-seat .playing-card[data-card]")).to_have_count(0)  # Hery's are hidden
    hery.locator("#draw").click()

    # Voahangy stands pat.
    expect(voahangy.locator("#status")).to_have_text("À vous d’échanger", timeout=10_000)
    expect(voahangy.locator(".draw-seat .badge")).to_have_text("A échangé 2")
    voahangy.get_by_role("button", name="Servi").click()

    for page in pages:
        expect(page.locator("#dealer-cards .playing-card[data-card]")).to_have_count(5, timeout=10_000)
        expect(page.locator("#dealer-hand")).not_to_be_empty()
        expect(page.locator(".draw-seat .playing-card[data-card]")).to_have_count(5)  # the other's hand
        # The result in words, on a pill that reads well on the felt (WCAG AA: 4.5 to 1 at least).
        outcome = page.locator("#my-line .draw-outcome")
        amount = r"\d[\d\u202f\u00a0 ]*"
        expect(outcome).to_have_text(re.compile(rf"^(Gagné {amount}|Perdu {amount}|Égalité)$"))
        expect(page.locator(".draw-seat .draw-outcome")).to_have_text(re.compile(r"^(Gagné|Perdu|Égalité)"))
        assert contrast(*outcome.evaluate(COLOURS)) >= 4.5
    mine = [hery.locator("#my-cards .playing-card").nth(k).get_attribute("data-card") for k in range(3)]
    assert mine == kept  # the kept cards first, then the two new ones
    for name, page in zip(("hery", "voahangy"), pages):
        page.screenshot(path=str(artifacts / f"draw-results-{name}.png"), full_page=True)

    # The replay of the round, from the history: a button per stage, and "Play" steps by itself.
    hery.get_by_role("link", name="Historique").click()
    hery.get_by_role("link", name="#1").click()
    stages = hery.locator("#streets button")
    expect(stages).to_have_text(["Distribution", "Échanges", "Croupier", "Résultat"])
    stages.nth(2).click()  # the dealer's hand
    expect(stages.nth(2)).to_have_attribute("aria-current", "step")
    expect(hery.locator(".draw-seat .badge")).to_have_text("Servi")  # what Voahangy did
    stages.nth(0).click()
    expect(hery.locator("#dealer-cards .playing-card[data-card]")).to_have_count(0)
    hery.get_by_role("button", name="Lecture").click()
    total = hery.locator("#step").text_content().split()[-1]
    expect(hery.locator("#step")).to_have_text(f"Étape {total} sur {total}", timeout=30_000)
    expect(hery.locator("#dealer-cards .playing-card[data-card]")).to_have_count(5)
    expect(stages.nth(3)).to_have_attribute("aria-current", "step")
    expect(hery.get_by_role("button", name="Lecture")).to_be_visible()  # stopped on the last step
    hery.screenshot(path=str(artifacts / "draw-replay-hery.png"), full_page=True)
    for context in contexts:
        context.close()
