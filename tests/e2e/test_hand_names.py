"""The replay of a finished hand says why the winner won: the kicker when it decided, "partagent" /
"split" when equal hands share the pot, the hand in lower case in the middle of the sentence, in
French and in English. Screenshots at three sizes go to artifacts/."""

import re

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import log_in

pytestmark = drawing_only

# Two tables, one hand each, dealt from explicit decks and played through the services: Hery
# (seat 1, the button) calls, both check down.
ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
from poker.engine.holdem import deck_for
from poker.games.betting import play as betting
from tests.poker.helpers import act, actor
decks = [
    {"hole_cards": ["Ts Kc", "Th Qd"], "board": "Td 8c 5h 3s 2d"},
    {"hole_cards": ["As Kc", "Ad Kh"], "board": "Ts Td 8c 5h 2d"},
]
betting.new_deck = lambda button: deck_for(**decks.pop(0), button=button) if decks else None
betting.first_button = lambda active: 1
users = [
    get_user_model().objects.create_user(name, password="table-pass-2026", first_name=name.capitalize())
    for name in ("hery", "voahangy")
]
for name in ("Kicker", "Partage"):
    table = services.table_open(name=name, kind="tournament")
    for k, user in enumerate(users):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    services.table_start(table=table)
    table.refresh_from_db()
    while actor(table) is not None:
        act(table, actor(table), "call" if table.legal["call"] else "check")
    print(table.pk)
"""

SIZES = ((360, 640), (412, 915), (1366, 900))


def replay_to_the_end(page, url):
    page.goto(url)
    following = page.locator("#next")
    while following.is_enabled():
        following.click()
    return page.locator("#results .result")


def test_the_replay_names_the_kicker_and_says_a_split_pot_with_a_plural_verb(app_server, browser, artifacts):
    kicker, split = app_server.shell(ARRANGE).split()[-2:]
    context, page = log_in(browser, app_server, "hery")

    kicker_url = f"{app_server.url}/tables/{kicker}/mains/1/"
    split_url = f"{app_server.url}/tables/{split}/mains/1/"
    expect(replay_to_the_end(page, kicker_url)).to_have_text(
        "Hery gagne 40 avec une paire de dix, roi en kicker"
    )
    expect(page.locator("#log")).to_contain_text("Hery gagne 40 avec une paire de dix, roi en kicker")
    expect(page.locator("#log")).to_contain_text("Voahangy montre 10♥ Q♦\u202f: une paire de dix")
    expect(page.locator(".seat .hand-name").first).to_have_text(re.compile(r"^Paire de dix$"))  # a badge
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"hand-names-kicker-{width}x{height}.png"), full_page=True)
    expect(replay_to_the_end(page, split_url)).to_have_text(
        "Voahangy et Hery partagent 40 avec une paire de dix"
    )

    context.add_cookies([{"name": "django_language", "value": "en", "url": app_server.url}])
    expect(replay_to_the_end(page, kicker_url)).to_have_text("Hery wins 40 with a pair of tens, king kicker")
    expect(replay_to_the_end(page, split_url)).to_have_text("Voahangy and Hery split 40 with a pair of tens")
    expect(page.locator("#log")).to_contain_text("Voahangy and Hery split 40 with a pair of tens")
    page.screenshot(path=str(artifacts / "hand-names-split-en.png"), full_page=True)
    context.close()
