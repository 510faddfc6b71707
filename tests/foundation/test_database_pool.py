"""The database's connections, pooled and bounded (issue 25).

Every request, websocket message and deadline trip borrows a connection from its process's pool
and gives it back; the pool never holds more than DB_POOL_MAX_SIZE, however many of them come at
once. A connection the database closed is replaced before it is lent. When the database is away,
a page answers the styled 503, a table's socket says "busy", the deadline loop goes on and fires
what was due once the database is back, and the log says so in a few lines, not a traceback each.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import psycopg
import pytest
from django.db import connection

from arf.postgresql.base import check_socket
from tests.e2e.server import ROOT, AppServer
from tests.e2e.wsclient import WebSocket
from tests.services import require_postgres

TIMED = """
from django.contrib.auth import get_user_model
from poker import services
User = get_user_model()
table = services.table_open(name="Kept", kind="tournament", action_seconds=1)
for k, name in enumerate(("hery", "voahangy")):
    services.table_seat_player(table=table, user=User.objects.create_user(name), stack=1000, seat=k + 1)
services.table_start(table=table)
table.refresh_from_db()
print(table.pk, table.seq)
"""

# Tables whose players are logged in (a session cookie each), with one-second action timers: nobody
# acts, so every second each table's deadline fires (a fold, then the next hand after the pause).
PLAYERS = """
import json
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.db import SessionStore
from poker import services
User = get_user_model()
out = []
for t in range({tables}):
    table = services.table_open(name=f"Pool {{t}}", kind="tournament", action_seconds=1)
    cookies = []
    for s in range(2):
        user = User.objects.create(username=f"p{{t}}-{{s}}")
        services.table_seat_player(table=table, user=user, stack=100_000, seat=s + 1)
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        cookies.append("sessionid=" + session.session_key)
    services.table_start(table=table)
    table.refresh_from_db()
    out.append({{"id": table.pk, "seq": table.seq, "cookies": cookies}})
print(json.dumps(out))
"""


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{what} within {seconds} s")


def _admin(server: AppServer) -> psycopg.Connection:
    return psycopg.connect(
        server.env["DATABASE_URL"].replace("postgres://", "postgresql://", 1), autocommit=True
    )


def _held(admin: psycopg.Connection, application: str) -> int:
    (count,) = admin.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [application]
    ).fetchone()
    return count


def _seqs(admin: psycopg.Connection, tables: list[dict]) -> dict[int, int]:
    rows = admin.execute("SELECT id, seq FROM poker_table WHERE id = ANY(%s)", [[t["id"] for t in tables]])
    return dict(rows.fetchall())


def _get(url: str) -> tuple[int, str, dict]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), dict(error.headers)


def test_the_worker_survives_the_database_closing_its_connections(tmp_path):
    require_postgres()
    server = AppServer(tmp_path, processes=0).start()  # a fresh database, migrated
    log_path = tmp_path / "worker.log"
    env = {**server.env, "PGAPPNAME": "arf-kept-worker", "POKER_DEADLINE_POLL_MS": "50"}
    with open(log_path, "w") as log:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "run_deadlines"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        with _admin(server) as admin:

            def worker_connections() -> list[int]:
                rows = admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = 'arf-kept-worker'"
                ).fetchall()
                return [pid for (pid,) in rows]

            _wait(worker_connections, 30, "the worker's pool keeps a connection")
            for pid in worker_connections():
                admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            time.sleep(0.5)  # several passes of the worker on its closed connections
            table, seq = map(int, server.shell(TIMED).split()[-2:])

            def fired() -> bool:
                row = admin.execute("SELECT seq FROM poker_table WHERE id = %s", [table]).fetchone()
                return row[0] > seq

            _wait(fired, 20, "the action timer fires")
    finally:
        worker.terminate()
        worker.wait(timeout=10)
        server.stop()
    log = log_path.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log


@pytest.mark.django_db(transaction=True)
def test_the_pools_check_sees_a_connection_the_server_closed_without_asking_it_anything():
    """arf/postgresql: a look at the socket instead of psycopg's round trip."""
    require_postgres()
    connection.ensure_connection()
    settings = connection.settings_dict
    url = f"postgresql://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"
    with psycopg.connect(url, autocommit=True) as lent, psycopg.connect(url, autocommit=True) as admin:
        check_socket(lent)  # alive: quiet
        admin.execute("SELECT pg_terminate_backend(%s)", [lent.info.backend_pid])

        def refused() -> bool:
            try:
                check_socket(lent)
            except psycopg.OperationalError:
                return True
            return False

        _wait(refused, 5, "the closed connection is refused by the check")


