"""Voice at the table (issue 34, docs/voice.md): what a full mesh costs each participant.

    nice -n 10 .venv/bin/python bench/voice.py [--sizes 2,4,8] [--seconds 20] [--presses 3]

Starts its own daphne (``tests/e2e/server.py``, a fresh SQLite database, the in-memory layer) with
one table seating the largest size, and Debian's chromium (Playwright) with fake media devices (a
beep on the microphone, a test pattern on the camera), one browser context a participant, all on
loopback. For each size n, n players open the table page and join its voice room:

- time to be heard: one player presses the microphone button while the others listen; from the
  click (``Date.now()`` in his page) to the first growth of a listener's ``bytesReceived`` from him
  (``getStats`` polled every 10 ms in the listener's page; the same machine, the same clock). The
  press includes getUserMedia (the button opens the microphone each time it is turned on). Median
  and worst of ``--presses`` presses.
- bitrate: every microphone on, over ``--seconds``: each participant's audio bytes sent and
  received (``outbound-rtp`` / ``inbound-rtp`` over all his connections), in kb/s of payload;
  beside it the anchor, Opus at about 32 kb/s a stream: (n-1) x 32 kb/s up and as much down.
- CPU: the chromium processes' CPU time over the same window (``/proc/<pid>/stat``, utime + stime),
  the renderers (the pages, where WebRTC runs) and every chromium process (with the audio and
  network services), divided by n, as a share of one core.

The figures depend on the machine's load: two shared cores here, n renderers on them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM_FLAGS  # noqa: E402
from tests.e2e.server import AppServer  # noqa: E402

FAKE_MEDIA = [
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--autoplay-policy=no-user-gesture-required",
]
OPUS_KBPS = 32

ARRANGE = """
import json
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from poker import services
users, sessions = [], []
table = services.table_open(name="Voice bench", kind="tournament", max_seats=8, starting_stack=2000)
for k in range(%(n)d):
    user = get_user_model().objects.create_user(f"voice{k}", password="x", first_name=f"Voice{k}")
    services.table_seat_player(table=table, user=user)
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    users.append(user.pk)
    sessions.append(session.session_key)
# Each size takes its first n players: the others leave the table (the room is the seated players').
print(json.dumps({"table": table.pk, "users": users, "sessions": sessions}))
"""

TICK = os.sysconf("SC_CLK_TCK")


def chromium_cpu() -> tuple[float, float, float]:
    """CPU seconds of this process's chromium descendants (renderers, all) and the renderers'
    resident memory in MB."""
    me = os.getpid()
    parents, stats, renderer, rss = {}, {}, set(), {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        pid = int(entry)
        parents[pid] = int(fields[1])
        if b"chrom" in cmdline:
            stats[pid] = (int(fields[11]) + int(fields[12])) / TICK
            rss[pid] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE") / 1e6
            if b"--type=renderer" in cmdline:
                renderer.add(pid)

    def mine(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == me:
                return True
        return False

    ours = {pid: cpu for pid, cpu in stats.items() if mine(pid)}
    renderers = [pid for pid in ours if pid in renderer]
    return sum(ours[pid] for pid in renderers), sum(ours.values()), sum(rss[pid] for pid in renderers)


def guarded_sleep(seconds: float) -> None:
    """Sleeps, but stops the run if the renderers' memory passes MEMORY_LIMIT_MB: on a loaded
    machine chromium's audio can fall behind and its buffers grow (seen once at 8 participants)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(min(1.0, end - time.monotonic()))
        if chromium_cpu()[2] > MEMORY_LIMIT_MB:
            sys.exit(f"stopped: the renderers hold more than {MEMORY_LIMIT_MB} MB")


MEMORY_LIMIT_MB = 4000


def wait_connected(page, count: int) -> None:
    page.wait_for_function(
        "n => Object.values(window.arfVoice.peers()).filter(p => p.connection === 'connected').length === n",
        arg=count,
        timeout=60_000,
    )


# In a listener's page: resolves with Date.now() at the first growth of the audio bytes from ``user``.
WATCH = """user => new Promise(ready => {
  window.heardAt = null;
  const read = () => window.arfVoice.bytes().then(b => (b[user] || {}).audioIn || 0);
  read().then(start => {
    ready();
    const timer = setInterval(() => read().then(now => {
      if (now > start && window.heardAt === null) { clearInterval(timer); window.heardAt = Date.now(); }
    }), 10);
  });
})"""
CLICK = "() => document.getElementById('voice-mic').click()"
PRESS = "() => { const t = Date.now(); document.getElementById('voice-mic').click(); return t; }"


