"""The production topology of docker-compose.yml, run on the host without Docker: Debian's nginx
configured from deploy/nginx.conf, in front of two daphne processes (``python -m arf.serve``), the
``run_deadlines`` worker, PostgreSQL and Redis.

Everything is read from the deployment's own files, so the test runs what docker-compose would:
the services' commands and environment come from docker-compose.yml (the web command from the
Dockerfile's CMD), and nginx's server block is deploy/nginx.conf with only what Docker provides
replaced: the ``web`` replicas found by Docker's DNS (``resolve``, nginx 1.27.3+) become the two
local ports, and the static volume a local folder.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import yaml

from tests.e2e.server import ROOT, AppServer, free_port

COMPOSE = ROOT / "docker-compose.yml"
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
DOCKERFILE = ROOT / "Dockerfile"

# What the host provides instead of Docker's network: the services' addresses.
SERVICE_URLS = ("DATABASE_URL", "REDIS_URL")


def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def dockerfile_cmd() -> list[str]:
    import json

    line = next(line for line in DOCKERFILE.read_text().splitlines() if line.startswith("CMD "))
    return json.loads(line[4:])


def interpolate(value: str, env: dict[str, str]) -> str:
    """docker compose's ``${VAR}``, ``${VAR:-default}`` and ``${VAR:?error}``."""

    def one(match: re.Match) -> str:
        name, op, arg = match.group(1), match.group(2), match.group(3)
        if env.get(name):
            return env[name]
        if op == ":-":
            return arg
        if op == ":?":
            raise KeyError(f"{name}: {arg}")
        return ""

    return re.sub(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}", one, value)


def app_environment(given: dict[str, str]) -> dict[str, str]:
    """The environment docker-compose gives the app's services, with ``given`` as the .env file."""
    environment = compose()["x-app"]["environment"]
    return {name: interpolate(str(value), given) for name, value in environment.items()}


def host_nginx_conf(text: str, *, listen: int, upstreams: list[int], static_root: Path) -> str:
    """deploy/nginx.conf for the host: the same server block, Docker's parts replaced."""
    replaced = {
        "resolver": re.subn(r"^resolver [^;]+;\n", "", text, flags=re.M),
    }
    text = replaced["resolver"][0]
    servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstreams)
    text, upstream = re.subn(r"^    server web:8000 resolve;\n", servers, text, flags=re.M)
    text, listens = re.subn(r"^    listen 80;", f"    listen 127.0.0.1:{listen};", text, flags=re.M)
    text, aliases = re.subn(r"alias /srv/static/;", f"alias {static_root}/;", text)
    if (replaced["resolver"][1], upstream, listens, aliases) != (1, 1, 1, 1):
        raise ValueError("deploy/nginx.conf changed shape: update tests/topology.py with it")
    return text


def nginx_main_conf(server_block: Path, prefix: Path) -> str:
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers read the test's private folders
    return f"""{user}worker_processes 1;  # one worker: the upstreams take turns, request after request
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstream '$request_uri $status $upstream_addr';
    access_log {prefix}/access.log upstream;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {server_block};
}}
"""


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next((path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None)


class Topology:
    """Starts the whole topology on free ports; ``url`` is nginx's, the only one tests use."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp = tmp_path
        self.database = AppServer(tmp_path, processes=0)  # a fresh PostgreSQL database
        given = {
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "localhost,127.0.0.1",
        }
        self.compose_env = app_environment(given)
        self.env = {
            **self.database.env,  # this run's Python, CHANNELS_PREFIX...
            **self.compose_env,
            **{name: self.database.env[name] for name in SERVICE_URLS},
            "STATIC_ROOT": str(tmp_path / "static"),  # the image's collected files (the volume)
        }
        self.web_ports = [free_port(), free_port()]
        self.port = free_port()
        self.processes: dict[str, subprocess.Popen] = {}

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self, service: str, port: int | None = None) -> list[str]:
        """The service's command as docker-compose runs it (web: the image's CMD), on this host."""
        argv = dockerfile_cmd() if service == "web" else list(compose()["services"][service]["command"])
        argv = [sys.executable if arg == "python" else arg for arg in argv]
        if service == "web":
            argv = ["127.0.0.1" if arg == "0.0.0.0" else str(port) if arg == "8000" else arg for arg in argv]
        return argv

    def run(self, service: str) -> None:
        result = subprocess.run(
            self.command(service), cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300
        )
        if result.returncode:
            raise RuntimeError(f"{service} failed:\n{result.stdout}\n{result.stderr}")

    def _start(self, name: str, argv: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{name}.log", "w")  # noqa: SIM115 (closed with the process)
        process = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes[name] = process
        return process

    def log(self, name: str) -> str:
        return (self.tmp / f"{name}.log").read_text()

    def start(self) -> Topology:
        self.run("migrate")
        # The image's build step (Dockerfile), then the static service's copy into the volume.
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=300,
        )
        for k, port in enumerate(self.web_ports):
            self._start(f"web{k + 1}", self.command("web", port))
        self._start("worker", self.command("worker"))
        for port in self.web_ports:
            self._wait(f"http://127.0.0.1:{port}/healthz")
        prefix = self.tmp / "nginx"
        prefix.mkdir()
        server_block = prefix / "arf.conf"
        server_block.write_text(
            host_nginx_conf(
                NGINX_CONF.read_text(),
                listen=self.port,
                upstreams=self.web_ports,
                static_root=self.tmp / "static",
            )
        )
        main = prefix / "nginx.conf"
        main.write_text(nginx_main_conf(server_block, prefix))
        test = subprocess.run([nginx_binary(), "-t", "-c", str(main)], capture_output=True, text=True)
        if test.returncode:
            raise RuntimeError(f"nginx -t refused the host variant:\n{test.stderr}")
        self._start("nginx", [nginx_binary(), "-c", str(main)])
        self._wait(self.url + "/healthz")
        return self

    def _wait(self, url: str) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for name, process in self.processes.items():
                if process.poll() is not None:
                    raise RuntimeError(f"{name} exited:\n{self.log(name)}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{url} did not answer within 60 s")

    def access_log(self) -> list[str]:
        path = self.tmp / "nginx" / "access.log"
        return path.read_text().splitlines() if path.exists() else []

    def stop(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        self.processes.clear()
        self.database.stop()
