"""Shared fixtures. Tests that need a real service call `tests.services.require_postgres()` or
`require_redis()`: they skip with the reason where the service is not configured or not reachable,
and fail in CI (CI=true), where an unreachable service is a broken build.
"""

import os
import uuid

import pytest
from django.conf import settings

# Before anything opens the channel layer: this run's own Redis prefix, inherited by the daphne
# subprocesses of the browser and multi-process tests.
os.environ["CHANNELS_PREFIX"] = f"arf-test-{uuid.uuid4().hex[:8]}"
if "prefix" in settings.CHANNEL_LAYERS["default"].get("CONFIG", {}):
    settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = os.environ["CHANNELS_PREFIX"]


@pytest.fixture(autouse=True)
def _french_by_default(settings):
    settings.LANGUAGE_CODE = "fr"


@pytest.fixture(autouse=True)
def _no_presence_heartbeat(settings):
    # No task outliving a test's event loop (poker.tables.pages); the browser tests' servers beat.
    settings.POKER_PRESENCE_HEARTBEAT = False


@pytest.fixture(autouse=True)
def _no_deadline_failing_from_an_earlier_test():
    # The tables' ids come back from one test to the next: a deadline that failed in one test
    # must not be waited for in the next (poker.tables.clock.Failing).
    from poker.tables import clock

    clock.failing = clock.Failing()


def pytest_collection_modifyitems(items):
    # Playwright's sync API keeps an event loop running for the rest of the session, after which
    # async tests cannot start their own: browser tests run last.
    items.sort(key=lambda item: "/tests/e2e/" in str(item.path))


@pytest.fixture
def fast_tables(settings):
    """Tables that play at once (tests.kit.online.play_fast): ask for it in a test that plays hands."""
    from tests.kit.online import play_fast

    play_fast(settings)
