"""Real-time tables under load: N tables of 8 bot websocket clients on one daphne process, with
PostgreSQL and Redis, beside the bare Channels broadcast measured in the same run.

Run from the repository root, with the real services:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/arf REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/tables.py [--tables 10,25,50,100] [--saturate 25,50,100] [--seconds 20]

How to read the output. First the floor: 8 clients in one group, one of them sends, the consumer
broadcasts to the group, the time until all 8 have it (closed loop: broadcasts/s = 1 / latency),
on stock daphne (the anchor of issue 4), then the same on daphne with uvloop's event loop, as the
app runs (``python -m arf.serve``). Then, for each N, a fresh database and daphne process with N
tables, run as deployed (DEBUG off, database connections pooled): every bot answers when it
is its turn, after "thinking" (--think, 1 s on average: quicker than people), mostly calls and
checks, a few raises and folds, through the whole app (locked row, engine, stored events, the
public view and each player's own part, Redis). "latency" is from the bot sending its action to
each of the 7 other clients of the table receiving the update (p50, p99); "actions/s" is what all
tables together did ("vs bare": over the stock floor, "vs uv": over the uvloop floor); "cpu ms" is
daphne's CPU time per action (all its threads: the service, the views, Redis, the websockets), and
"cpu %" daphne's CPU use (one process holds Python's lock: about 90-100 % is all it can do), "bots %"
this process's (the bots' clients; its collector is set as the server's, so that a pause of the
harness is not timed as the server's). Then
runs with bots that answer at once (--saturate): with few tables the pauses between hands
(POKER_PAUSE_MS, 3 s as in production) leave the process idle part of the time, so the sustained
rate is where more tables add no actions/s and daphne is busy. Each saturated run is followed by
three more floors with as many groups as tables, all busy at once: the bare Channels broadcast (the
process's own ceiling, with the layer's 8 deliveries a message), the same after the least durable
transaction a message on PostgreSQL (the group's row locked, its counter bumped and committed in a
worker thread, as a table's change is: what one transaction a change adds to the broadcast), and
the same with no channel layer at all (each consumer writes to its group's consumers itself:
daphne's own 1 message in and 8 out, which no app can go under). The app can beat the first two:
its process takes a table's message from Redis once and hands it to its 8 consumers itself
(poker/tables/fanout.py), where the bare broadcast takes it from Redis once a client. Every floor
prints its server's CPU a broadcast. Last, the stock floor again: the machine is shared, and the
floor moves with what else runs.
Targets (issue 4): p99 < 100 ms at 100 tables or more, and actions/s at least half the bare
broadcast rate; issue 17: 0.9 of the uvloop floor saturated, p99 < 100 ms at 200 tables, under
2 ms of daphne CPU an action. The bots run in this process, on the same 2 cores as daphne,
PostgreSQL and Redis: their own JSON parsing is part of every figure.

``--profile FILE`` records daphne with py-spy (``pip install py-spy``) during each saturated run's
measured seconds, into FILE-N.txt: one stack a line with its count (samples of the thread holding
Python's lock, at 200 a second; a sample is wall time, so a write that wakes Redis on the same
core counts where it waits).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arf.collector import tune_for_a_server  # noqa: E402
from poker.tables import delta  # noqa: E402
from tests.e2e.server import AppServer, free_port  # noqa: E402
from tests.e2e.wsclient import WebSocket  # noqa: E402

ARRANGE = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from poker import services
User = get_user_model()
out = []
for t in range({tables}):
    table = services.table_open(name=f"Bench {{t}}", kind="tournament", small_blind=10, big_blind=20)
    cookies = []
    for s in range(8):
        user = User.objects.create(username=f"b{{t}}-{{s}}", first_name=f"Bot {{t}}.{{s}}")
        services.table_seat_player(table=table, user=user, stack=10_000_000, seat=s + 1)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append("sessionid=" + session.session_key)
    out.append({{"id": table.pk, "cookies": cookies}})
print(json.dumps(out))
"""

START = """
from poker import services
from poker.models import Table
for table in Table.objects.filter(pk__in={ids}):
    services.table_start(table=table)
"""


