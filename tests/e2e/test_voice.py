"""Voice at the table (issue 34, docs/voice.md), in Debian's chromium with fake media devices, on
loopback: the players seated at a table connect to each other and hear whoever has his microphone
on, and nothing once he turns it off; a player moved to another table hears that table and no more
the old one, his microphone still on; a spectator hears a table only where it allows it; the page
asks for the microphone only when its button is pressed. Screenshots of a table with voice on go
to artifacts/ (voice-*.png).

One server for the whole module; each test has tables of its own."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from .conftest import CHROMIUM_FLAGS, chromium_path
from .server import AppServer

FAKE_MEDIA = [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--autoplay-policy=no-user-gesture-required",
]

ARRANGE = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from poker import services
User = get_user_model()
users, sessions = {}, {}
for name in ("hery", "voahangy", "feno", "lanto", "soa"):
    user = User.objects.create_user(name, password="voice-pass-2026", first_name=name.capitalize())
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    users[name], sessions[name] = user, session.session_key
tables = {}
# Tournament tables: nothing is dealt before the organizer starts them (the voice room needs no hand).
for key, names in {
    "three": ("hery", "voahangy", "feno"),
    "old": ("hery", "feno"),
    "new": ("lanto",),
    "spectated": ("hery",),
    "shots": ("hery", "voahangy", "feno", "lanto", "soa"),
}.items():
    table = services.table_open(name="Table " + key, kind="tournament", max_seats=6, starting_stack=2000)
    for name in names:
        services.table_seat_player(table=table, user=users[name])
    tables[key] = table.pk
print(json.dumps({"users": {n: u.pk for n, u in users.items()}, "sessions": sessions, "tables": tables}))
"""

# Counts the page's calls to getUserMedia.
COUNT_GUM = """
window.__gumCalls = 0;
if (navigator.mediaDevices) {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (constraints) => {
    window.__gumCalls += 1;
    return original(constraints);
  };
}
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = AppServer(tmp_path_factory.mktemp("voice")).start()
    yield app
    app.stop()


@pytest.fixture(scope="module")
def arranged(server):
    return json.loads(server.shell(ARRANGE).strip().splitlines()[-1])


@pytest.fixture(scope="module")
def media_browser(playwright):
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS + FAKE_MEDIA)
    yield browser
    browser.close()


class Player:
    """One person's browser context, logged in by his session cookie."""

    def __init__(self, browser, server, arranged, name, viewport=(390, 844)):
        self.server, self.name = server, name
        self.user = arranged["users"][name]
        self.context = browser.new_context(
            locale="fr-FR",
            viewport={"width": viewport[0], "height": viewport[1]},
            permissions=["microphone", "camera"],
        )
        cookie = {"name": "sessionid", "value": arranged["sessions"][name], "url": server.url}
        self.context.add_cookies([cookie])
        self.context.add_init_script(COUNT_GUM)
        self.page = self.context.new_page()

    def open(self, table_id):
        self.page.goto(f"{self.server.url}/tables/{table_id}/")
        self.page.wait_for_function("() => window.arfVoice !== undefined")
        return self

    def connected(self, users):
        """Waits until this page's connection to each of ``users`` is "connected"."""
        wanted = sorted(users)
        self.page.wait_for_function(
            """wanted => {
                const peers = Object.values(window.arfVoice.peers());
                const up = peers.filter(p => p.connection === "connected").map(p => p.user).sort();
                return JSON.stringify(up) === JSON.stringify(wanted);
            }""",
            arg=wanted,
            timeout=30_000,
        )

    def heard_bytes(self, user) -> int:
        """Audio bytes received from ``user`` so far (0 when not connected to him)."""
        return self.page.evaluate("window.arfVoice.bytes()").get(str(user), {}).get("audioIn", 0)

    def hears(self, user, *, within=15.0) -> bool:
        start = self.heard_bytes(user)
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            if self.heard_bytes(user) > start + 1500:
                return True
            time.sleep(0.25)
        return False

    def silent_from(self, user, *, over=2.0) -> bool:
        """Nothing more of ``user``'s audio over ``over`` seconds (after a moment for the packets
        already on their way)."""
        time.sleep(0.8)
        before = self.heard_bytes(user)
        time.sleep(over)
        return self.heard_bytes(user) == before

    def peer_users(self):
        return sorted(p["user"] for p in self.page.evaluate("window.arfVoice.peers()").values())

    def gum_calls(self) -> int:
        return self.page.evaluate("window.__gumCalls")

    def mic(self):
        return self.page.locator("#voice-mic")

    def close(self):
        self.context.close()


