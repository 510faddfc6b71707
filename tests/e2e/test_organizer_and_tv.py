"""The organizer on his laptop and the TV clock on the room's screen, two browsers: every
irreversible button asks first in a dialog that says what it will do (and, without JavaScript, on a
page of its own); the TV follows each change pushed over the session's socket, without polling or
reloading: the start, the first deal that starts the clock (online), a pause, a level, a knock-out,
the end. It says when it lost its connection. The time from the organizer's click to the TV showing
it is printed and written to artifacts/tv-push-times.txt."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.factories import PASSWORD  # the accounts the kit and the factories make

SETUP = """
from tests.factories import OrganizerFactory, UserFactory
from tests.kit.online import online_session, register_paid
OrganizerFactory(username="orga", first_name="Orga")
season, online, _ = online_session(tonight=True, ready_seconds=10, name="Saison TV")
live = season.sessions.get(number=2)
for i, name in enumerate(["Hery", "Voahangy", "Tiana", "Mialy"]):
    user = UserFactory(username=f"p{i}", first_name=name)
    for session in (online, live):
        register_paid(session, user, nickname=name)
print(online.pk, live.pk)
"""
LEVEL_7 = """
from championship.models import Session
from championship.services import clock
clock.clock_set_level(session=Session.objects.get(pk={pk}), level=6, by=None)
"""
TV_SIZES = [(1366, 768), (1920, 1080)]
ORGANIZER_SIZES = [(360, 640), (412, 915), (1366, 900)]


def _login(browser, server, **options):
    context = browser.new_context(locale="fr-FR", viewport={"width": 1366, "height": 900}, **options)
    page = context.new_page()
    page.goto(server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Connexion").click()
    page.wait_for_url(lambda url: "/connexion/" not in url)
    return page


def _shots(page, artifacts, name, sizes):
    size = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
    page.set_viewport_size(size)


class Stopwatch:
    """From the organizer's click to the TV showing it."""

    def __init__(self):
        self.times: list[tuple[str, float]] = []

    def __call__(self, what, act, seen):
        start = time.monotonic()
        act()
        expect(seen).to_be_visible(timeout=10_000)
        self.times.append((what, time.monotonic() - start))