# The app as docker-compose.yml deploys it: DEBUG off (no query log, no debug cursors), database
# connections pooled. The bots connect with ws:// on the loopback, so no TLS redirect.
DEPLOYED = {
    "DEBUG": "0",
    "SECRET_KEY": "bench-" + os.urandom(16).hex(),
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "0",
    "LOG_LEVEL": "WARNING",
    "DB_POOL_MIN_SIZE": "2",
    "DB_POOL_MAX_SIZE": "10",
}


def process_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


# --------------------------------------------------------------------------------------------------
# The floor: bare Channels broadcast


async def bare_broadcast(
    port: int, seconds: float, size: int, groups: int = 1, pid: int | None = None, route: str = "bare"
) -> tuple[float, list[float], float]:
    """``groups`` groups of 8 clients, each in a closed loop (one broadcast in flight at a time):
    one group is the issue's floor (the latency of one broadcast); as many groups as tables is the
    most the process delivers when every table is busy, beside the saturated runs. Returns the
    broadcasts a second, their latencies and the server's CPU seconds (``pid``) while measuring."""
    payload = json.dumps({"type": "update", "pad": "x" * size})
    latencies: list[float] = []
    count = 0
    start_all, stop = asyncio.Event(), asyncio.Event()

    async def loop_of(clients: list[WebSocket]) -> None:
        nonlocal count
        await start_all.wait()
        while not stop.is_set():
            start = time.perf_counter()
            await clients[0].send(payload)
            for client in clients:
                json.loads(await client.recv_text())
            if not stop.is_set():
                latencies.append(time.perf_counter() - start)
                count += 1
        for client in clients:
            await client.close()

    every = [
        [await WebSocket.connect(f"ws://127.0.0.1:{port}/ws/{route}/{number}/") for _ in range(8)]
        for number in range(1, groups + 1)
    ]
    tasks = [asyncio.ensure_future(loop_of(clients)) for clients in every]
    cpu = process_cpu_seconds(pid) if pid else 0.0
    start_all.set()
    await asyncio.sleep(seconds)
    stop.set()
    cpu = process_cpu_seconds(pid) - cpu if pid else 0.0
    measured = count  # the rounds in flight at the stop end after it, uncounted
    await asyncio.gather(*tasks)
    return measured / seconds, latencies, cpu


# The floor's server: stock daphne (the anchor of issue 4), or daphne on uvloop as the app runs it.
STOCK, UVLOOP = "daphne", "arf.serve"


