"""The production topology run for real, without Docker: nginx (Debian's) from deploy/nginx.conf
in front of two daphne processes, the run_deadlines worker, PostgreSQL and Redis, all started as
docker-compose.yml starts them (tests/topology.py). The test speaks only to nginx: a page, a
static file nginx serves itself, a login, a websocket action on one process seen by a player on the
other, and a deadline fired by the worker with no page open. A second test checks that
docker-compose.yml still says what the first one runs.

It runs in the CI pass on PostgreSQL and Redis (.ci/run installs nginx); elsewhere it skips with
the reason when nginx or the services are missing."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import subprocess
import time
import urllib.parse
import urllib.request

import psycopg
import pytest

from poker.tables import delta
from tests import topology
from tests.e2e.wsclient import WebSocket
from tests.services import require_postgres, require_redis

ARRANGE = """
import json
from django.contrib.auth import get_user_model
from poker import services
User = get_user_model()
users = [User.objects.create_user(n, password="une-phrase-de-passe-" + n) for n in ("hery", "voahangy")]
def table(seconds):
    table = services.table_open(name=f"Nginx {seconds}", kind="tournament", action_seconds=seconds)
    for k, user in enumerate(users):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    services.table_start(table=table)
    return table.pk
print(json.dumps({"played": table(60)}))
"""

TIMED = """
import json
from django.contrib.auth import get_user_model
from poker import services
from poker.models import Table
User = get_user_model()
table = services.table_open(name="Nginx timer", kind="tournament", action_seconds=1)
for k, name in enumerate(("hery", "voahangy")):
    services.table_seat_player(table=table, user=User.objects.get(username=name), stack=1000, seat=k + 1)
services.table_start(table=table)
print(json.dumps({"table": table.pk, "seq": Table.objects.get(pk=table.pk).seq}))
"""


def _require_topology() -> None:
    require_postgres()
    require_redis()
    if topology.nginx_binary() is None:
        reason = "needs nginx (apt-get install nginx): .ci/run installs it"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)


class Browser:
    """Pages through nginx with cookies, as a phone would (urllib, no JavaScript)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str):
        return self.opener.open(self.base + path, timeout=10)

    def login(self, username: str, password: str) -> None:
        form = self.get("/compte/connexion/").read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
        data = urllib.parse.urlencode(
            {"csrfmiddlewaretoken": token, "username": username, "password": password}
        )
        request = urllib.request.Request(
            self.base + "/compte/connexion/", data=data.encode(), headers={"Origin": self.base}
        )
        with self.opener.open(request, timeout=10) as response:
            assert response.url == self.base + "/", response.url  # redirected home: logged in

    @property
    def cookie(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)


def test_the_deployed_topology_serves_pages_static_files_logins_sockets_and_deadlines(tmp_path):
    _require_topology()
    top = topology.Topology(tmp_path)
    try:
        top.start()
        ids = json.loads(top.database.shell(ARRANGE).strip().splitlines()[-1])

        # docker-compose's health check of a web process answers (it asks as the site, over https).
        check = topology.compose()["services"]["web"]["healthcheck"]["test"]
        assert check[0] == "CMD-SHELL"
        for port in top.web_ports:
            command = check[1].replace("$$", "$").replace(":8000/", f":{port}/")
            subprocess.run(["sh", "-c", command], env=top.env, check=True, capture_output=True, timeout=10)

        # A page, through nginx.
        visitor = Browser(top.url)
        with visitor.get("/") as response:
            page = response.read().decode()
        assert response.status == 200 and "ARF" in page
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]

        # A static file served by nginx itself: the page's stylesheet with nginx's 30-day expiry, and
        # a file added to the volume after the web processes started, which they could not serve.
        css = re.search(r'href="(/static/css/app\.[0-9a-f]+\.css)"', page).group(1)
        with visitor.get(css) as response:
            assert response.status == 200 and response.headers["Cache-Control"] == "max-age=2592000"
        (tmp_path / "static" / "canary.txt").write_text("served by nginx")
        with visitor.get("/static/canary.txt") as response:
            assert response.read() == b"served by nginx"

        # A login through the real login page, for two players.
        hery, voahangy = Browser(top.url), Browser(top.url)
        hery.login("hery", "une-phrase-de-passe-hery")
        voahangy.login("voahangy", "une-phrase-de-passe-voahangy")

        # A websocket action on one process, seen by the player on the other: nginx's single
        # worker hands consecutive connections to the two upstreams in turn.
        async def play() -> None:
            ws_url = top.url.replace("http://", "ws://") + f"/ws/tables/{ids['played']}/"
            sockets = {}
            for name, browser in (("hery", hery), ("voahangy", voahangy)):
                sockets[name] = await WebSocket.connect(ws_url, cookie=browser.cookie)
            snapshots = {name: await ws.recv() for name, ws in sockets.items()}
            views = {name: snapshot["view"] for name, snapshot in snapshots.items()}
            actor = next(name for name, view in views.items() if view["me"]["to_act"])
            other = "voahangy" if actor == "hery" else "hery"
            me = views[actor]["me"]
            await sockets[actor].send(
                {"type": "act", "action": "call", "hand": me["hand_id"], "seq": views[actor]["seq"]}
            )
            update = await sockets[other].until(
                lambda m: m["type"] == "update" and m["seq"] > views[other]["seq"]
            )
            # The public view the update brings: whole, or patched onto the snapshot's (poker.delta).
            public = delta.apply(views[other], snapshots[other]["public"])
            view = delta.apply(public, update["delta"]) if "delta" in update else update["view"]
            assert view["log"][-1]["type"] == "call"
            for ws in sockets.values():
                await ws.close()

        asyncio.run(play())
        time.sleep(0.5)  # nginx logs a websocket once it is closed
        sockets = [line.split() for line in top.access_log() if line.startswith("/ws/tables/")]
        assert len(sockets) == 2 and sockets[0][2] != sockets[1][2], sockets  # two processes

        # A deadline fired by the worker with no page open (the web processes fire none:
        # POKER_DEADLINE_LOOP=0, as in docker-compose.yml).
        timed = json.loads(top.database.shell(TIMED).strip().splitlines()[-1])
        url = top.database.env["DATABASE_URL"].replace("postgres://", "postgresql://", 1)
        with psycopg.connect(url, autocommit=True) as db:
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                (seq,) = db.execute("SELECT seq FROM poker_table WHERE id = %s", [timed["table"]]).fetchone()
                if seq > timed["seq"]:
                    break
                time.sleep(0.2)
            else:
                raise AssertionError(f"the worker fired no deadline:\n{top.log('worker')}")
            # Each process holds its connections in its pool: never more than its maximum.
            (held,) = db.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
            assert 1 <= held <= 3 * int(top.compose_env["DB_POOL_MAX_SIZE"]), held
        for name in ("web1", "web2", "worker"):
            assert "Traceback" not in top.log(name), top.log(name)
    finally:
        top.stop()


