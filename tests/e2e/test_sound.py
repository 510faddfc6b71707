"""Sound starts only after the user has touched the page: the session pages' clock (static/js/clock.js)
never creates its audio before a tap or a key, which browsers refuse (and log). The page is the
clock's markup with the real script; the browser's audio is a stand-in that counts."""

from .passes import drawing_only

pytestmark = drawing_only

COUNT_AUDIO = """
window.__audio = 0; window.__tones = 0;
function FakeAudio() {
  window.__audio += 1; this.currentTime = 0; this.destination = {}; this.state = "running";
}
FakeAudio.prototype.resume = function () { return Promise.resolve(); };
FakeAudio.prototype.createGain = function () {
  return { gain: { value: 0, setValueAtTime: function () {}, exponentialRampToValueAtTime: function () {} },
           connect: function (x) { return x; } };
};
FakeAudio.prototype.createOscillator = function () {
  return { frequency: {}, connect: function (x) { return x; }, start: function () { window.__tones += 1; },
           stop: function () {} };
};
window.AudioContext = FakeAudio;
"""

CLOCK_PAGE = """<!doctype html><html><body>
<section data-clock data-level="1" data-seconds-left="600" data-running="1">
<span data-clock-time></span></section>
<button id="somewhere">x</button>
<script src="/static/js/clock.js"></script>
</body></html>"""

LEVEL_UP = """level => {
  document.querySelector("[data-clock]").setAttribute("data-level", String(level));
  document.querySelector("[data-clock]")._deadline = undefined;
  document.dispatchEvent(new Event("htmx:afterSettle"));
}"""


def test_the_clock_beeps_a_new_level_only_after_a_tap(app_server, browser):
    context = browser.new_context()
    context.add_init_script(COUNT_AUDIO)
    page = context.new_page()
    url = app_server.url + "/clock-test/"
    page.route(url, lambda route: route.fulfill(body=CLOCK_PAGE, content_type="text/html"))
    page.goto(url)
    page.wait_for_function("document.querySelector('[data-clock-time]').textContent !== ''")
    page.evaluate(LEVEL_UP, 2)
    page.wait_for_timeout(300)
    assert page.evaluate("[window.__audio, window.__tones]") == [0, 0]  # no audio without a gesture
    page.locator("#somewhere").click()
    page.evaluate(LEVEL_UP, 3)
    page.wait_for_function("window.__tones >= 3")
    assert page.evaluate("window.__audio") == 1
    context.close()