def test_the_organizer_confirms_in_dialogs_and_the_tv_follows_within_a_moment(app_server, browser, artifacts):
    online_pk, live_pk = app_server.shell(SETUP).strip().splitlines()[-1].split()
    organizer = _login(browser, app_server)
    tv_context = browser.new_context(locale="fr-FR", viewport={"width": 1920, "height": 1080})
    tv = tv_context.new_page()
    stopwatch = Stopwatch()

    # Without JavaScript, the start button answers with its question on a page; Cancel changes nothing.
    plain = _login(browser, app_server, java_script_enabled=False)
    plain.goto(f"{app_server.url}/championnat/seances/{online_pk}/")
    plain.get_by_role("button", name="Commencer la séance").click()
    expect(plain.get_by_role("heading", name="Commencer la séance 1\u202f?")).to_be_visible()
    expect(plain.locator(".question")).to_contain_text("4 inscrits · 1 table")
    _shots(plain, artifacts, "question-page", ORGANIZER_SIZES)
    plain.get_by_role("link", name="Annuler").click()
    expect(plain.locator("#session-status")).to_have_text("inscriptions ouvertes")
    plain.context.close()

    # The online session: the TV before the start.
    tv.goto(f"{app_server.url}/championnat/seances/{online_pk}/horloge/")
    expect(tv.locator("[data-countdown]")).to_be_visible()
    organizer.goto(f"{app_server.url}/championnat/seances/{online_pk}/")
    start = organizer.get_by_role("button", name="Commencer la séance")
    start.click()
    dialog = organizer.locator("dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Commencer la séance 1\u202f?")).to_be_visible()
    expect(dialog).to_contain_text("4 inscrits · 1 table")
    expect(dialog).to_contain_text("C’est irréversible.")
    expect(dialog.get_by_role("button", name="Annuler")).to_be_focused()  # the safe choice first
    _shots(organizer, artifacts, "question-dialog", ORGANIZER_SIZES)
    dialog.get_by_role("button", name="Annuler").click()
    expect(dialog).to_be_hidden()
    expect(organizer.locator("#session-status")).to_have_text("inscriptions ouvertes")
    start.click()
    # A double click on the dialog's button starts the session once (no "already started" error).
    stopwatch(
        "start",
        lambda: dialog.get_by_role("button", name="Commencer et tirer les places").dblclick(),
        tv.get_by_text("commence à la première donne"),
    )
    expect(tv.locator(".tv-head")).to_contain_text("1er tour")
    expect(tv.locator(".tv-time")).to_have_text("15:00")  # level 1 whole while the players get ready
    expect(organizer.locator("#session-status")).to_have_text("1er tour")
    expect(organizer.locator("#live")).not_to_contain_text("déjà commencé")
    _shots(tv, artifacts, "tv-waiting-first-deal", TV_SIZES)
    # Nobody opens his table: the get-ready countdown (10 s) ends, the first hand is dealt, the clock runs.
    expect(tv.locator(".tv-note")).to_have_count(0, timeout=20_000)
    expect(tv.locator(".tv-level")).to_have_text("Niveau 1")
    expect(tv.locator(".tv-time")).not_to_have_text("15:00")

    organizer.reload()
    stopwatch(
        "pause (every table)",
        lambda: (
            organizer.get_by_role("button", name="Mettre toutes les tables en pause").click(),
            dialog.get_by_role("button", name="Mettre toutes les tables en pause").click(),
        ),
        tv.locator(".tv-level", has_text="en pause"),
    )
    expect(organizer.locator("#live")).to_contain_text("Toutes les tables sont en pause.")
    expect(organizer.get_by_role("button", name="Reprendre toutes les tables")).to_be_visible()  # the undo
    level = organizer.get_by_label("Niveau", exact=True)
    stopwatch(
        "level",
        lambda: (level.fill("5"), organizer.get_by_role("button", name="Aller au niveau").click()),
        tv.locator(".tv-level", has_text="Niveau 5"),
    )

    # The TV loses its connection: a small mark; back online, it goes and the TV catches up.
    tv_context.set_offline(True)
    offline_at = time.monotonic()
    expect(tv.locator("[data-offline-mark]")).to_be_visible()
    stopwatch.times.append(("offline mark", time.monotonic() - offline_at))
    _shots(tv, artifacts, "tv-offline", TV_SIZES)
    organizer.get_by_role("button", name="Reprendre toutes les tables").click()
    tv_context.set_offline(False)
    expect(tv.locator("[data-offline-mark]")).to_be_hidden()
    expect(tv.locator(".tv-level")).to_have_text("Niveau 5")  # resumed while it was offline

    # The server goes down (its socket drops): the mark within a moment; a change made meanwhile is
    # on the screen as soon as the server is back.
    port = app_server.ports.pop(0)
    server = app_server.processes.pop(0)
    server.kill()
    server.wait()
    dropped = time.monotonic()
    expect(tv.locator("[data-offline-mark]")).to_be_visible()
    stopwatch.times.append(("socket drop to the mark", time.monotonic() - dropped))
    app_server.shell(LEVEL_7.format(pk=online_pk))
    app_server.start_process(port)
    back = time.monotonic()
    expect(tv.locator(".tv-level")).to_have_text("Niveau 7")
    stopwatch.times.append(("server back to the TV resynced", time.monotonic() - back))
    expect(tv.locator("[data-offline-mark]")).to_be_hidden()

    # Unregistering a paid entrant asks first; Cancel keeps him.
    organizer.goto(f"{app_server.url}/championnat/seances/{live_pk}/inscriptions/")
    first_row = organizer.locator("#registrations tbody tr").first
    first_row.locator("summary").click()
    first_row.get_by_role("button", name="Désinscrire").click()
    expect(dialog).to_contain_text("Les frais de 1,00 € payés (espèces) ne seront plus enregistrés")
    _shots(organizer, artifacts, "question-unregister", ORGANIZER_SIZES)
    dialog.get_by_role("button", name="Annuler").click()
    expect(organizer.locator("#registrations tbody tr")).to_have_count(4)

    # The live session: knock-outs, round 2, the end, the results.
    tv.goto(f"{app_server.url}/championnat/seances/{live_pk}/horloge/")
    organizer.goto(f"{app_server.url}/championnat/seances/{live_pk}/")
    stopwatch(
        "start (live)",
        lambda: (
            organizer.get_by_role("button", name="Commencer la séance").click(),
            dialog.get_by_role("button", name="Commencer et tirer les places").click(),
        ),
        tv.get_by_role("heading", name="Placement, tour 1"),
    )
    out = organizer.locator("#table-1 ol.seats button").first
    name = out.get_attribute("aria-label").removeprefix("Éliminer").strip()
    stopwatch("knock-out", out.click, tv.locator(".tv-out li", has_text=name))
    stopwatch(
        "round-2 draw",
        lambda: (
            organizer.get_by_role("button", name="Tirer le 2e tour").click(),
            dialog.get_by_role("button", name="Tirer le 2e tour").click(),
        ),
        tv.get_by_role("heading", name="Placement, tour 2"),
    )
    organizer.locator("#table-1 ol.seats button").first.click()
    expect(tv.locator(".tv-out li")).to_have_count(2)
    stopwatch(
        "end",
        lambda: organizer.locator("#table-1 ol.seats button").first.click(),
        tv.locator(".tv-head", has_text="terminée, à clôturer"),
    )
    expect(tv.get_by_role("heading", name="Résultats")).to_be_visible()
    stopwatch(
        "close",
        lambda: (
            organizer.get_by_role("button", name="Clôturer la séance").click(),
            dialog.get_by_role("button", name="Clôturer la séance").click(),
        ),
        tv.locator(".tv-head", has_text="clôturée"),
    )
    expect(tv.locator(".tv-result-list li.winner")).to_have_count(1)
    _shots(tv, artifacts, "tv-closed", TV_SIZES)

    report = "\n".join(f"{what}: {seconds:.2f} s" for what, seconds in stopwatch.times)
    print("\nFrom the organizer's click to the TV showing it:\n" + report)
    (artifacts / "tv-push-times.txt").write_text(report + "\n")
    assert re.search(r"start: \d", report)
    tv_context.close()
    organizer.context.close()
