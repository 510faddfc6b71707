"""Which real services this test run has (the second CI run sets DATABASE_URL and REDIS_URL)."""

import os
import socket
from urllib.parse import urlparse

import pytest


def _reachable(url: str) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 0), timeout=2):
            return True
    except OSError:
        return False


def require_redis() -> str:
    """The Redis URL of this run; skips when the run has none (the embedded-defaults run)."""
    url = os.environ.get("REDIS_URL", "")
    if not url:
        pytest.skip("needs REDIS_URL: runs in the second CI pass, on Redis")
    if not _reachable(url):
        _missing(f"Redis is not reachable at {url}")
    return url


def require_postgres() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL on PostgreSQL: runs in the second CI pass")
    if not _reachable(url):
        _missing(f"PostgreSQL is not reachable at {url}")
    return url


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: a missing service fails the build)")
    pytest.skip(reason)
