"""An evening on the deployed topology, with faults: two daphne processes and the worker on
PostgreSQL and Redis, tables of bots playing for half an hour or more, pages asked all along.

Run from the repository root, with PostgreSQL (a fresh database is made and dropped):
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/soak.py \\
        [--minutes 32] [--tables 16] [--svg bench/soak.svg] [--no-faults] [--redis-every N]
        [--tracemalloc DIR [--trace-from 10] [--trace-every 10]]

What it does. A private Redis (its own port: the faults kill it, not the machine's), a fresh
database, two web processes (``python -m arf.serve``, POKER_DEADLINE_LOOP=0) and the
``run_deadlines`` worker, all with docker-compose.yml's pool settings and each with its own
``application_name``. Tables of 8 bots (bench/tables.py's bots, thinking about a second) play on
the two processes; a bot whose socket closes opens it again a second later. Three clients ask for
pages (home, standings, table list, a table's page) all along, on both processes. The faults, in
the first ten minutes: at 3 min web1 is killed (SIGKILL) and started again 5 s later on its port;
at 5 min Redis is killed and started again 5 s later; at 7 min web2 is stopped (SIGSTOP) for 10 s
and continued; at 20 min Redis is killed again (``--no-faults``: none of them; ``--redis-every N``: Redis also
killed every N minutes from minute 10).

Memory (``--tracemalloc DIR``): each process is started with ``ARF_TRACEMALLOC=DIR``
(``arf/heapdump.py``); at ``--trace-from`` minutes each is sent SIGUSR1, which starts tracemalloc,
2 minutes later SIGUSR1 again (the first snapshot after warm-up, ``<name>-02``), then every
``--trace-every`` minutes, and SIGUSR2 at the end (a snapshot, then one after a full collection).
``bench/heapdiff.py DIR/web1-02.snapshot DIR/web1-NN.snapshot`` says what grew in between.
Tracing makes the processes slower and their RSS larger: compare slopes of runs alike.

What it prints. A row a minute: each process's RSS (MB, from /proc), the most connections each
held in ``pg_stat_activity`` over the minute's samples (every 2 s) beside its pool's maximum, the
pages' answers by status (and "down" for a refused connection, while web1 is dead), and the
actions the bots made. Then the memory's growth per hour after the first 10 minutes (the slope of
a least-squares line over the minutes 10..end; web1 is measured from its restart, which is before
minute 10), what each fault after minute 10 left (the RSS 3 minutes after it less the minute's
before it, less the slope's share of those minutes), and an SVG plot of the RSS (--svg). It exits
non-zero if a page answered 500 or a process held more connections than its pool's maximum.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402

from bench.tables import ARRANGE, DEPLOYED, START, TableRun, bot  # noqa: E402
from bench.tables import Stats as BotStats  # noqa: E402
from tests.e2e.server import AppServer, free_port  # noqa: E402
from tests.e2e.wsclient import WebSocket  # noqa: E402

POOL = {"DB_POOL_MIN_SIZE": "2", "DB_POOL_MAX_SIZE": "10", "DB_POOL_TIMEOUT": "5"}
NAMES = ("web1", "web2", "worker")


def rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:  # killed by a fault, not started again yet
        return float("nan")
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Minute:
    rss: dict[str, float] = field(default_factory=dict)
    held: dict[str, int] = field(default_factory=lambda: dict.fromkeys(NAMES, 0))
    statuses: dict[str, int] = field(default_factory=dict)
    actions: int = 0
    at: float = 0.0  # minutes since the harness started (the faults' clock), when sampled


class Evening:
    def __init__(self, tmp: Path, tables: int, tracemalloc: str = "") -> None:
        self.tmp = tmp
        self.redis_port = free_port()
        self.tag = f"arf-soak{self.redis_port}-"  # its processes' application_name: two runs apart
        self.redis: subprocess.Popen | None = None
        self.start_redis()
        self.server = AppServer(tmp, processes=0)
        self.server.env.update(DEPLOYED)
        self.server.env.update(POOL)
        self.server.env.update(
            REDIS_URL=f"redis://127.0.0.1:{self.redis_port}/0",
            POKER_DEADLINE_LOOP="0",
            CHANNELS_PREFIX="soak",
        )
        if tracemalloc:
            self.server.env["ARF_TRACEMALLOC"] = str(Path(tracemalloc).resolve())
        self.server.env["STATIC_ROOT"] = str(tmp / "static")
        self.server.start()  # migrated, no process yet
        self.server.manage("collectstatic", "--noinput", "-v0")  # the image's build step (DEBUG off)
        self.arranged = json.loads(self.server.shell(ARRANGE.format(tables=tables)).strip().splitlines()[-1])
        self.ports = [free_port(), free_port()]
        self.processes: dict[str, subprocess.Popen] = {}
        for name, port in zip(("web1", "web2"), self.ports, strict=True):
            self.start_web(name, port)
        env = {**self.server.env, "PGAPPNAME": f"{self.tag}worker", "ARF_TRACEMALLOC_NAME": "worker"}
        log = open(tmp / "worker.log", "w")  # noqa: SIM115 (closed with the process)
        self.processes["worker"] = subprocess.Popen(
            [sys.executable, "manage.py", "run_deadlines"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        time.sleep(0.5)

    def start_web(self, name: str, port: int) -> None:
        self.server.env["PGAPPNAME"] = f"{self.tag}{name}"
        self.server.env["ARF_TRACEMALLOC_NAME"] = name
        try:
            self.server.start_process(port)
        finally:
            # The harness's own shells (the tables' start) are not counted as this process's.
            self.server.env["PGAPPNAME"] = f"{self.tag}harness"
            self.server.env.pop("ARF_TRACEMALLOC_NAME")
        self.processes[name] = self.server.processes[-1]

    def held(self, admin: psycopg.Connection) -> dict[str, int]:
        rows = admin.execute(
            "SELECT application_name, count(*) FROM pg_stat_activity"
            " WHERE application_name LIKE %s GROUP BY 1",
            [self.tag + "%"],
        ).fetchall()
        counts = dict.fromkeys(NAMES, 0)
        for application, count in rows:
            name = application.removeprefix(self.tag)
            if name in counts:  # not the harness's own shells
                counts[name] = count
        return counts

    def stop(self) -> None:
        self.processes["worker"].terminate()
        self.processes["worker"].wait(timeout=10)
        self.server.stop()
        if self.redis:
            self.redis.terminate()


def pages(evening: Evening, stop: threading.Event, minute: list[Minute], seen500: list[str]) -> None:
    cookie = evening.arranged[0]["cookies"][0]
    paths = ["/", "/championnat/classement/", "/tables/", f"/tables/{evening.arranged[0]['id']}/"]
    rng = random.Random(7)
    while not stop.is_set():
        port = rng.choice(evening.ports)
        path = rng.choice(paths)
        request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status = str(response.status)
                response.read()
        except urllib.error.HTTPError as error:
            status = str(error.code)
            if error.code >= 500 and error.code != 503:
                seen500.append(f"{time.strftime('%H:%M:%S')} {port} {path} {error.code}")
        except OSError:
            status = "down"
        statuses = minute[-1].statuses
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(0.2)


async def play(evening: Evening, stats: BotStats, stop: asyncio.Event) -> None:
    """Every bot on its table's process, opening its socket again whenever it closes."""

    async def seat(
        spec: dict, index: int, cookie: str, table: TableRun, port: int, rng: random.Random
    ) -> None:
        while not stop.is_set():
            try:
                ws = await WebSocket.connect(f"ws://127.0.0.1:{port}/ws/tables/{spec['id']}/", cookie=cookie)
            except OSError:
                await asyncio.sleep(1)
                continue
            except Exception:
                await asyncio.sleep(1)
                continue
            watcher = asyncio.ensure_future(stop.wait())
            player = asyncio.ensure_future(bot(ws, index, table, stats, rng, stop, 1.0))
            await asyncio.wait({watcher, player}, return_when=asyncio.FIRST_COMPLETED)
            watcher.cancel()
            await ws.close()
            await asyncio.gather(player, return_exceptions=True)
            if not stop.is_set():
                await asyncio.sleep(1)

    rng = random.Random(4)
    tasks = []
    for number, spec in enumerate(evening.arranged):
        table = TableRun()
        port = evening.ports[number % 2]
        for index, cookie in enumerate(spec["cookies"]):
            tasks.append(seat(spec, index, cookie, table, port, random.Random(rng.random())))
    starting = asyncio.ensure_future(asyncio.gather(*tasks))
    await asyncio.sleep(3)
    await asyncio.to_thread(evening.server.shell, START.format(ids=[spec["id"] for spec in evening.arranged]))
    await starting


