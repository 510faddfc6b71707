"""Browser tests: Playwright for Python driving Debian's chromium against a daphne subprocess.

Screenshots go to artifacts/ (kept by CI as the proof of what players see).
"""

import os
import shutil
from pathlib import Path

import pytest

from .server import AppServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


def chromium_path() -> str:
    """Debian's chromium: skipped where it is missing, a failure in CI (which installs it)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        reason = "needs Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return chromium


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_FLAGS}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "fr-FR", "viewport": {"width": 390, "height": 844}}


@pytest.fixture
def app_server(tmp_path):
    server = AppServer(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def fast_server(tmp_path):
    """The app with quick pauses, run-outs and bots, for tables that play many hands."""
    server = AppServer(tmp_path)
    server.env.update({"POKER_PAUSE_MS": "400", "POKER_REVEAL_MS": "200", "POKER_BOT_MS": "100"})
    server.start()
    yield server
    server.stop()
