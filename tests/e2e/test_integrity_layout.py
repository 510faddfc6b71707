"""The organizer's integrity page on a phone and a laptop: each pair's figures show, for every
count, the player towards the other, towards the others, the others towards that player and the
expected count (docs/integrity.md, "The score"); the table scrolls inside its card on a phone
instead of widening the page. Screenshots at each size."""

from playwright.sync_api import expect

from .passes import drawing_only

pytestmark = drawing_only

SETUP = """
import random
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from bench.integrity import simulated_hands
from bench.integrity_db import store_session
from championship.integrity.record import rebuild
orga = get_user_model().objects.create_user("orga", password="orga-pass-2026", first_name="Orga")
orga.groups.add(Group.objects.get(name="Organisateurs"))
session, _ = store_session(random.Random(3), players=16, hands=240, simulate=simulated_hands)
rebuild([session])
print(session.pk)
"""
SIZES = [(360, 640), (412, 915), (1366, 900)]


def _login(page, url, username, password):
    page.goto(url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(password)
    page.get_by_role("button", name="Connexion").click()


def test_each_count_shows_the_others_towards_the_player_and_the_expected_count(
    app_server, browser, artifacts
):
    session_pk = app_server.shell(SETUP).strip().splitlines()[-1]
    for width, height in SIZES:
        context = browser.new_context(locale="fr-FR", viewport={"width": width, "height": height})
        page = context.new_page()
        _login(page, app_server.url, "orga", "orga-pass-2026")
        page.goto(f"{app_server.url}/championnat/seances/{session_pk}/integrite/")
        first = page.locator("#pair-1 table.integrity-side").first
        headers = first.locator("thead th")
        expect(headers).to_have_count(5)
        expect(headers.nth(3)).to_contain_text("les autres contre")
        expect(headers.nth(4)).to_have_text("attendu")
        # the page itself never scrolls sideways: the wide table scrolls in its own box
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(artifacts / f"integrity-{width}x{height}.png"), full_page=False)
        context.close()
