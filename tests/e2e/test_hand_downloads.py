"""A player downloads his hands from his phone: the history page offers the formats, the file comes
as an attachment and holds his own cards (screenshots at three sizes in artifacts/)."""

from playwright.sync_api import expect

from .passes import drawing_only
from .test_replay import ARRANGE
from .test_table import log_in

pytestmark = drawing_only


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
    context.close()
