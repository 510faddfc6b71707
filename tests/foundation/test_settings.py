import os
import subprocess
import sys
from pathlib import Path

import pytest

from arf.env import ImproperlyConfiguredEnv, env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parents[2]


def test_a_boolean_typo_stops_the_server(monkeypatch):
    monkeypatch.setenv("DEBUG", "flase")
    with pytest.raises(ImproperlyConfiguredEnv, match="DEBUG='flase' is not a boolean"):
        env_bool("DEBUG", True)


def test_booleans_read_the_usual_spellings(monkeypatch):
    for text, value in [
        ("1", True),
        ("yes", True),
        ("ON", True),
        ("0", False),
        ("false", False),
        ("", False),
    ]:
        monkeypatch.setenv("FLAG", text)
        assert env_bool("FLAG", not value) is value


def test_a_number_that_is_not_one_is_refused(monkeypatch):
    monkeypatch.setenv("INVITATION_DAYS", "seven")
    with pytest.raises(ImproperlyConfiguredEnv, match="not a whole number"):
        env_int("INVITATION_DAYS", 7)


def test_a_required_variable_that_is_missing_is_named(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfiguredEnv, match="SECRET_KEY is required"):
        env_str("SECRET_KEY")


def test_lists_are_comma_separated(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", "arf.example, www.arf.example ,")
    assert env_list("ALLOWED_HOSTS", []) == ["arf.example", "www.arf.example"]


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    full_env = {
        k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "DJANGO_SETTINGS_MODULE"}
    }
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deployment_check():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="x7#kP9!qL2@vN5$wR8^tY1&uI4*oE6(aS3)dF0-gH-jK_zX_cV+bN=mQ",
        ALLOWED_HOSTS="arf.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = _manage("check", DEBUG="0", ALLOWED_HOSTS="arf.example")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_the_old_kept_connections_setting_stops_the_server_and_names_the_pool():
    """DB_CONN_MAX_AGE kept a connection per thread (dozens a process under ASGI): a deployment
    that still sets it is told to remove it, not run with connections piling up."""
    result = _manage("check", DB_CONN_MAX_AGE="60")
    assert result.returncode != 0
    assert "DB_CONN_MAX_AGE" in result.stderr and "DB_POOL_MAX_SIZE" in result.stderr


def test_the_pool_is_sized_from_the_environment():
    code = "from django.conf import settings; print(settings.DATABASES['default']['OPTIONS']['pool'])"
    result = _manage(
        "shell",
        "-c",
        code,
        DATABASE_URL="postgres://arf@db.invalid:5432/arf",
        DB_POOL_MIN_SIZE="3",
        DB_POOL_MAX_SIZE="7",
        DB_POOL_TIMEOUT="2.5",
    )
    assert result.returncode == 0, result.stderr
    assert "'min_size': 3, 'max_size': 7, 'timeout': 2.5" in result.stdout
    refused = _manage("check", DATABASE_URL="postgres://arf@db.invalid:5432/arf", DB_POOL_MAX_SIZE="0")
    assert refused.returncode != 0 and "DB_POOL_MIN_SIZE must be at least 1" in refused.stderr


def test_half_a_web_push_key_pair_stops_the_server():
    result = _manage("check", WEBPUSH_VAPID_PUBLIC_KEY="BPx", WEBPUSH_VAPID_PRIVATE_KEY="")
    assert result.returncode != 0
    assert "WEBPUSH_VAPID_PUBLIC_KEY and WEBPUSH_VAPID_PRIVATE_KEY go together" in result.stderr
