"""Two players in two browsers sit down at a table, play a hand to the showdown, and see the next
hand start. A screenshot of each player's view goes to artifacts/."""

import re

from playwright.sync_api import expect

ARRANGE = """
from django.contrib.auth import get_user_model
from poker import services
for name in ("hery", "voahangy"):
    get_user_model().objects.create_user(name, password="table-pass-2026", first_name=name.capitalize())
table = services.table_open(name="Table du vendredi", kind="cash", max_seats=6, starting_stack=2000)
print(table.pk)
"""


def log_in(browser, app_server, username):
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(app_server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill("table-pass-2026")
    page.get_by_role("button", name="Connexion").click()
    expect(page.get_by_role("link", name="Tables")).to_be_visible()
    return context, page


def test_two_players_sit_play_a_hand_to_the_showdown_and_see_the_next_hand(app_server, browser, artifacts):
    table_id = app_server.shell(ARRANGE).strip().splitlines()[-1]
    contexts, pages = [], []
    held = []  # the first page's first socket, opened but not let through to the server
    sockets = []

    def hold_first_socket(ws):
        sockets.append(ws)
        if len(sockets) == 1:
            held.append(ws)
        else:
            ws.connect_to_server()

    for name in ("hery", "voahangy"):
        context, page = log_in(browser, app_server, name)
        page.route_web_socket(re.compile(r"/ws/tables/"), hold_first_socket)
        page.get_by_role("link", name="Tables").click()
        page.get_by_role("link", name="Table du vendredi").click()
        expect(page.locator("#status")).to_have_text("En attente de joueurs")
        if held:
            # The table is drawn from the page itself before its socket has the server's snapshot:
            # "Sit here" cannot be clicked yet (a click would go nowhere), and can once it has.
            expect(page.get_by_role("button", name="S’asseoir ici").first).to_be_disabled()
            held.pop().close()  # the page opens its socket again, this time to the server
        page.get_by_role("button", name="S’asseoir ici").first.click()
        contexts.append(context)
        pages.append(page)

    for page in pages:
        expect(page.locator("#hand-number")).to_have_text("Main n° 1", timeout=10_000)
        # Each player sees his own two cards, face up, and the other's backs.
        expect(page.locator(".seat.me .playing-card[data-card]")).to_have_count(2)
        expect(page.locator(".seat:not(.me) .playing-card[data-card]")).to_have_count(0)
        expect(page.locator(".seat:not(.me) .playing-card.back")).to_have_count(2)
        expect(page.locator(".seat.offline")).to_have_count(0)  # both have the page open

    # Call and check down to the showdown: whoever has the action bar clicks its middle button.
    results = pages[0].locator("#results .result")
    for _ in range(12):
        if results.count():
            break
        for page in pages:
            button = page.locator("#actions:not([hidden]) #check-call")
            if button.count():
                expect(button).to_have_text(re.compile(r"^(Parole|Suivre .*)$"))
                button.click()
                page.wait_for_timeout(300)
    for page in pages:
        expect(page.locator("#results .result")).to_contain_text(
            re.compile("gagne|partagent"), timeout=10_000
        )
        expect(page.locator(".seat:not(.me) .playing-card[data-card]")).to_have_count(2)  # shown
        expect(page.locator("#board .playing-card")).to_have_count(5)
    for name, page in zip(("hery", "voahangy"), pages):
        page.screenshot(path=str(artifacts / f"table-showdown-{name}.png"), full_page=True)

    for page in pages:
        expect(page.locator("#hand-number")).to_have_text("Main n° 2", timeout=15_000)
    for name, page in zip(("hery", "voahangy"), pages):
        page.screenshot(path=str(artifacts / f"table-next-hand-{name}.png"), full_page=True)
    for context in contexts:
        context.close()
    assert table_id
