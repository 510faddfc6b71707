"""A player downloads his hands from his phone: the history page offers the formats, the file comes
as an attachment and holds his own cards (screenshots at three sizes in artifacts/)."""

from playwright.sync_api import expect

from .passes import drawing_only
from .test_replay import ARRANGE
from .test_table import log_in

pytestmark = drawing_only

# Hery is a member with a result in a closed session of the season whose table he played at.
SEASON = """
from datetime import date
from django.contrib.auth import get_user_model
from championship.models import Member, Result, Session
from championship.services.online import provider_key
from championship.services.seasons import season_create
from poker.models import Table
season = season_create(name="Saison 2026", starts_on=date(2026, 1, 10), sessions=6)
session = season.sessions.get(number=1)
Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
Table.objects.update(blind_provider=provider_key(session))
hery = get_user_model().objects.get(username="hery")
member = Member.objects.create(full_name="Hery Rakoto", nickname="Hery", user=hery)
Result.objects.create(session=session, member=member, round_reached=2, place=1, points=10)
print(member.pk)
"""


def test_a_player_downloads_his_hands_of_the_session_from_the_history(app_server, browser, artifacts):
    table_id = app_server.shell(ARRANGE).strip().splitlines()[-1]
    context, page = log_in(browser, app_server, "hery")
    for width, height in ((360, 640), (412, 915), (1366, 900)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{app_server.url}/tables/{table_id}/mains/")
        section = page.locator("section.downloads")
        expect(section.get_by_role("heading", name="Télécharger")).to_be_visible()
        section.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"hand-downloads-{width}x{height}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    page.get_by_label("Format").select_option("pokerstars")
    with page.expect_download() as download:
        page.get_by_role("button", name="Mes mains de cette séance").click()
    text = download.value.path().read_text(encoding="utf-8")
    assert download.value.suggested_filename == f"arf-{table_id}-mine.txt"
    assert text.startswith("PokerStars Hand #") and "Dealt to Hery [" in text
    page.goto(f"{app_server.url}/tables/{table_id}/mains/1/")
    page.set_viewport_size({"width": 360, "height": 640})
    with page.expect_download() as download:
        page.get_by_role("button", name="Télécharger cette main").click()
    assert download.value.suggested_filename == f"arf-{table_id}-1.phh"
    page.screenshot(path=str(artifacts / "hand-download-replay-360x640.png"))
    member = app_server.shell(SEASON).strip().splitlines()[-1]
    page.goto(f"{app_server.url}/championnat/joueurs/{member}/")
    with page.expect_download() as download:
        page.get_by_role("button", name="Télécharger toutes mes mains de cette saison").click()
    assert download.value.suggested_filename.endswith(".phhs")
    assert "Hery" in download.value.path().read_text(encoding="utf-8")
    page.screenshot(path=str(artifacts / "hand-downloads-season-360x640.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    context.close()