def measure(browser, server, arranged, n: int, seconds: float, presses: int) -> dict:
    contexts, pages = [], []
    table = arranged["table"]
    for k in range(n):
        context = browser.new_context(locale="fr-FR", permissions=["microphone", "camera"])
        context.add_cookies([{"name": "sessionid", "value": arranged["sessions"][k], "url": server.url}])
        page = context.new_page()
        page.goto(f"{server.url}/tables/{table}/")
        page.wait_for_function("() => window.arfVoice !== undefined")
        contexts.append(context)
        pages.append(page)
    try:
        for page in pages:
            wait_connected(page, n - 1)
        speaker, listener = pages[0], pages[1]
        heard = []
        for _ in range(presses):
            listener.evaluate(WATCH, arranged["users"][0])
            pressed = speaker.evaluate(PRESS)
            listener.wait_for_function("() => window.heardAt !== null", timeout=30_000)
            heard.append(listener.evaluate("window.heardAt") - pressed)
            speaker.evaluate(CLICK)  # off again
            guarded_sleep(1.0)
        for page in pages:
            page.evaluate(CLICK)
        guarded_sleep(2.0)  # every stream started
        before = [page.evaluate("window.arfVoice.bytes()") for page in pages]
        cpu_before, clock = chromium_cpu(), time.monotonic()
        guarded_sleep(seconds)
        after = [page.evaluate("window.arfVoice.bytes()") for page in pages]
        cpu_after, elapsed = chromium_cpu(), time.monotonic() - clock
        up, down = [], []
        for b0, b1 in zip(before, after, strict=True):
            up.append(
                sum(b1[u]["audioOut"] - b0.get(u, {}).get("audioOut", 0) for u in b1) * 8 / elapsed / 1000
            )
            down.append(
                sum(b1[u]["audioIn"] - b0.get(u, {}).get("audioIn", 0) for u in b1) * 8 / elapsed / 1000
            )
        return {
            "n": n,
            "up": statistics.mean(up),
            "down": statistics.mean(down),
            "renderer_cpu": (cpu_after[0] - cpu_before[0]) / elapsed / n,
            "all_cpu": (cpu_after[1] - cpu_before[1]) / elapsed / n,
            "rss": cpu_after[2] / n,
            "heard_median": statistics.median(heard),
            "heard_max": max(heard),
        }
    finally:
        for context in contexts:
            context.close()
        time.sleep(1.0)  # the room hears them leave before the next size joins


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", default="2,4,8")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--presses", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("needs Debian's chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        server = AppServer(Path(tmp)).start()
        try:
            arranged = json.loads(server.shell(ARRANGE % {"n": max(sizes)}).strip().splitlines()[-1])
            rows = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=chromium, args=CHROMIUM_FLAGS + FAKE_MEDIA
                )
                for n in sorted(sizes, reverse=True):  # the seats beyond n leave before each size
                    keep = arranged["users"][:n]
                    server.shell(
                        "from poker.models import Seat\n"
                        f"Seat.objects.filter(table_id={arranged['table']}).exclude(user_id__in={keep}).delete()"
                    )
                    rows.append(measure(browser, server, arranged, n, args.seconds, args.presses))
                    print(f"n={n} done", file=sys.stderr)
                browser.close()
        finally:
            server.stop()
    print(
        f"{'participants':>12} {'up kb/s':>9} {'down kb/s':>10} {'anchor (n-1)x32':>16} "
        f"{'renderer CPU':>13} {'chromium CPU':>13} {'renderer MB':>12} {'heard after (median, worst)':>28}"
    )
    for r in sorted(rows, key=lambda r: r["n"]):
        anchor = (r["n"] - 1) * OPUS_KBPS
        print(
            f"{r['n']:>12} {r['up']:>9.1f} {r['down']:>10.1f} {anchor:>16} "
            f"{r['renderer_cpu'] * 100:>12.1f}% {r['all_cpu'] * 100:>12.1f}% {r['rss']:>12.0f} "
            f"{r['heard_median']:>17.0f} ms, {r['heard_max']:.0f} ms"
        )
    print("up/down: audio payload a participant, every microphone on; CPU: share of one core a participant.")


if __name__ == "__main__":
    main()
