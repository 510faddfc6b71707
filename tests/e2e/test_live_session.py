"""The organizer runs a live session from his phone: registers 10 members and marks their fees,
starts, records knock-outs with one tap, undoes a mistaken one, finishes; the public leaderboard
shows the points."""

import re

from playwright.sync_api import expect

NAMES = ["Hery", "Voahangy", "Tiana", "Mialy", "Fanja", "Njaka", "Lova", "Haja", "Soa", "Faly"]
SETUP = f"""
from datetime import date
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from championship.models import Member
from championship.services.seasons import season_create
user = get_user_model().objects.create_user("orga", password="orga-pass-2026", first_name="Orga")
user.groups.add(Group.objects.get(name="Organisateurs"))
for name in {NAMES!r}:
    Member.objects.create(full_name=name + " Ra", nickname=name)
Member.objects.create(full_name="Hors Jeu", nickname="Horsjeu", eligible=False)
season = season_create(name="Saison test", starts_on=date.today())
print(season.sessions.get(number=1).pk)
"""
SCALE = [100, 80, 65, 50, 40, 30]


def _knockouts(page):
    return page.locator("#knockouts li")


def _tap_out(page, table: int) -> str:
    """One tap on the first player of a table; waits for the knock-out to be listed."""
    count = _knockouts(page).count()
    button = page.locator(f"#table-{table} ol.seats button").first
    name = button.get_attribute("aria-label").removeprefix("Éliminer").strip()
    button.click()
    expect(_knockouts(page)).to_have_count(count + 1)
    return name


def test_the_organizer_runs_a_live_session_and_the_leaderboard_shows_the_points(
    app_server, browser, artifacts
):
    session_pk = app_server.shell(SETUP).strip().splitlines()[-1]
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(app_server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill("orga-pass-2026")
    page.get_by_role("button", name="Connexion").click()

    # Registration and fees
    page.goto(f"{app_server.url}/championnat/seances/{session_pk}/inscriptions/")
    expect(page.locator("#register-form")).not_to_contain_text("Horsjeu")
    for name in NAMES:
        page.locator("#register-form").get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Inscrire", exact=True).click()
    expect(page.locator("#registrations tbody tr")).to_have_count(10)
    for name in NAMES:
        page.get_by_role("button", name=f"Payé en espèces\u202f: {name}").click()
        paid = NAMES.index(name) + 1
        said = f"{paid} a payé" if paid == 1 else f"{paid} ont payé"
        expect(page.locator("#fee-totals")).to_contain_text(said)
    expect(page.locator("#fee-totals")).to_contain_text("10,00\u00a0€ reçus sur 10,00\u00a0€")
    page.get_by_role("button", name="Commencer la séance").click()
    page.locator("dialog").get_by_role("button", name="Commencer et tirer les places").click()

    # Round 1: two tables of 5, each stops at 3
    expect(page.locator("#session-status")).to_have_text("1er tour")
    expect(page.locator("#live")).to_contain_text("Tiré au sort le")
    mistaken = _tap_out(page, 1)
    undo = page.locator("#knockouts li").filter(has_text=mistaken)
    undo.locator("summary").click()
    undo.get_by_role("textbox").fill("mauvais joueur touché")
    undo.get_by_role("button", name="Annuler cette élimination").click()
    expect(page.locator("#live")).to_contain_text(f"L’élimination de {mistaken} est annulée.")
    expect(page.locator("#knockouts li.undone")).to_have_count(1)
    expect(page.locator("#audit")).to_contain_text("mauvais joueur touché")
    for table in (1, 1, 2, 2):
        _tap_out(page, table)
    page.get_by_role("button", name="Tirer le 2e tour").click()
    page.locator("dialog").get_by_role("button", name="Tirer le 2e tour").click()

    # Round 2: six qualifiers at one table, out one by one
    expect(page.locator("#session-status")).to_have_text("2e tour")
    expect(page.locator("#table-1 ol.seats li")).to_have_count(6)
    order = [_tap_out(page, 1) for _ in range(5)]
    expect(page.locator("#session-status")).to_have_text("terminée, à clôturer")
    winner = page.locator("#results tbody tr").first.locator("a").inner_text()
    page.screenshot(path=str(artifacts / "live-session-organizer.png"), full_page=True)
    page.get_by_role("button", name="Clôturer la séance").click()
    page.locator("dialog").get_by_role("button", name="Clôturer la séance").click()
    expect(page.locator("#session-status")).to_have_text("clôturée")

    # The public leaderboard, without logging in
    public = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844}).new_page()
    public.goto(app_server.url + "/championnat/classement/")
    expected = {winner: 100} | {name: SCALE[5 - i] for i, name in enumerate(order)}
    rows = public.locator("#standings tbody tr")
    expect(rows).to_have_count(10)
    for name, points in expected.items():
        row = rows.filter(has=public.get_by_role("link", name=name, exact=True))
        expect(row.locator("td").nth(2)).to_have_text(str(points))
    expect(rows.first).to_contain_text(winner)
    expect(public.locator("figure.chart svg polyline").first).to_be_visible()
    assert re.search(r"\b0\b", rows.last.inner_text())  # out in round 1: no points
    public.screenshot(path=str(artifacts / "live-session-leaderboard.png"), full_page=True)
    context.close()
