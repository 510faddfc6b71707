"""Web Push and a table's action: what a pushed turn costs the player who acts, on PostgreSQL.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arf_bench \\
        .venv/bin/python bench/push.py [--actions 1000] [--delay 0.3]

The database must be migrated. A table of 8 players who check or call (as ``bench/service.py``),
each with a device subscribed at a push service played on 127.0.0.1 that answers after ``--delay``
seconds (a slow one). Every action gives the turn to a player with no page in sight, so every
action queues a push. Blocks of 100 actions alternate with Web Push off (the table core's turn
signal not heard) and on; each
action's wall and CPU time (``thread_time``: the push threads' work is not counted) is measured in
the acting thread, as ``bench/service.py`` does. The
anchor is the same action with Web Push off, in the same run: the difference is what the push
costs the action path (the queue after the commit); the push's own HTTP request runs in the push
threads. Also printed: how many pushes reached the push service and how many the bounded queue
dropped (a push service slower than the turns: the bench's turns come every few milliseconds, an
evening's every few seconds).
"""

from __future__ import annotations

import argparse
import base64
import logging
import os
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
os.environ.setdefault("POKER_PAUSE_MS", "0")
os.environ.setdefault("POKER_REVEAL_MS", "0")
os.environ.setdefault("DB_POOL_MIN_SIZE", "2")
os.environ.setdefault("DB_POOL_MAX_SIZE", "10")

import django

django.setup()

from cryptography.hazmat.primitives import serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import close_old_connections  # noqa: E402

from poker import services, signals  # noqa: E402
from poker.models import Table  # noqa: E402
from poker.push import outbox  # noqa: E402
from poker.push import services as push_services  # noqa: E402
from poker.push.models import Subscription  # noqa: E402
from poker.tables import broadcast  # noqa: E402
from tests.poker.helpers import fire_until_next_hand  # noqa: E402


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def public_of(key) -> bytes:
    return key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


class Dropped(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "dropped" in record.getMessage():
            self.count += int(record.args[0])


def push_service(delay: float) -> tuple[str, list[float]]:
    arrivals: list[float] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            time.sleep(delay)
            arrivals.append(time.perf_counter())
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", arrivals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--delay", type=float, default=0.3)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL (PostgreSQL)")
    broadcast.deferred.set([])  # the event loop's part, not measured here
    dropped = Dropped()
    logging.getLogger("poker.push").addHandler(dropped)
    url, arrivals = push_service(args.delay)
    server_key = ec.generate_private_key(ec.SECP256R1())
    keys = (
        b64url(public_of(server_key)),
        b64url(server_key.private_numbers().private_value.to_bytes(32, "big")),
    )

    users = get_user_model().objects
    tag = str(time.time_ns())[-8:]
    table = services.table_open(name=f"Push {tag}", kind="tournament", small_blind=10, big_blind=20)
    players = {}
    for seat in range(1, 9):
        players[seat] = users.create(username=f"push-{tag}-{seat}")
        services.table_seat_player(table=table, user=players[seat], stack=10_000_000, seat=seat)
        device = ec.generate_private_key(ec.SECP256R1())
        Subscription.objects.create(
            user=players[seat],
            endpoint=f"{url}/push/{tag}-{seat}",
            p256dh=b64url(public_of(device)),
            auth=b64url(os.urandom(16)),
        )
    services.table_start(table=table)
    settings.WEBPUSH_VAPID_PUBLIC_KEY, settings.WEBPUSH_VAPID_PRIVATE_KEY = keys
    hearing = True
    measured = {False: ([], []), True: ([], [])}  # push on? -> (wall ms, cpu ms)
    done = -200  # warm-up, push off
    while done < args.actions:
        now = Table.objects.only("actor_seat", "seq", "hand_id", "legal").get(pk=table.pk)
        if not now.actor_seat:
            fire_until_next_hand(table)
            continue
        on = done >= 0 and (done // 100) % 2 == 1
        if on != hearing:  # off: the table core's signal is not heard (no notice is queued)
            (signals.turn_started.connect if on else signals.turn_started.disconnect)(
                push_services.on_turn_started, dispatch_uid="push.turn_started"
            )
            hearing = on
        action = "check" if (now.legal or {}).get("check") else "call"
        cpu_at, wall_at = time.thread_time(), time.perf_counter()  # this thread's: not the push threads'

        close_old_connections()
        services.table_act(
            table_id=table.pk,
            user=players[now.actor_seat],
            action=action,
            amount=None,
            hand_id=now.hand_id,
            seq=now.seq,
        )
        close_old_connections()
        if done >= 0:
            measured[on][0].append((time.perf_counter() - wall_at) * 1000)
            measured[on][1].append((time.thread_time() - cpu_at) * 1000)
        done += 1
    sent_at = time.perf_counter()
    outbox.drain(timeout=600)
    for on in (True, False):
        wall, cpu = measured[on]
        p99 = sorted(wall)[int(len(wall) * 0.99) - 1]
        print(
            f"Web Push {'on ' if on else 'off'}: {len(wall)} actions, "
            f"wall median {statistics.median(wall):.3f} ms, "
            f"p99 {p99:.3f} ms, CPU mean {statistics.mean(cpu):.3f} ms an action"
            + ("   (anchor)" if not on else "")
        )
    print(
        f"pushes received by the push service (each answering after {args.delay} s): {len(arrivals)}, "
        f"dropped by the bounded queue: {dropped.count}; the last arrived "
        f"{(max(arrivals) - sent_at) if arrivals else 0:.1f} s after the last action"
    )


if __name__ == "__main__":
    main()
