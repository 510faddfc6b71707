"""One table's service alone: the CPU and wall time of a player's action (``table_act``), in one
thread, on PostgreSQL, without websockets or Redis (the broadcasts it would send are dropped).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arf_bench \\
        .venv/bin/python bench/service.py [--actions 2000] [--profile]

The database must be migrated (``manage.py migrate``). A table of 8 players with deep stacks who
check or call; the hands' ends are dealt on at once. Each action is measured between Django's
connection checks, as a websocket message runs it (``poker.tables.db.in_thread``), after 200
actions of warm-up (PostgreSQL prepares the change's statements after a few). The part of
``bench/tables.py``'s "cpu ms" that is the service: the rest is the websockets, Redis and the loop.
``--profile``: the 30 functions of most own time (cProfile) and the calls that wait on the database.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
os.environ.setdefault("POKER_PAUSE_MS", "0")
os.environ.setdefault("POKER_REVEAL_MS", "0")
# Pooled connections, as deployed (docker-compose.yml): each action borrows one and gives it back.
os.environ.setdefault("DB_POOL_MIN_SIZE", "2")
os.environ.setdefault("DB_POOL_MAX_SIZE", "10")

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import close_old_connections  # noqa: E402

from poker import services  # noqa: E402
from poker.models import Table  # noqa: E402
from poker.tables import broadcast  # noqa: E402
from tests.poker.helpers import fire_until_next_hand  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL (PostgreSQL)")
    broadcast.deferred.set([])  # the event loop's part, not measured here
    users = get_user_model().objects
    tag = str(time.time_ns())[-8:]
    table = services.table_open(name=f"Service {tag}", kind="tournament", small_blind=10, big_blind=20)
    players = {}
    for seat in range(1, 9):
        players[seat] = users.create(username=f"service-{tag}-{seat}")
        services.table_seat_player(table=table, user=players[seat], stack=10_000_000, seat=seat)
    services.table_start(table=table)
    profile = cProfile.Profile() if args.profile else None
    cpu = wall = 0.0
    done = -200  # warm-up
    while done < args.actions:
        now = Table.objects.only("actor_seat", "seq", "hand_id", "legal").get(pk=table.pk)
        if not now.actor_seat:
            fire_until_next_hand(table)
            continue
        action = "check" if (now.legal or {}).get("check") else "call"
        measured = done >= 0
        cpu_at, wall_at = time.process_time(), time.perf_counter()
        if measured and profile:
            profile.enable()
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
        if measured and profile:
            profile.disable()
        if measured:
            cpu += time.process_time() - cpu_at
            wall += time.perf_counter() - wall_at
        done += 1
    print(
        f"{args.actions} actions: CPU {cpu / args.actions * 1000:.3f} ms, "
        f"wall {wall / args.actions * 1000:.3f} ms an action (the database's part is in the wall time)"
    )
    if profile:
        stats = pstats.Stats(profile).sort_stats("tottime")
        stats.print_stats(30)
        stats.print_callers("connection.py.*wait")


if __name__ == "__main__":
    main()
