"""Web Push in chromium: the consent button where the player may say yes (never a prompt at load),
and the service worker's push handler driven through DevTools (``ServiceWorker.deliverPushMessage``,
the message as the server writes it): the notification is shown, a newer turn of the same table
replaces it, and its click brings the app's window to the table."""

import json
import time

from playwright.sync_api import expect

from .passes import drawing_only
from .server import AppServer
from .test_table import log_in

pytestmark = drawing_only

ARRANGE = """
from datetime import date
from django.contrib.auth import get_user_model
from championship.services.seasons import season_create
from poker import services
get_user_model().objects.create_user("hery", password="table-pass-2026", first_name="Hery")
table = services.table_open(name="Table du vendredi", kind="cash", max_seats=6, starting_stack=2000)
season = season_create(name="Saison 2026", starts_on=date(2026, 12, 10), sessions=6)
print(table.pk, season.sessions.get(number=1).pk)
"""

READY = "navigator.serviceWorker.ready.then(() => true)"
NOTIFICATIONS = """navigator.serviceWorker.ready.then(r => r.getNotifications()).then(list => list.map(n => (
  {title: n.title, body: n.body, tag: n.tag, url: n.data && n.data.url, icon: n.icon, at: n.timestamp})))"""

# The click, run in the service worker: the notification shown is clicked as the browser would
# dispatch it. A script's event is not trusted, so its ``waitUntil`` would throw: the handler's
# promise is kept by the test instead, and awaited.
CLICK = """async () => {
  const [notification] = await self.registration.getNotifications();
  const event = new NotificationEvent("notificationclick", {notification});
  let kept = null;
  Object.defineProperty(event, "waitUntil", {value: promise => { kept = promise; }});
  self.dispatchEvent(event);
  await kept;
  return (await self.registration.getNotifications()).length;
}"""


def _shown(page, *, newer_than: float = 0, timeout: float = 10) -> list[dict]:
    """The notifications shown, once there is one newer than ``newer_than`` (ms since the epoch)."""
    deadline = time.monotonic() + timeout
    while True:
        shown = page.evaluate(NOTIFICATIONS)
        if any(n["at"] > newer_than for n in shown):
            return shown
        assert time.monotonic() < deadline, f"no notification newer than {newer_than}: {shown}"
        page.wait_for_timeout(100)


def _payload(kind: str, table_id: int, **params) -> str:
    from poker.push.notices import Notice  # the server's own message

    notice = Notice(kind, 1, url=f"/tables/{table_id}/", tag=f"turn-{table_id}", params=params)
    return notice.payload("fr")


def test_the_button_and_a_pushed_turn_shown_then_clicked_to_the_table(browser, tmp_path, artifacts):
    server = AppServer(tmp_path)
    lines = server.manage("webpush_keys").split()  # the lines README says to put in the environment
    server.env.update(line.split("=", 1) for line in lines if line.startswith("WEBPUSH_VAPID_"))
    server.start()
    try:
        table_id, session_id = map(int, server.shell(ARRANGE).split()[-2:])
        context, page = log_in(browser, server, "hery")
        context.grant_permissions(["notifications"], origin=server.url)
        for width, height in ((360, 640), (412, 915), (1366, 900)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(f"{server.url}/compte/profil/")
            button = page.get_by_role("button", name="Recevoir les notifications", exact=True)
            expect(button).to_be_visible()
            button.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts / f"push-profile-{width}.png"))
            page.goto(f"{server.url}/championnat/seances/{session_id}/")
            expect(page.get_by_role("button", name="Recevoir les notifications", exact=True)).to_be_visible()
            page.screenshot(path=str(artifacts / f"push-session-{width}.png"))
        assert page.evaluate(READY)

        cdp = context.new_cdp_session(page)
        registrations = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
        cdp.send("ServiceWorker.enable")
        deadline = time.monotonic() + 10
        while not [r for r in registrations if r["scopeURL"] == server.url + "/"]:  # enable()'s events
            assert time.monotonic() < deadline, registrations
            page.wait_for_timeout(50)
        (registration,) = {r["registrationId"] for r in registrations if r["scopeURL"] == server.url + "/"}

        def deliver(data: str) -> None:
            cdp.send(
                "ServiceWorker.deliverPushMessage",
                {"origin": server.url, "registrationId": registration, "data": data},
            )

        deliver(_payload("turn", table_id, table="Table du vendredi"))
        (first,) = _shown(page)
        page.wait_for_timeout(20)
        deliver(_payload("turn", table_id, table="Table du vendredi"))  # his next turn at that table
        (shown,) = _shown(page, newer_than=first["at"])  # the newer replaced the older: one, not two
        assert shown["title"] == "À vous de jouer"
        assert shown["body"] == "Table du vendredi\u202f: c’est à vous de jouer."
        assert shown["tag"] == f"turn-{table_id}"
        assert shown["url"] == f"{server.url}/tables/{table_id}/"
        assert shown["icon"].endswith(".png")

        (worker,) = [w for w in context.service_workers if w.url.endswith("/sw.js")]
        assert worker.evaluate(CLICK) == 0  # closed once clicked
        page.wait_for_url(f"{server.url}/tables/{table_id}/")  # the window of the app, at the table
        expect(page.locator("#status")).to_have_text("En attente de joueurs")

        # A message of another site's page never leads out of the app.
        deliver(json.dumps({"title": "x", "body": "y", "url": "https://elsewhere.example/", "tag": "t"}))
        (shown,) = _shown(page)
        assert shown["url"] == server.url + "/"
        context.close()
    finally:
        server.stop()