def run_bare(
    tmp: Path, seconds: float, size: int, server: str = STOCK, groups: int = 1, route: str = "bare"
) -> tuple[float, list[float], float]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(DEPLOYED)
    # The stored floor writes to a fresh database of its own, made as the app's are (never started:
    # only its database is used, dropped by stop()); bench/bare_app.py makes its table.
    floor_db = AppServer(tmp) if route == "stored" else None
    if floor_db is not None:
        env["FLOOR_DATABASE_URL"] = floor_db.env["DATABASE_URL"]
    log = open(tmp / "bare.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", server, "-b", "127.0.0.1", "-p", str(port), "bench.bare_app:application"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(100):
            try:
                with __import__("socket").create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        return asyncio.run(bare_broadcast(port, seconds, size, groups, process.pid, route))
    finally:
        process.terminate()
        process.wait()
        if floor_db is not None:
            floor_db.stop()


# --------------------------------------------------------------------------------------------------
# The app: N tables of 8 bots


@dataclass
class TableRun:
    pending: tuple[int, int, float, int] | None = None  # (action number, seq answered, sent at, bot)
    actions: int = 0


@dataclass
class Stats:
    measuring: bool = False
    cpu_seconds: float = 0.0  # daphne's CPU time (user + system) while measuring
    bots_cpu_seconds: float = 0.0  # this process's (the bots'), to see they are not the bottleneck
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    bytes: int = 0
    messages: int = 0
    kinds: dict[str, int] = field(default_factory=dict)  # messages received by type


async def bot(
    ws: WebSocket,
    index: int,
    table: TableRun,
    stats: Stats,
    rng: random.Random,
    stop: asyncio.Event,
    think: float,
):
    answered = None
    measured = None
    seat = None  # the bot's seat, from its first snapshot; updates are public views
    public = None  # the public view, that the updates patch (poker.tables.delta), as the page does
    while not stop.is_set():
        try:
            text = await ws.recv_text()
        except Exception:
            return
        now = time.perf_counter()
        message = json.loads(text)
        kind = message["type"]
        if stats.measuring:
            stats.kinds[kind] = stats.kinds.get(kind, 0) + 1
        if kind == "error":
            stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
            answered = None
            continue
        if kind not in ("update", "snapshot"):
            continue
        if stats.measuring:
            stats.bytes += len(text)
            stats.messages += 1
        pending = table.pending
        if pending and pending[3] != index and measured != pending[0] and message["seq"] > pending[1]:
            measured = pending[0]
            if stats.measuring:
                stats.latencies.append(now - pending[2])
        if kind == "snapshot":
            view = message["view"]
            seat = view["me"]["seat"]
            public = delta.apply(view, message["public"]) if "public" in message else view
        elif "delta" in message:
            if public is None:
                continue  # the snapshot asked for is on its way
            if message["prev"] != public["seq"]:
                await ws.send({"type": "snapshot"})  # a gap: the page asks for the whole picture too
                public = None
                continue
            view = public = delta.apply(public, message["delta"])
        else:
            view = public = message["view"]
        legal = view["legal"]
        if seat is None or view["actor"] != seat or not legal or answered == view["seq"]:
            continue
        answered = view["seq"]
        choice = rng.random()
        act = {"type": "act", "hand": view["hand"]["id"], "seq": view["seq"]}
        if legal["min"] is not None and choice < 0.08:
            act.update(action="raise", amount=legal["min"])
        elif legal["fold"] and choice < 0.15:
            act["action"] = "fold"
        elif legal["check"]:
            act["action"] = "check"
        else:
            act["action"] = "call"
        if think:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * think)  # reads its cards (not measured)
        table.actions += 1
        table.pending = (table.actions, view["seq"], time.perf_counter(), index)
        if stats.measuring:
            stats.actions += 1
        await ws.send(act)


