"""The app installed on a phone: Chrome finds nothing missing to install it (its DevTools protocol's
installability check), a navigation without a network shows the offline page instead of the
browser's error, and a table page seen again is drawn from the service worker's files."""

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import ARRANGE, log_in

pytestmark = drawing_only

# The service worker active and in charge of the page (it claims the pages open when it starts).
READY = """navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller
  || new Promise(r => navigator.serviceWorker.addEventListener("controllerchange", () => r(true))))"""


def test_chrome_can_install_the_app_and_a_navigation_offline_shows_the_offline_page(
    app_server, browser_type, browser_type_launch_args, tmp_path, artifacts
):
    # A profile of its own: Chrome installs no app from an incognito context (Playwright's usual one).
    context = browser_type.launch_persistent_context(
        tmp_path / "profile",
        **browser_type_launch_args,
        locale="fr-FR",
        viewport={"width": 412, "height": 915},
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(app_server.url + "/")
    assert page.evaluate(READY)
    cdp = context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [] and manifest["url"].endswith("/manifest.webmanifest")
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []

    context.set_offline(True)
    page.goto(app_server.url + "/championnat/classement/")  # never kept: the offline page says why
    expect(page.get_by_role("heading", name="Pas de connexion…")).to_be_visible()
    page.screenshot(path=str(artifacts / "offline-412.png"))
    context.set_offline(False)
    page.get_by_role("link", name="Réessayer").click()  # the page he wanted, once the network is back
    expect(page.get_by_role("heading", name="Classement")).to_be_visible()
    context.close()


def test_a_table_page_seen_again_is_drawn_from_the_service_workers_files(app_server, browser):
    app_server.shell(ARRANGE)
    context, page = log_in(browser, app_server, "hery")
    page.get_by_role("link", name="Tables").click()
    page.get_by_role("link", name="Table du vendredi").click()
    expect(page.locator("#status")).to_have_text("En attente de joueurs")
    assert page.evaluate(READY)
    version = page.locator("meta[name=arf-assets]").get_attribute("content")
    page.wait_for_function(f"document.cookie.indexOf('arf_assets={version}') >= 0")
    served = {}
    page.on("response", lambda r: served.setdefault(r.url.rsplit("/", 1)[-1], r.from_service_worker))
    page.reload()
    expect(page.locator("#status")).to_have_text("En attente de joueurs")  # drawn by its scripts
    assert served.get("table.js") is True and served.get("table.css") is True
    context.close()
