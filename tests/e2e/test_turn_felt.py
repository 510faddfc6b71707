"""At the table on a phone: the screen stays awake while he is seated (Screen Wake Lock, asked
again when the page is seen again, let go when he leaves), his turn vibrates unless he turned the
sound and alerts off, a screen reader hears whose turn it is and the last action; and his card
settings (the four-colour deck) show at the table and after a reload. The browser's wake lock,
vibration and visibility are stand-ins that count the page's calls (headless Chromium has none)."""

from playwright.sync_api import expect

from .passes import drawing_only
from .test_table import ARRANGE, log_in

pytestmark = drawing_only

STAND_INS = """
window.__vibrations = []; window.__locks = { requested: 0, released: 0 }; window.__hidden = false;
Navigator.prototype.vibrate = function (pattern) { window.__vibrations.push(pattern); return true; };
function Sentinel() { this.released = false; this.listeners = []; }
Sentinel.prototype.addEventListener = function (type, f) { this.listeners.push(f); };
Sentinel.prototype.release = function () {
  if (this.released) return Promise.resolve();
  this.released = true;
  window.__locks.released += 1;
  this.listeners.forEach(function (f) { f(); });
  return Promise.resolve();
};
var wakeLock = { request: function () {
  window.__locks.requested += 1;
  window.__lock = new Sentinel();
  return Promise.resolve(window.__lock);
} };
Object.defineProperty(Navigator.prototype, "wakeLock", { get: function () { return wakeLock; } });
Object.defineProperty(Document.prototype, "hidden", { get: function () { return window.__hidden; } });
Object.defineProperty(Document.prototype, "visibilityState", {
  get: function () { return window.__hidden ? "hidden" : "visible"; },
});
"""
# The browser lets the lock go when the page is hidden; the page asks again when it is seen.
HIDE = """h => {
  window.__hidden = h;
  if (h && window.__lock) window.__lock.release();
  document.dispatchEvent(new Event('visibilitychange'));
}"""
LOCKS = "[window.__locks.requested, window.__locks.released]"


def test_seated_the_screen_stays_on_his_turn_vibrates_and_is_announced(app_server, browser):
    app_server.shell(ARRANGE)
    pages = {}
    for name in ("hery", "voahangy"):
        context, page = log_in(browser, app_server, name)
        context.add_init_script(STAND_INS)
        page.get_by_role("link", name="Tables").click()
        page.get_by_role("link", name="Table du vendredi").click()
        expect(page.locator("#status")).to_have_text("En attente de joueurs")
        assert page.evaluate(LOCKS) == [0, 0]  # watching: the screen may dim
        page.get_by_role("button", name="S’asseoir ici").first.click()
        pages[name] = page
    for page in pages.values():
        expect(page.locator("#hand-number")).to_have_text("Main n° 1", timeout=10_000)
        assert page.evaluate(LOCKS) == [1, 0]
    actor = next(p for p in pages.values() if p.locator("#actions").is_visible())
    waiting = next(p for p in pages.values() if p is not actor)
    assert actor.evaluate("window.__vibrations") == [120]
    assert waiting.evaluate("window.__vibrations") == []
    expect(actor.locator("#announce")).to_have_attribute("aria-live", "polite")
    expect(actor.locator("#announce")).to_contain_text("À vous de jouer")
    actor_name = actor.locator(".seat.me .name").inner_text()
    expect(waiting.locator("#announce")).to_contain_text(f"À {actor_name} de jouer")
    # The buttons are named by the action they show; the shortcut letter is said apart.
    call = actor.locator("#check-call")
    expect(call).to_have_attribute("aria-keyshortcuts", "C")
    expect(actor.get_by_role("button", name=call.inner_text(), exact=True)).to_have_count(1)

    waiting.evaluate(HIDE, True)  # he looks at another app: the browser drops the lock
    waiting.evaluate(HIDE, False)
    assert waiting.evaluate(LOCKS) == [2, 1]  # asked again

    waiting.locator("#mute").click()  # sound and vibration off
    expect(waiting.locator("#mute")).to_have_attribute("aria-pressed", "true")
    call.click()  # heads-up before the flop: the small blind calls, the big blind's turn
    expect(waiting.locator("#actions")).to_be_visible()
    expect(waiting.locator("#announce")).to_contain_text("À vous de jouer")
    expect(waiting.locator("#announce")).to_contain_text(actor_name)  # "... suit 20", the last action
    assert waiting.evaluate("window.__vibrations") == []

    actor.locator("#leave").click()  # he leaves: once out of his seat, the screen may dim again
    for _ in range(150):  # wait_for_function's polling evaluates a string: the policy refuses it
        if actor.evaluate(LOCKS)[1]:
            break
        actor.wait_for_timeout(100)
    assert actor.evaluate(LOCKS) == [1, 1]


def test_the_four_colour_deck_shows_at_the_table_once_chosen_and_after_a_reload(
    app_server, browser, artifacts
):
    app_server.shell(ARRANGE)
    _, page = log_in(browser, app_server, "hery")
    page.get_by_role("link", name="Tables").click()
    page.get_by_role("link", name="Table du vendredi").click()
    table_url = page.url
    colour = """suit => {
      var card = ArfTable.cardNode("T" + suit, true);
      document.getElementById("board").appendChild(card);
      var value = getComputedStyle(card).color;
      card.remove();
      return [value, card.offsetWidth];
    }"""
    # The page's scripts may come from the service worker's cache, after the load: wait for them.
    page.wait_for_function("typeof ArfTable !== 'undefined'")
    assert page.evaluate(colour, "d")[0] == "rgb(200, 16, 46)"  # the classic deck: diamonds red

    page.goto(app_server.url + "/compte/profil/")
    page.get_by_label("Jeu à quatre couleurs").check()
    page.get_by_label("Cartes plus grandes").check()
    page.get_by_role("button", name="Enregistrer").last.click()
    expect(page.get_by_text("Vos réglages des cartes sont enregistrés.")).to_be_visible()
    for _ in range(2):  # the table, then the table reloaded
        page.goto(table_url)
        page.wait_for_function("typeof ArfTable !== 'undefined'")
        colours = {suit: page.evaluate(colour, suit)[0] for suit in "shdc"}
        assert colours == {
            "s": "rgb(17, 17, 17)",
            "h": "rgb(200, 16, 46)",
            "d": "rgb(26, 86, 219)",
            "c": "rgb(19, 115, 51)",
        }
    page.get_by_role("button", name="S’asseoir ici").first.click()
    page.screenshot(path=str(artifacts / "table-four-colours-390.png"))
