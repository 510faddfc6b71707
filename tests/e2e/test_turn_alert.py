"""His turn while the page is hidden (he switched apps or tabs): a marker at the start of the title
and, when he turned them on with the button (permission asked on that click, never on load), a
browser notification. The browser's Notification and the page's visibility are stand-ins set
before the page loads (headless Chromium never hides a page)."""

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import ARRANGE, log_in

pytestmark = drawing_only

STAND_INS = """
window.__notes = []; window.__asked = 0; window.__hidden = false;
function FakeNotification(title, options) { window.__notes.push({ title: title, body: options.body }); }
FakeNotification.permission = "default";
FakeNotification.prototype.close = function () {};
FakeNotification.requestPermission = function () {
  window.__asked += 1; FakeNotification.permission = "granted"; return Promise.resolve("granted");
};
window.Notification = FakeNotification;
Object.defineProperty(Document.prototype, "hidden", { get: function () { return window.__hidden; } });
Object.defineProperty(Document.prototype, "visibilityState", {
  get: function () { return window.__hidden ? "hidden" : "visible"; },
});
"""

HIDE = "h => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }"


def test_his_turn_in_a_hidden_page_marks_the_title_and_notifies_him_if_he_asked(app_server, browser):
    app_server.shell(ARRANGE)
    pages = {}
    for name in ("hery", "voahangy"):
        context, page = log_in(browser, app_server, name)
        context.add_init_script(STAND_INS)
        page.get_by_role("link", name="Tables").click()
        page.get_by_role("link", name="Table du vendredi").click()
        page.get_by_role("button", name="S’asseoir ici").first.click()
        pages[name] = page
    for page in pages.values():
        expect(page.locator("#hand-number")).to_have_text("Main n° 1", timeout=10_000)
        assert page.evaluate("window.__asked") == 0  # never asked on load
    actor = next(p for p in pages.values() if p.locator("#actions").is_visible())
    waiting = next(p for p in pages.values() if p is not actor)
    button = waiting.locator("#notify")
    expect(button).to_have_text("Me prévenir")
    button.click()
    expect(button).to_have_text("Alertes de tour activées")
    assert waiting.evaluate("window.__asked") == 1
    title = waiting.title()

    waiting.evaluate(HIDE, True)  # he switches to another app
    actor.locator("#check-call").click()
    expect(waiting).to_have_title("● " + title)
    notes = waiting.evaluate("window.__notes")
    assert notes == [{"title": "À vous de jouer", "body": title}]
    waiting.evaluate(HIDE, False)  # back on the table
    expect(waiting).to_have_title(title)

    # Alerts not turned on (the first player's): the title says it, no notification. Heads-up, the
    # big blind acts first after the flop: he checks twice, then it is the first player's turn.
    # The bar may never disappear between his two turns (the flop comes in the same update), so
    # wait for the flop itself before his second check.
    actor.evaluate(HIDE, True)
    expect(waiting.locator("#actions")).to_be_visible()
    waiting.locator("#check-call").click()  # before the flop: he checks, the flop comes
    expect(waiting.locator("#board .playing-card")).to_have_count(3)
    expect(waiting.locator("#actions")).to_be_visible()
    waiting.locator("#check-call").click()  # on the flop: he checks, the first player's turn
    expect(waiting.locator("#actions")).to_be_hidden()
    expect(actor).to_have_title("● " + title)
    assert actor.evaluate("window.__notes") == [] and actor.evaluate("window.__asked") == 0
