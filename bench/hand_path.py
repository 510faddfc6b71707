"""The hot path in figures that do not depend on the machine's load: the queries and the CPU of one
player's action and of one hand's end, at a championship session's table (8 members), in one
thread, without websockets (the broadcasts it would send are dropped), beside the same at a plain
table with the same players (no championship: its receivers do nothing), the anchor.

    .venv/bin/python bench/hand_path.py [--hands 40] [--profile FILE]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arf_bench .venv/bin/python bench/hand_path.py \\
        [--before ../before --before-database postgres://postgres@127.0.0.1:5432/arf_before]

``--before DIR``: the same script run first on another checkout (``git worktree add DIR <commit>``,
its ``.venv`` linked, its own database migrated), so that both print in one run.

The database must be migrated (``manage.py migrate``); SQLite by default. Every player checks or
calls with deep stacks; the next hand is dealt at once. Three kinds of change are counted apart:
an action the hand goes on after, an action that ends the hand (the hand's end: its knock-outs,
statistics, pair figures), and the deal of the next hand (the pause's deadline firing). For each:
the statements the change sends in its transaction ("queries", by ``CaptureQueriesContext``,
BEGIN/COMMIT/SAVEPOINT aside, counted in a first pass), then, in a second pass without counting, the
process's CPU (``time.process_time``) of the change, its commit's callbacks included. The queries are
the load-independent figure; the CPU moves with the machine (compare the two columns of one run).
The hand's follow-up after its transaction (``poker.tables.after_end``: the season's figures, the
pair figures) is counted apart ("after": its queries, its thread's CPU), and its CPU is in the
change's too (the process's CPU until it is done). ``--profile FILE``: a third pass at the session's
table under cProfile, by kind, into FILE-<kind>.txt (the 40 functions of most cumulative time).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

# HAND_PATH_ROOT: another checkout of the project (``--before``) measured by this same script.
ROOT = Path(os.environ.get("HAND_PATH_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
os.environ.setdefault("POKER_PAUSE_MS", "0")
os.environ.setdefault("POKER_REVEAL_MS", "0")
os.environ.setdefault("POKER_DEADLINE_LOOP", "0")
if os.environ.get("DATABASE_URL", "").startswith("postgres"):
    os.environ.setdefault("DB_POOL_MIN_SIZE", "2")
    os.environ.setdefault("DB_POOL_MAX_SIZE", "10")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db import close_old_connections, connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from poker import services  # noqa: E402
from poker.models import Hand, Seat, Table  # noqa: E402
from poker.tables import broadcast, cache  # noqa: E402

try:
    from poker.tables import after_end
except ImportError:  # the code before the hands' follow-up left their transaction
    after_end = None

VERBS = ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")
DEEP = 10_000_000


def session_table(tag: str) -> Table:
    """A championship session (online) of 8 members, started: its round-1 table, stacks deep."""
    from championship.models import GameTable, Session
    from championship.services import sessions as run
    from championship.services.registrations import fee_record, registration_create
    from tests.factories import MemberFactory, UserFactory, season_with_session

    _season, session = season_with_session(players=0, name=f"Bench {tag}")
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    session.refresh_from_db()
    for i in range(8):
        user = UserFactory(username=f"hp-{tag}-{i}")
        member = MemberFactory(user=user, nickname=f"HP {tag} {i}")
        registration = registration_create(session=session, member=member, by=None)
        fee_record(registration=registration, amount="1", paid=True, method="cash")
    run.session_start(session=session, by=None)
    table = GameTable.objects.get(session=session, round_number=1).poker_table
    Seat.objects.filter(table=table).update(stack=DEEP, connections=1)
    cache.forget_all()  # the seats changed behind the table's back
    return table


def plain_table(tag: str) -> Table:
    users = get_user_model().objects
    table = services.table_open(name=f"Plain {tag}", kind="tournament", small_blind=10, big_blind=20)
    for seat in range(1, 9):
        user = users.create(username=f"hp-plain-{tag}-{seat}")
        services.table_seat_player(table=table, user=user, stack=DEEP, seat=seat)
    return table


def fire_due(table: Table) -> bool:
    """The table's pending deadline fired now; False when none is pending."""
    from datetime import timedelta

    from django.utils import timezone

    now = Table.objects.only("deadline_at", "deadline_kind", "seq").get(pk=table.pk)
    if now.deadline_at is None:
        return False
    Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now() - timedelta(milliseconds=1))
    services.table_fire_deadline(table_id=table.pk, kind=now.deadline_kind, seq=now.seq)
    return True


def next_change(table: Table, users: dict[int, object]):
    """(kind, the change to run): an action, or the deadline that deals the next hand."""
    now = Table.objects.only("actor_seat", "seq", "hand_id", "legal", "deadline_at").get(pk=table.pk)
    if not now.actor_seat:
        return "deal", lambda: fire_due(table)
    action = "check" if (now.legal or {}).get("check") else "call"
    user = users[now.actor_seat]

    def run():
        services.table_act(
            table_id=table.pk, user=user, action=action, amount=None, hand_id=now.hand_id, seq=now.seq
        )

    return "action", run


# The follow-up of each hand's end, after its transaction (poker.tables.after_end; absent from the
# code before it): its queries (on its own thread's connection) and its thread's CPU, as measured.
FOLLOW_UPS: list[tuple[int, float]] = []
COUNTING = {"queries": False}