@pytest.fixture
def players(media_browser, server, arranged):
    opened = []

    def make(name, **options):
        player = Player(media_browser, server, arranged, name, **options)
        opened.append(player)
        return player

    yield make
    for player in opened:
        player.close()


def test_three_players_connect_and_hear_a_microphone_only_while_it_is_on(players, arranged):
    table = arranged["tables"]["three"]
    hery, voahangy, feno = (players(n).open(table) for n in ("hery", "voahangy", "feno"))
    for me in (hery, voahangy, feno):
        me.connected([p.user for p in (hery, voahangy, feno) if p is not me])
    # Nobody was asked for his microphone: the button is off, and nothing is sent.
    for me in (hery, voahangy, feno):
        assert me.gum_calls() == 0
        expect(me.mic()).to_have_attribute("aria-pressed", "false")
        expect(me.mic()).to_have_text("Micro coupé")
    assert voahangy.silent_from(hery.user, over=1.0)

    hery.mic().click()
    expect(hery.mic()).to_have_attribute("aria-pressed", "true")
    expect(hery.mic()).to_have_text("Micro ouvert")
    assert hery.gum_calls() == 1
    for listener in (voahangy, feno):
        assert listener.hears(hery.user)
        # His seat says his microphone is on.
        expect(listener.page.locator(".seat.speaking, .seat .voice-mark:not(.off)").first).to_be_visible()
    assert voahangy.silent_from(feno.user, over=1.0)  # feno's microphone was never on

    hery.mic().click()
    expect(hery.mic()).to_have_attribute("aria-pressed", "false")
    for listener in (voahangy, feno):
        assert listener.silent_from(hery.user)
        expect(listener.page.locator(".seat .voice-mark.off")).to_have_count(3)  # every seat's microphone off
    assert hery.gum_calls() == 1

    # Push to talk: held, he is heard; let go, he is not.
    hery.page.get_by_role("button", name="Réglages de la voix").click()
    hery.page.get_by_label("Appuyer pour parler", exact=False).check()
    box = hery.mic().bounding_box()
    hery.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    hery.page.mouse.down()
    expect(hery.mic()).to_have_attribute("aria-pressed", "true")
    assert feno.hears(hery.user)
    hery.page.mouse.up()
    expect(hery.mic()).to_have_attribute("aria-pressed", "false")
    assert feno.silent_from(hery.user)


def test_a_moved_player_hears_his_new_table_not_the_old_one_microphone_kept(players, arranged, server):
    old, new = arranged["tables"]["old"], arranged["tables"]["new"]
    hery = players("hery").open(old)
    feno = players("feno").open(old)
    lanto = players("lanto").open(new)
    hery.connected([feno.user])
    feno.connected([hery.user])
    lanto.mic().click()
    hery.mic().click()
    feno.mic().click()
    assert feno.hears(hery.user)
    assert hery.hears(feno.user)

    # The championship's move between hands: his seat at the old table goes, one at the new comes;
    # his page goes there (as static/js/evening.js does, location.assign).
    server.shell(f"""
from django.contrib.auth import get_user_model
from poker import services
from poker.models import Table
feno = get_user_model().objects.get(username="feno")
services.table_remove_player(table=Table.objects.get(pk={old}), user=feno)
services.table_seat_player(table=Table.objects.get(pk={new}), user=feno)
""")
    feno.page.evaluate(f"location.assign('/tables/{new}/')")
    feno.page.wait_for_url(f"**/tables/{new}/")
    feno.page.wait_for_function("() => window.arfVoice !== undefined")
    feno.connected([lanto.user])
    # His microphone is on again by itself at the new table (kept for this tab), and heard there.
    expect(feno.mic()).to_have_attribute("aria-pressed", "true")
    assert feno.hears(lanto.user)
    assert lanto.hears(feno.user)
    # The old table's room has let him go: neither side hears the other any more.
    hery.page.wait_for_function(
        f"() => !Object.values(window.arfVoice.peers()).some(p => p.user === {feno.user})"
    )
    assert feno.peer_users() == [lanto.user]
    assert hery.heard_bytes(feno.user) == 0