def test_docker_compose_runs_what_the_topology_test_runs():
    """docker-compose.yml and the Dockerfile, read as YAML and JSON: the services, their commands
    and the environment are those tests/topology.py starts (only the services' addresses differ)."""
    compose = topology.compose()
    services = compose["services"]
    assert set(services) == {"db", "redis", "migrate", "web", "worker", "nginx", "static", "coturn"}
    assert services["web"]["deploy"]["replicas"] == 2  # the test's two daphne processes
    assert "command" not in services["web"]  # the image's CMD:
    assert topology.dockerfile_cmd() == [
        "python", "-m", "arf.serve", "-b", "0.0.0.0", "-p", "8000", "--proxy-headers", "arf.asgi:application",
    ]  # fmt: skip
    assert services["worker"]["command"] == ["python", "manage.py", "run_deadlines"]
    assert services["migrate"]["command"] == ["python", "manage.py", "migrate", "--noinput"]
    for name in ("web", "worker", "migrate"):
        assert services[name]["environment"] == compose["x-app"]["environment"]
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in services["nginx"]["volumes"]

    # The environment Topology starts every process with (the services' addresses aside).
    env = topology.app_environment({"SECRET_KEY": "x"})
    assert env["DEBUG"] == "0" and env["POKER_DEADLINE_LOOP"] == "0" and "DB_CONN_MAX_AGE" not in env
    # Pooled connections, bounded so that 4 web processes and the worker fit PostgreSQL's default 100.
    assert (
        1 <= int(env["DB_POOL_MIN_SIZE"]) <= int(env["DB_POOL_MAX_SIZE"])
        and 5 * int(env["DB_POOL_MAX_SIZE"]) <= 97
    )
    assert env["DATABASE_URL"].startswith("postgres://") and env["REDIS_URL"].startswith("redis://")
    assert set(topology.SERVICE_URLS) <= set(env)

    # The nginx image runs the file as it is: "resolve" in an upstream needs 1.27.3 or later.
    version = tuple(int(part) for part in services["nginx"]["image"].split(":")[1].split("."))
    if " resolve;" in topology.NGINX_CONF.read_text():
        assert len(version) == 3 and version >= (1, 27, 3), services["nginx"]["image"]


def test_the_host_variant_of_nginx_conf_is_valid_for_debians_nginx(tmp_path):
    """Every directive of deploy/nginx.conf but the Docker-only ones exists in the host's nginx."""
    binary = topology.nginx_binary()
    if binary is None:
        reason = "needs nginx (apt-get install nginx): .ci/run installs it"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    server_block = tmp_path / "arf.conf"
    variant = topology.host_nginx_conf(
        topology.NGINX_CONF.read_text(), listen=8999, upstreams=[8001, 8002], static_root=tmp_path
    )
    directives = "\n".join(line.split("#")[0] for line in variant.splitlines())
    assert " resolve;" not in directives and "resolver " not in directives and "web:8000" not in directives
    server_block.write_text(variant)
    (tmp_path / "nginx.conf").write_text(topology.nginx_main_conf(server_block, tmp_path))
    result = subprocess.run(
        [binary, "-t", "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
