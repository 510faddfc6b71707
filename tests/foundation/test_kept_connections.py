"""Kept database connections (DB_CONN_MAX_AGE) are checked before use (CONN_HEALTH_CHECKS): after
PostgreSQL closes the worker's connections (a restart, an idle timeout), its next deadline pass
opens new ones instead of failing with a traceback, and the next deadline fires."""

from __future__ import annotations

import subprocess
import sys
import time

import psycopg
import pytest
from django.db import connection

from tests.e2e.server import ROOT, AppServer
from tests.services import require_postgres

ARRANGE = """
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


def _wait(condition, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"{what} within {seconds} s")


def test_the_worker_survives_the_database_closing_its_connections(tmp_path):
    require_postgres()
    server = AppServer(tmp_path, processes=0).start()  # a fresh database, migrated
    url = server.env["DATABASE_URL"].replace("postgres://", "postgresql://", 1)
    log_path = tmp_path / "worker.log"
    env = {
        **server.env,
        "DB_CONN_MAX_AGE": "60",
        "PGAPPNAME": "arf-kept-worker",
        "POKER_DEADLINE_POLL_MS": "50",
    }
    with open(log_path, "w") as log:
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "run_deadlines"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        with psycopg.connect(url, autocommit=True) as admin:

            def worker_connections() -> list[int]:
                rows = admin.execute(
                    "SELECT pid FROM pg_stat_activity WHERE application_name = 'arf-kept-worker'"
                ).fetchall()
                return [pid for (pid,) in rows]

            _wait(worker_connections, 30, "the worker keeps a connection")
            for pid in worker_connections():
                admin.execute("SELECT pg_terminate_backend(%s)", [pid])
            time.sleep(0.5)  # several passes of the worker on its closed connections
            table, seq = map(int, server.shell(ARRANGE).split()[-2:])

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
def test_the_check_sees_a_connection_the_server_closed_without_asking_it_anything():
    """arf/postgresql: a look at the socket instead of Django's ``SELECT 1``."""
    require_postgres()
    connection.ensure_connection()
    assert connection.is_usable()
    pid = connection.connection.info.backend_pid
    settings = connection.settings_dict
    admin_url = f"postgresql://{settings['USER']}@{settings['HOST']}:{settings['PORT']}/postgres"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [pid])
    _wait(lambda: not connection.is_usable(), 5, "the closed connection is seen")
    connection.close_if_unusable_or_obsolete()  # what Django does at a request's start and end
    connection.ensure_connection()
    assert connection.is_usable() and connection.connection.info.backend_pid != pid