def test_a_spectator_hears_a_table_only_where_it_allows_it(players, arranged, server):
    table = arranged["tables"]["spectated"]
    hery = players("hery").open(table)
    hery.mic().click()
    expect(hery.mic()).to_have_attribute("aria-pressed", "true")

    # Not allowed: the room refuses him (a user outside the room), and the page shows no voice.
    soa = players("soa").open(table)
    soa.page.wait_for_function("() => window.arfVoice.state.status === 'refused'")
    expect(soa.page.locator("#voice")).to_be_hidden()
    assert soa.peer_users() == []
    assert hery.peer_users() == []

    server.shell(
        f"from poker.models import Table; Table.objects.filter(pk={table}).update(voice_listeners=True)"
    )
    soa.open(table)
    soa.connected([hery.user])
    assert soa.hears(hery.user)
    # He listens only: no microphone nor camera button, and getUserMedia never called.
    expect(soa.mic()).to_be_hidden()
    expect(soa.page.locator("#voice-cam")).to_be_hidden()
    expect(soa.page.locator("#voice-state")).to_have_text("Vous écoutez la table.")
    assert soa.gum_calls() == 0


SIZES = [(360, 640), (412, 915), (1366, 900)]


def test_screenshots_of_a_table_with_voice_on(players, arranged, server, artifacts):
    table = arranged["tables"]["shots"]
    server.shell(
        "from poker import services; from poker.models import Table; "
        f"services.table_start(table=Table.objects.get(pk={table}))"
    )
    hery = players("hery", viewport=SIZES[0]).open(table)
    others = [players(n).open(table) for n in ("voahangy", "feno", "lanto")]
    hery.connected([p.user for p in others])
    hery.mic().click()
    hery.page.locator("#voice-cam").click()
    others[0].mic().click()
    others[1].page.locator("#voice-cam").click()
    others[2].mic().click()
    others[2].mic().click()  # on and off: his seat shows the muted mark
    expect(hery.page.locator(".voice-tile")).to_have_count(2)
    expect(hery.page.locator(".seat.speaking")).not_to_have_count(0)
    for width, height in SIZES:
        hery.page.set_viewport_size({"width": width, "height": height})
        hery.page.wait_for_timeout(300)
        hery.page.screenshot(path=str(artifacts / f"voice-{width}x{height}.png"))
        # The voice row never covers the cards or the action buttons: it is in the page's flow,
        # above the felt.
        voice = hery.page.locator("#voice").bounding_box()
        felt = hery.page.locator("#felt").bounding_box()
        assert voice["y"] + voice["height"] <= felt["y"]
    hery.page.get_by_role("button", name="Réglages de la voix").click()
    hery.page.set_viewport_size({"width": 360, "height": 640})
    hery.page.screenshot(path=str(artifacts / "voice-panel-360x640.png"), full_page=True)


def test_a_fifth_camera_is_refused_with_a_message(players, arranged):
    table = arranged["tables"]["shots"]
    hery = players("hery").open(table)
    others = [players(n).open(table) for n in ("voahangy", "feno", "lanto", "soa")]
    hery.connected([p.user for p in others])
    for other in others:
        other.page.locator("#voice-cam").click()
        expect(other.page.locator("#voice-cam")).to_have_attribute("aria-pressed", "true")
    expect(hery.page.locator(".voice-tile")).to_have_count(4)
    hery.page.locator("#voice-cam").click()
    expect(hery.page.locator("#voice-said")).to_have_text(
        "4 caméras au plus par table\u202f: il faut d’abord qu’une autre s’éteigne."
    )
    expect(hery.page.locator("#voice-cam")).to_have_attribute("aria-pressed", "false")
    assert hery.gum_calls() == 0  # the camera was never asked for
    # One goes off: his camera may come on.
    others[0].page.locator("#voice-cam").click()
    expect(hery.page.locator(".voice-tile")).to_have_count(3)
    hery.page.locator("#voice-cam").click()
    expect(hery.page.locator("#voice-cam")).to_have_attribute("aria-pressed", "true")
    assert hery.gum_calls() == 1
