"""The TV clock at a family gathering, on a laptop (1366x768) and a TV (1920x1080): before the start
the session's date, a countdown, who has entered and a QR code to the session's page; during play
the clock, the seating of the round and who is out, in order; at the end the results. All of it on
one screen, without a scroll. Screenshots go to artifacts/."""

import re

from playwright.sync_api import expect

from .passes import drawing_only

pytestmark = drawing_only

ARRANGE = """
from datetime import timedelta
from django.utils import timezone
from championship.services.seasons import session_update
from tests.factories import season_with_session
season, session = season_with_session(players=18)
session_update(session=session, scheduled_at=timezone.now() + timedelta(days=2, hours=3))
print(session.pk)
"""
START = """
from championship.models import Session
from championship.services import sessions as run
session = Session.objects.get(pk={pk})
run.session_start(session=session, by=None)
for table in (1, 2):
    seat = session.seats.filter(round_number=1, table=table, active=True).order_by("seat").first()
    run.knockout_record(session=session, table=table, busted=[(seat.registration, None)], by=None)
"""
FINISH = """
from championship.models import GameTable, Session
from championship.services import sessions as run
session = Session.objects.get(pk={pk})
while session.status != "finished":
    open_tables = GameTable.objects.filter(session=session, closed_at__isnull=True)
    table = open_tables.order_by("round_number", "number").first()
    if table is None:
        run.round2_draw(session=session, by=None)
    else:
        seat = session.seats.filter(round_number=table.round_number, table=table.number, active=True).first()
        run.knockout_record(session=session, table=table.number, busted=[(seat.registration, None)], by=None)
    session.refresh_from_db()
run.session_close(session=session, by=None)
"""
# The browser's wake lock, a stand-in that counts the page's requests (headless Chromium has none).
WAKE_LOCK = """window.__wake = 0;
Object.defineProperty(Navigator.prototype, "wakeLock", { get: () => ({ request: () => {
  window.__wake += 1;
  return Promise.resolve({ addEventListener() {}, release: () => Promise.resolve() });
} }) });"""
SIZES = [(1366, 768), (1920, 1080)]
NO_SCROLL = """[document.documentElement.scrollHeight <= innerHeight,
  document.documentElement.scrollWidth <= innerWidth]"""


def _look(page, artifacts, name):
    """At each screen size: the whole of it on the screen, and its picture."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(NO_SCROLL) == [True, True], (name, width, height)
        qr = page.locator(".tv-qr-box")
        if qr.count():
            assert qr.bounding_box()["width"] >= height * 0.35  # big enough to be read from a few steps
        page.screenshot(path=str(artifacts / f"tv-{name}-{width}x{height}.png"))


def test_the_tv_shows_the_countdown_and_qr_code_then_the_seating_and_who_is_out_then_the_results(
    app_server, browser, artifacts
):
    pk = app_server.shell(ARRANGE).strip().splitlines()[-1]
    context = browser.new_context(locale="fr-FR", viewport={"width": 1920, "height": 1080})
    context.add_init_script(WAKE_LOCK)
    page = context.new_page()
    page.goto(f"{app_server.url}/championnat/seances/{pk}/horloge/")
    countdown = page.locator("[data-countdown]")
    expect(countdown).to_have_text(re.compile(r"^2 j 0[23]:\d\d:\d\d$"))
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first)  # it counts down
    expect(page.get_by_role("heading", name="18 joueurs inscrits")).to_be_visible()
    # (the accessible name's narrow no-break space before the colon is matched as a space)
    qr = page.get_by_role("img", name=re.compile("^QR code de la page de la séance : http"))
    assert qr.get_attribute("aria-label").endswith(f"/championnat/seances/{pk}/")
    expect(qr).to_be_visible()
    _look(page, artifacts, "before")
    assert page.evaluate("window.__wake") == 1  # the room's screen stays on

    app_server.shell(START.format(pk=pk))
    page.reload()
    expect(page.locator(".tv-time")).to_have_text(re.compile(r"^\d\d:\d\d$"))
    expect(page.get_by_role("heading", name="Placement, tour 1")).to_be_visible()
    expect(page.locator(".tv-table")).to_have_count(3)
    expect(page.locator(".tv-table li")).to_have_count(16)  # 18 drawn, 2 out
    expect(page.locator(".tv-out li")).to_have_count(2)
    _look(page, artifacts, "playing")

    app_server.shell(FINISH.format(pk=pk))
    page.reload()
    expect(page.get_by_role("heading", name="Résultats")).to_be_visible()
    expect(page.locator(".tv-result-list li.winner")).to_have_count(1)
    _look(page, artifacts, "results")
    context.close()