def watch_follow_ups() -> None:
    if after_end is None:
        return
    follow_up = after_end.follow_up

    def watched(hand_id: int, **rows) -> bool:
        at = time.thread_time()
        if COUNTING["queries"]:
            if threading.current_thread() is not threading.main_thread():
                connection.queries_log.clear()  # its own thread's log (at most 9,000 queries)
            with CaptureQueriesContext(connection) as queries:
                done = follow_up(hand_id, **rows)
            count = statements(queries)
        else:
            done, count = follow_up(hand_id, **rows), 0
        FOLLOW_UPS.append((count, (time.thread_time() - at) * 1000))
        return done

    after_end.follow_up = watched


def statements(queries: CaptureQueriesContext) -> int:
    return len([q for q in queries.captured_queries if q["sql"].lstrip("( ").upper().startswith(VERBS)])


def play(table: Table, hands: int, *, count_queries: bool, profiles=None) -> dict[str, list[float]]:
    """``hands`` hands played; per kind, the queries (counting) or the CPU in ms, and the same of
    the hands' follow-up after their transaction ("after")."""
    users = {s.number: s.user for s in Seat.objects.filter(table=table).select_related("user")}
    figures: dict[str, list[float]] = defaultdict(list)
    start = Table.objects.get(pk=table.pk).hands_dealt
    COUNTING["queries"] = count_queries
    while Table.objects.get(pk=table.pk).hands_dealt < start + hands:
        kind, run = next_change(table, users)
        hand_id = Table.objects.only("hand_id").get(pk=table.pk).hand_id
        close_old_connections()
        FOLLOW_UPS.clear()
        if count_queries:
            connection.queries_log.clear()  # its window is 9,000 queries: counts from an empty log
            with CaptureQueriesContext(connection) as queries:
                run()
                if after_end is not None:
                    after_end.drain()
            figure = statements(queries)
        else:
            profile = cProfile.Profile() if profiles is not None else None
            at = time.process_time()  # every thread's: the follow-up's too
            if profile:
                profile.enable()
            run()
            if after_end is not None:
                after_end.drain()
            if profile:
                profile.disable()
            figure = (time.process_time() - at) * 1000
        close_old_connections()
        if kind == "action" and Hand.objects.filter(pk=hand_id, ended_at__isnull=False).exists():
            kind = "hand end"
        after = sum(q if count_queries else c for q, c in FOLLOW_UPS)
        if count_queries and after_end is not None and connection.vendor != "postgresql":
            figure -= after  # run at the commit, in this thread: counted in both
        figures[kind].append(figure)
        figures[f"{kind} after"].append(after)
        if profiles is not None:
            profiles[kind].append(profile)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--profile", metavar="FILE")
    parser.add_argument("--before", metavar="DIR", help="a checkout of the code before, measured first")
    parser.add_argument("--before-database", metavar="URL", help="its own database (migrated)")
    args = parser.parse_args()
    if args.before:
        print(f"The code before ({args.before}):", flush=True)
        env = {**os.environ, "HAND_PATH_ROOT": args.before}
        if args.before_database:
            env["DATABASE_URL"] = args.before_database
        subprocess.run(
            [sys.executable, __file__, "--hands", str(args.hands)], env=env, cwd=args.before, check=True
        )
        print(f"\nThis code ({ROOT}):", flush=True)
    broadcast.deferred.set([])  # the event loop's part, not measured here (as in a websocket's action)
    watch_follow_ups()
    tag = str(time.time_ns())[-8:]
    print(f"database: {connection.vendor}; {args.hands} hands a pass, 8 players checking or calling")
    rows = {}
    for name, make in (("plain table", plain_table), ("session table", session_table)):
        table = make(tag)
        services.table_start(table=table) if name == "plain table" else fire_due(table)  # the first hand
        play(table, 5, count_queries=False)  # warm-up
        queries = play(table, args.hands, count_queries=True)
        cpu = play(table, args.hands, count_queries=False)
        rows[name] = (queries, cpu)
        if args.profile and name == "session table":
            profiles = defaultdict(list)
            play(table, args.hands, count_queries=False, profiles=profiles)
            for kind, profile in profiles.items():
                out = io.StringIO()
                pstats.Stats(*profile, stream=out).sort_stats("cumulative").print_stats(40)
                path = f"{args.profile}-{kind.replace(' ', '-')}.txt"
                Path(path).write_text(out.getvalue())
                print(f"profile of {kind}: {path}")
    print(
        f"{'change':<9} {'':>13} {'queries in its transaction':>27} {'after':>6}"
        f" {'CPU ms (median)':>16} {'mean':>6} {'of which after':>15}"
    )
    for kind in ("action", "hand end", "deal"):
        for name, (queries, cpu) in rows.items():
            q, c = queries.get(kind, [0]), cpu.get(kind, [0])
            qa, ca = queries.get(f"{kind} after", [0]), cpu.get(f"{kind} after", [0])
            print(
                f"{kind:<9} {name:>13} {statistics.mean(q):>27.1f} {statistics.mean(qa):>6.1f}"
                f" {statistics.median(c):>16.2f} {statistics.mean(c):>6.2f} {statistics.mean(ca):>15.2f}"
            )
    for name, (queries, cpu) in rows.items():
        actions = len(queries["action"]) + len(queries["hand end"])
        in_tx = sum(sum(queries[k]) for k in ("action", "hand end", "deal"))
        after = sum(sum(queries[f"{k} after"]) for k in ("action", "hand end", "deal"))
        actions_c = len(cpu["action"]) + len(cpu["hand end"])
        total_c = sum(sum(cpu[k]) for k in ("action", "hand end", "deal"))
        print(
            f"{name}: a player's action, the deals and the hands' ends shared out over the actions:"
            f" {in_tx / actions:.2f} queries in the tables' transactions + {after / actions:.2f} after,"
            f" {total_c / actions_c:.2f} ms of CPU"
        )


if __name__ == "__main__":
    main()
