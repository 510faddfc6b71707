"""A real server for browser tests: daphne in its own process, on its own database.

A forked live server (ChannelsLiveServerTestCase) hangs on websockets once async tests have run in
the same pytest process, so the server is a separate `daphne` subprocess. It gets a fresh database:
a SQLite file, or a new PostgreSQL database when the run has DATABASE_URL on PostgreSQL.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class AppServer:
    def __init__(self, tmp_path: Path, *, processes: int = 1) -> None:
        self.tmp_path = tmp_path
        self.env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
        self.env.update({"DEBUG": "1", "PYTHONUNBUFFERED": "1"})
        self._pg_admin_url: str | None = None
        self._db_name: str | None = None
        database_url = os.environ.get("DATABASE_URL", "")
        if database_url.startswith(("postgres://", "postgresql://")):
            self._db_name = f"arf_e2e_{uuid.uuid4().hex[:10]}"
            base, _, _ = database_url.rpartition("/")
            self._pg_admin_url = f"{base}/postgres"
            self._psql(f'CREATE DATABASE "{self._db_name}"')
            self.env["DATABASE_URL"] = f"{base}/{self._db_name}"
        else:
            self.env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'e2e.sqlite3'}"
        self.processes: list[subprocess.Popen] = []
        self.ports: list[int] = []
        self.count = processes

    def _psql(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self._pg_admin_url, autocommit=True) as conn:
            conn.execute(sql)

    def manage(self, *args: str, timeout: float = 180) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if result.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result.stdout

    def shell(self, code: str, *, timeout: float = 180) -> str:
        """Runs Python inside the server's Django (to arrange a scenario); returns what it printed."""
        return self.manage("shell", "-c", code, timeout=timeout)

    def start(self) -> AppServer:
        self.manage("migrate", "--noinput", "-v0")
        for _ in range(self.count):
            self.start_process()
        return self

    def start_process(self, port: int | None = None, *, wait: bool = True) -> int:
        """Start one daphne process; ``wait``: until it answers /healthz (a request)."""
        port = port or free_port()
        log = open(self.tmp_path / f"daphne-{port}.log", "a")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(
            [sys.executable, "-m", "arf.serve", "-b", "127.0.0.1", "-p", str(port), "arf.asgi:application"],
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        if wait:
            self._wait_ready(port, process)
        self.processes.append(process)
        self.ports.append(port)
        return port

    def _wait_ready(self, port: int, process: subprocess.Popen) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"daphne exited: {(self.tmp_path / f'daphne-{port}.log').read_text()}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"daphne on port {port} did not answer within 30 s")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.ports[0]}"

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()
        if self._db_name:
            self._psql(f'DROP DATABASE IF EXISTS "{self._db_name}" WITH (FORCE)')