def profile_daphne(pid: int, seconds: float, output: str) -> subprocess.Popen:
    """py-spy (PyPI) on daphne for the measured seconds: the stacks of the thread holding Python's
    lock, as raw folded lines (one stack and its count a line), for a flame graph or a grep."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    command = [spy, "record", "--gil", "--nonblocking", "--pid", str(pid), "--rate", "200"]
    command += ["--duration", str(int(seconds)), "--format", "raw", "--output", output]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def run_tables(
    server: AppServer, arranged: list[dict], seconds: float, warmup: float, think: float, profile: str = ""
) -> Stats:
    port = server.ports[0]
    stats = Stats()
    stop = asyncio.Event()
    sockets = []
    tasks = []
    rng = random.Random(4)
    connecting = asyncio.Semaphore(16)

    async def connect(spec: dict, index: int, cookie: str, table: TableRun) -> None:
        async with connecting:
            ws = await WebSocket.connect(f"ws://127.0.0.1:{port}/ws/tables/{spec['id']}/", cookie=cookie)
        sockets.append(ws)
        tasks.append(
            asyncio.ensure_future(bot(ws, index, table, stats, random.Random(rng.random()), stop, think))
        )

    # Everybody sits first; then the first hands are dealt.
    await asyncio.gather(
        *(
            connect(spec, index, cookie, table)
            for spec, table in ((spec, TableRun()) for spec in arranged)
            for index, cookie in enumerate(spec["cookies"])
        )
    )
    # The bots' 1,600 clients stand for as many phones, each with a heap of its own: their one
    # process must not pause for its garbage collection (gen1 walks of 50-100 ms seen here), or
    # every update in flight would be timed late, a pause of the harness counted as the server's.
    tune_for_a_server()
    await asyncio.to_thread(server.shell, START.format(ids=[spec["id"] for spec in arranged]))
    await asyncio.sleep(warmup)
    stats.measuring = True
    cpu = process_cpu_seconds(server.processes[0].pid)
    own_cpu = time.process_time()
    spy = profile_daphne(server.processes[0].pid, seconds, profile) if profile else None
    await asyncio.sleep(seconds)
    if spy is not None:
        spy.wait()
    stats.cpu_seconds = process_cpu_seconds(server.processes[0].pid) - cpu
    stats.bots_cpu_seconds = time.process_time() - own_cpu
    stats.measuring = False
    stop.set()
    for ws in sockets:
        await ws.close()
    await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def run_app(tmp: Path, tables: int, seconds: float, warmup: float, think: float, profile: str = "") -> Stats:
    server = AppServer(tmp, processes=1)
    server.env.update(DEPLOYED)
    server.start()
    try:
        arranged = json.loads(server.shell(ARRANGE.format(tables=tables)).strip().splitlines()[-1])
        return asyncio.run(run_tables(server, arranged, seconds, warmup, think, profile))
    finally:
        server.stop()
        gc.unfreeze()  # the closed clients frozen by run_tables: freed before the next run
        gc.collect()


def report(n: int, stats: Stats, seconds: float, rate: float, uv_rate: float) -> float:
    per_second = stats.actions / seconds
    p99 = percentile(stats.latencies, 0.99) * 1000
    p50 = percentile(stats.latencies, 0.5) * 1000
    size = stats.bytes / stats.messages if stats.messages else 0
    cpu = stats.cpu_seconds / stats.actions * 1000 if stats.actions else 0
    busy = stats.cpu_seconds / seconds * 100
    bots = stats.bots_cpu_seconds / seconds * 100
    # Messages all the table's clients received per action, by type (8 updates: the actor gets his too).
    received = (
        " ".join(f"{k} {v / stats.actions:.2f}" for k, v in sorted(stats.kinds.items()))
        if stats.actions
        else ""
    )
    print(
        f"{n:>6} {per_second:>10.0f} {per_second / rate:>8.2f} {per_second / uv_rate:>8.2f} {p50:>8.1f} "
        f"{p99:>8.1f} {cpu:>7.1f} {busy:>7.0f} {bots:>7.0f} {size:>7.0f}  {received} {stats.errors or ''}",
        flush=True,
    )
    return p99


def _cpu_ms(cpu_seconds: float, rate: float, seconds: float) -> str:
    """The server's CPU per broadcast, and its share of one core."""
    per_broadcast = cpu_seconds / (rate * seconds) * 1000
    return f"cpu {per_broadcast:.2f} ms a broadcast ({cpu_seconds / seconds * 100:.0f} %)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="10,25,50,100", help="comma-separated table counts")
    parser.add_argument("--think", type=float, default=1.0, help="a bot's mean seconds before it acts")
    parser.add_argument(
        "--saturate",
        default="25,50,100",
        help="comma-separated table counts of the runs with bots that never wait ('' for none)",
    )
    parser.add_argument("--seconds", type=float, default=20, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=4)
    parser.add_argument(
        "--profile", default="", help="with bots answering at once, py-spy's stacks of daphne to FILE-N.txt"
    )
    parser.add_argument("--size", type=int, default=2500, help="bytes of the bare broadcast's message")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get("REDIS_URL"):
        sys.exit("set DATABASE_URL (PostgreSQL) and REDIS_URL: the benchmark runs on the real services")

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        bare_seconds = min(args.seconds, 10)
        rate, latencies, cpu = run_bare(tmp, bare_seconds, args.size)
        print(
            f"bare Channels broadcast to 8 clients ({args.size} B), stock daphne: {rate:6.0f} broadcasts/s, "
            f"p50 {percentile(latencies, 0.5) * 1000:5.1f} ms, "
            f"p99 {percentile(latencies, 0.99) * 1000:5.1f} ms, {_cpu_ms(cpu, rate, bare_seconds)}"
        )
        # The app runs daphne on uvloop (arf/serve.py): the same floor on that loop, for comparison.
        uv_rate, latencies, cpu = run_bare(tmp, bare_seconds, args.size, UVLOOP)
        print(
            f"the same on uvloop, as the app runs (python -m arf.serve): {uv_rate:6.0f} broadcasts/s, "
            f"p99 {percentile(latencies, 0.99) * 1000:5.1f} ms, {_cpu_ms(cpu, uv_rate, bare_seconds)}"
        )
        # The same after the least transaction a message: what one transaction a change adds.
        stored_rate, latencies, cpu = run_bare(tmp, bare_seconds, args.size, UVLOOP, route="stored")
        print(
            f"the same on uvloop after a transaction a message (lock, bump, commit): {stored_rate:6.0f} "
            f"broadcasts/s, p99 {percentile(latencies, 0.99) * 1000:5.1f} ms, "
            f"{_cpu_ms(cpu, stored_rate, bare_seconds)}"
        )
        print(f"bots think {args.think} s on average (0.5x to 1.5x) before each action:")
        print(
            f"{'tables':>6} {'actions/s':>10} {'vs bare':>8} {'vs uv':>8} {'p50 ms':>8} {'p99 ms':>8} "
            f"{'cpu ms':>7} {'cpu %':>7} {'bots %':>7} {'msg B':>7}  messages per action, errors"
        )
        best = None
        for n in [int(x) for x in args.tables.split(",") if x]:
            stats = run_app(tmp, n, args.seconds, args.warmup, args.think)
            p99 = report(n, stats, args.seconds, rate, uv_rate)
            if p99 < 100:
                best = n
        print(f"largest N measured with p99 < 100 ms: {best}")
        if args.saturate:
            # With few tables the pauses between hands leave the process idle part of the time;
            # the sustained rate is where adding tables adds no more actions/s (daphne busy ~100%).
            print("bots that answer at once (the most the process sustains):")
            for n in [int(x) for x in args.saturate.split(",") if x]:
                profile = f"{args.profile}-{n}.txt" if args.profile else ""
                stats = run_app(tmp, n, args.seconds, args.warmup, 0.0, profile)
                report(n, stats, args.seconds, rate, uv_rate)
                # The process's own ceiling for as many groups, all busy at once (no database, no
                # game): what the app's saturated rate compares to beside the one-group floor.
                busy, latencies, cpu = run_bare(tmp, bare_seconds, args.size, UVLOOP, groups=n)
                print(
                    f"{'':>6} bare broadcast, {n} groups at once on uvloop: {busy:6.0f} broadcasts/s "
                    f"(app {stats.actions / args.seconds / busy:.2f} of it), "
                    f"p99 {percentile(latencies, 0.99) * 1000:5.1f} ms, {_cpu_ms(cpu, busy, bare_seconds)}",
                    flush=True,
                )
                # The same after the least transaction a message (a row locked, bumped, committed),
                # all groups at once: what one transaction a change adds to the broadcast.
                stored, latencies, cpu = run_bare(
                    tmp, bare_seconds, args.size, UVLOOP, groups=n, route="stored"
                )
                print(
                    f"{'':>6} the same after a transaction a message: {stored:6.0f} broadcasts/s "
                    f"(app {stats.actions / args.seconds / stored:.2f} of it), "
                    f"p99 {percentile(latencies, 0.99) * 1000:5.1f} ms, {_cpu_ms(cpu, stored, bare_seconds)}",
                    flush=True,
                )
                # Without any channel layer: daphne's own cost of 1 message in and 8 out, which
                # every action pays before its database and game (the CPU target's floor).
                local, _latencies, cpu = run_bare(
                    tmp, bare_seconds, args.size, UVLOOP, groups=n, route="local"
                )
                print(
                    f"{'':>6} the same with no channel layer (each consumer writes to its group): "
                    f"{local:6.0f} broadcasts/s, {_cpu_ms(cpu, local, bare_seconds)}",
                    flush=True,
                )
        # The machine is shared: the floor measured again, to see how much it moved meanwhile.
        again, latencies, _cpu = run_bare(tmp, bare_seconds, args.size)
        print(
            f"bare Channels broadcast (stock daphne) again, after the runs: {again:6.0f} broadcasts/s, "
            f"p99 {percentile(latencies, 0.99) * 1000:5.1f} ms"
        )


if __name__ == "__main__":
    main()