FAULTS_AT = [3, 5, 7, 20]  # minutes (emptied by --no-faults)


def faults(evening: Evening, at: float, done: dict[str, float], log, redis_every: float = 0) -> None:
    """The faults of the evening, each once, at its minute (and Redis killed every ``redis_every``
    minutes from minute 10 on, if set: does each restart leave memory behind?)."""

    def once(key: str, minute: float, action) -> None:
        if at >= minute and key not in done:
            done[key] = at
            log(f"fault: {key}")
            action()

    def kill_web1() -> None:
        process = evening.processes["web1"]
        process.kill()
        process.wait()
        evening.server.processes.remove(process)
        time.sleep(5)
        evening.start_web("web1", evening.ports[0])

    def kill_redis() -> None:
        evening.redis.kill()
        evening.redis.wait()
        time.sleep(5)
        evening.start_redis()

    def pause_web2() -> None:
        evening.processes["web2"].send_signal(signal.SIGSTOP)
        time.sleep(10)
        evening.processes["web2"].send_signal(signal.SIGCONT)

    if FAULTS_AT:
        once("web1 killed, started again 5 s later", FAULTS_AT[0], kill_web1)
        once("Redis killed, started again 5 s later", FAULTS_AT[1], kill_redis)
        once("web2 stopped for 10 s, then continued", FAULTS_AT[2], pause_web2)
        once("Redis killed again, started 5 s later", FAULTS_AT[3], kill_redis)
    if redis_every:
        number = int((at - 10) // redis_every) if at >= 10 else -1
        if number >= 0:
            once(
                f"Redis killed ({number + 1} of the repeated), started 5 s later",
                10 + number * redis_every,
                kill_redis,
            )


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, MB) in MB per hour."""
    points = [(x, y) for x, y in points if y == y]  # not the minutes a process was down (nan)
    n = len(points)
    if n < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return 60 * sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else float("nan")


def svg(minutes: list[Minute], path: Path) -> None:
    """RSS a minute of each process, as polylines on a plain grid (no plotting library needed)."""
    width, height, left, bottom = 640, 320, 50, 30
    top = max(v for m in minutes for v in m.rss.values() if v == v) * 1.15
    span = max(1, len(minutes) - 1)
    colours = {"web1": "#1f77b4", "web2": "#d62728", "worker": "#2ca02c"}

    def x(i: float) -> float:
        return left + (width - left - 10) * i / span

    def y(mb: float) -> float:
        return height - bottom - (height - bottom - 10) * mb / top

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="12">RSS (MB) a minute, bench/soak.py</text>',
    ]
    for mb in range(0, int(top) + 1, max(10, int(top / 5) // 10 * 10)):
        parts.append(f'<line x1="{left}" x2="{width - 10}" y1="{y(mb):.1f}" y2="{y(mb):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 5}" y="{y(mb) + 4:.1f}" text-anchor="end">{mb}</text>')
    for i in range(0, len(minutes), 5):
        parts.append(f'<text x="{x(i):.1f}" y="{height - 12}" text-anchor="middle">{i}</text>')
    parts.append(f'<text x="{width - 10}" y="{height - 2}" text-anchor="end">minutes</text>')
    for k, name in enumerate(NAMES):
        points = " ".join(
            f"{x(i):.1f},{y(m.rss[name]):.1f}"
            for i, m in enumerate(minutes)
            if m.rss.get(name) == m.rss.get(name)
        )
        parts.append(f'<polyline fill="none" stroke="{colours[name]}" stroke-width="2" points="{points}"/>')
        parts.append(f'<text x="{width - 60}" y="{40 + 14 * k}" fill="{colours[name]}">{name}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n")


def traced(minute: int, start: int, every: int) -> bool:
    """Whether the processes are signalled at this minute: tracing starts, a snapshot 2 minutes
    later (after tracemalloc's own warm-up), then every ``every`` minutes."""
    return minute == start or (minute >= start + 2 and (minute - start - 2) % every == 0)


def signal_all(evening: Evening, number: int, log) -> None:
    log(f"{signal.Signals(number).name} to every process (arf/heapdump.py)")
    for process in evening.processes.values():
        process.send_signal(number)


def wait_for_dumps(folder: Path, log, seconds: float = 120) -> None:
    """Until each process has written its snapshot after a full collection (SIGUSR2)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if len(list(folder.glob("*-collected.json"))) >= len(NAMES):
            return
        time.sleep(1)
    log("not every process wrote its last snapshots")


def print_fault_steps(measured: list[Minute], done: dict[str, float]) -> None:
    """What each fault after warm-up left: the RSS of the first sample 2.5 minutes or more after it
    less the last sample before it, less the run's own slope over that time."""
    late = sorted(at for at in done.values() if at >= 10)
    if not late:
        return
    print("what each fault after minute 10 left (RSS 2.5-3.5 minutes on less the trend), MB:")
    for name in NAMES:
        points = [(i + 1, m.rss[name]) for i, m in enumerate(measured) if i + 1 >= 10]
        slope = slope_per_hour(points) / 60
        steps = []
        for at in late:
            before = [m for m in measured if m.at <= at]
            after = [m for m in measured if m.at >= at + 2.5]
            if before and after:
                b, a = before[-1], after[0]
                steps.append(f"{at:.0f} min {a.rss[name] - b.rss[name] - (a.at - b.at) * slope:+.1f}")
        print(f"  {name:7} " + ", ".join(steps))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--minutes", type=float, default=32)
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--svg", default=str(ROOT / "bench" / "soak.svg"))
    parser.add_argument("--logs", default="", help="a folder to keep the processes' logs in")
    parser.add_argument(
        "--redis-every", type=float, default=0, help="also kill Redis every N minutes from 10"
    )
    parser.add_argument("--no-faults", action="store_true", help="no process nor Redis killed")
    parser.add_argument("--tracemalloc", default="", help="a folder for the processes' snapshots")
    parser.add_argument("--trace-from", type=int, default=10, help="minute tracing starts")
    parser.add_argument("--trace-every", type=int, default=10, help="minutes between snapshots")
    args = parser.parse_args()
    if args.no_faults:
        FAULTS_AT.clear()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL to PostgreSQL: the evening runs on the real database")

    started = time.monotonic()

    def log(text: str) -> None:
        print(f"{(time.monotonic() - started) / 60:5.1f} min  {text}", flush=True)

    with tempfile.TemporaryDirectory() as tmp_name:
        evening = Evening(Path(tmp_name), args.tables, args.tracemalloc)
        maximum = int(POOL["DB_POOL_MAX_SIZE"])
        minutes = [Minute()]
        seen500: list[str] = []
        stop_pages = threading.Event()
        readers = [
            threading.Thread(target=pages, args=(evening, stop_pages, minutes, seen500), daemon=True)
            for _ in range(3)
        ]
        bots = BotStats(measuring=True)
        stop_bots = asyncio.Event()
        loop = asyncio.new_event_loop()
        player = threading.Thread(target=lambda: loop.run_until_complete(play(evening, bots, stop_bots)))
        player.start()
        for reader in readers:
            reader.start()
        done: dict[str, float] = {}
        print("min  " + "  ".join(f"{n:>7} MB" for n in NAMES) + "  conns (max " + str(maximum) + " each)"
              + "   pages by status        actions")  # fmt: skip
        try:
            with psycopg.connect(
                evening.server.env["DATABASE_URL"].replace("postgres://", "postgresql://", 1), autocommit=True
            ) as admin:
                actions_before = 0
                next_row = time.monotonic() + 60
                while time.monotonic() - started < args.minutes * 60:
                    at = (time.monotonic() - started) / 60
                    threading.Thread(
                        target=faults, args=(evening, at, done, log, args.redis_every), daemon=True
                    ).start()
                    for name, count in evening.held(admin).items():
                        minutes[-1].held[name] = max(minutes[-1].held[name], count)
                    time.sleep(2)
                    if time.monotonic() >= next_row:
                        next_row += 60
                        row = minutes[-1]
                        row.at = (time.monotonic() - started) / 60
                        for name in NAMES:
                            process = evening.processes[name]
                            row.rss[name] = rss_mb(process.pid)
                        row.actions, actions_before = bots.actions - actions_before, bots.actions
                        statuses = " ".join(f"{k}:{v}" for k, v in sorted(row.statuses.items()))
                        print(
                            f"{len(minutes):3d}  "
                            + "  ".join(f"{row.rss[n]:10.1f}" for n in NAMES)
                            + "  "
                            + " ".join(f"{n}={row.held[n]:<2d}" for n in NAMES)
                            + f"   {statuses:<22} {row.actions:6d}",
                            flush=True,
                        )
                        minutes.append(Minute())
                        if args.tracemalloc and traced(len(minutes) - 1, args.trace_from, args.trace_every):
                            signal_all(evening, signal.SIGUSR1, log)
            if args.tracemalloc:
                signal_all(evening, signal.SIGUSR2, log)
                wait_for_dumps(Path(args.tracemalloc), log)
        finally:
            stop_pages.set()
            loop.call_soon_threadsafe(stop_bots.set)
            player.join(timeout=30)
            logs = {name: (evening.tmp / f"daphne-{port}.log") for name, port in zip(NAMES, evening.ports)}
            tracebacks = {name: path.read_text().count("Traceback") for name, path in logs.items()}
            tracebacks["worker"] = (evening.tmp / "worker.log").read_text().count("Traceback")
            if args.logs:
                Path(args.logs).mkdir(parents=True, exist_ok=True)
                for name, path in [*logs.items(), ("worker", evening.tmp / "worker.log")]:
                    (Path(args.logs) / f"{name}.log").write_text(path.read_text())
            evening.stop()
        measured = [m for m in minutes if m.rss]
        print("\nmemory growth after the first 10 minutes (least-squares slope), MB per hour:")
        for name in NAMES:
            points = [(i + 1, m.rss[name]) for i, m in enumerate(measured) if i + 1 >= 10]
            first, last = (points[0][1], points[-1][1]) if points else (float("nan"),) * 2
            print(
                f"  {name:7} {slope_per_hour(points):+7.1f} MB/h"
                f"   (minute 10: {first:.1f} MB, end: {last:.1f} MB)"
            )
        print_fault_steps(measured, done)
        over = {n: max(m.held[n] for m in minutes) for n in NAMES}
        print(f"most connections held at one sample: {over} (pool maximum {maximum} each)")
        print(f"pages answered 500 (or any 5xx but 503): {len(seen500)} {seen500[:5]}")
        print(f"tracebacks in the logs: {tracebacks}; bots' errors: {bots.errors}")
        if measured:
            svg(measured, Path(args.svg))
            print(f"plot: {args.svg}")
        if seen500 or any(count > maximum for count in over.values()):
            sys.exit(1)


if __name__ == "__main__":
    main()