def test_one_process_never_holds_more_connections_than_its_pool(tmp_path):
    """Pages by the dozen at once, sockets asking and chatting, and every table's deadline firing,
    on one process whose pool holds 3: never a fourth connection, and everybody is served."""
    require_postgres()
    server = AppServer(tmp_path, processes=0)
    server.env.update(
        PGAPPNAME="arf-bounded",
        DB_POOL_MIN_SIZE="1",
        DB_POOL_MAX_SIZE="3",
        POKER_PAUSE_MS="200",
        POKER_DEADLINE_POLL_MS="20",
    )
    server.start()
    tables = json.loads(server.shell(PLAYERS.format(tables=4)).strip().splitlines()[-1])
    server.start_process()
    peak, statuses, served = [0], [], []
    sampling = threading.Event()
    try:
        with _admin(server) as admin:
            before = _seqs(admin, tables)

            def sample() -> None:
                with _admin(server) as watcher:
                    while not sampling.is_set():
                        peak[0] = max(peak[0], _held(watcher, "arf-bounded"))
                        time.sleep(0.005)

            sampler = threading.Thread(target=sample)
            sampler.start()

            def pages() -> None:
                for path in ("/", "/championnat/classement/", "/tables/", "/championnat/seances/") * 4:
                    statuses.append(_get(server.url + path)[0])

            async def sockets() -> None:
                async def viewer(spec: dict, cookie: str) -> None:
                    ws = await WebSocket.connect(
                        server.url.replace("http://", "ws://") + f"/ws/tables/{spec['id']}/", cookie=cookie
                    )
                    for _ in range(15):
                        await ws.send({"type": "snapshot"})
                        await ws.until(lambda m: m["type"] == "snapshot", timeout=20)
                    served.append(spec["id"])
                    await ws.close()

                await asyncio.gather(*(viewer(spec, cookie) for spec in tables for cookie in spec["cookies"]))

            browsers = [threading.Thread(target=pages) for _ in range(12)]
            for thread in browsers:
                thread.start()
            asyncio.run(sockets())
            for thread in browsers:
                thread.join()
            _wait(
                lambda: all(seq > before[t] for t, seq in _seqs(admin, tables).items()),
                20,
                "every timer fires",
            )
            sampling.set()
            sampler.join()
    finally:
        sampling.set()
        server.stop()
    assert statuses and set(statuses) == {200}, statuses
    assert len(served) == 8
    assert 1 <= peak[0] <= 3, peak[0]


def test_the_database_away_is_a_busy_page_a_busy_socket_and_a_paused_clock(tmp_path):
    require_postgres()
    server = AppServer(tmp_path, processes=0)
    server.env.update(
        PGAPPNAME="arf-away", DB_POOL_MIN_SIZE="1", DB_POOL_TIMEOUT="1", POKER_DEADLINE_POLL_MS="50"
    )
    server.start()
    tables = json.loads(server.shell(PLAYERS.format(tables=1)).strip().splitlines()[-1])
    port = server.start_process()
    name = server.env["DATABASE_URL"].rsplit("/", 1)[1]
    ws_url = server.url.replace("http://", "ws://") + f"/ws/tables/{tables[0]['id']}/"
    try:
        with _admin(server) as admin, psycopg.connect(server._pg_admin_url, autocommit=True) as owner:

            async def away() -> tuple[dict, str]:
                ws = await WebSocket.connect(ws_url, cookie=tables[0]["cookies"][0])
                await ws.until(lambda m: m["type"] == "snapshot")
                # The database refuses every new connection, and the app's are cut.
                owner.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE application_name = 'arf-away'"
                )
                await ws.send({"type": "snapshot"})
                busy = await ws.until(lambda m: m["type"] == "error", timeout=10)
                status, page, headers = await asyncio.to_thread(_get, server.url + "/")
                return busy, (status, page, headers)

            busy, (status, page, headers) = asyncio.run(away())
            stalled = _seqs(admin, tables)
            time.sleep(2)  # the table's timer is due meanwhile
            owner.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            assert _seqs(admin, tables) == stalled  # nothing fired without the database
            _wait(
                lambda: _seqs(admin, tables)[tables[0]["id"]] > stalled[tables[0]["id"]],
                20,
                "the clock fires again",
            )
            assert _wait(lambda: _get(server.url + "/")[0] == 200, 20, "the pages are served again")
    finally:
        server.stop()
    assert busy["code"] == "busy" and busy["retry_ms"] > 0 and "occupé" in busy["message"], busy
    assert status == 503 and headers["Retry-After"] == "5", (status, headers)
    assert "Le serveur est occupé" in page and 'class="button primary"' in page, page
    log = (tmp_path / f"daphne-{port}.log").read_text()
    assert "Traceback" not in log, log
    assert "deadlines wait for the database" in log and "deadlines fire again" in log, log
    assert len(log.splitlines()) < 40, log  # a line an event, not one a poll
