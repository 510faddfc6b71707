"""Shared fixtures. Tests that need a real service call `tests.services.require_postgres()` or
`require_redis()`: they skip with the reason where the service is not configured or not reachable,
and fail in CI (CI=true), where an unreachable service is a broken build.
"""

import pytest


@pytest.fixture(autouse=True)
def _french_by_default(settings):
    settings.LANGUAGE_CODE = "fr"


def pytest_collection_modifyitems(items):
    # Playwright's sync API keeps an event loop running for the rest of the session, after which
    # async tests cannot start their own: browser tests run last.
    items.sort(key=lambda item: "/tests/e2e/" in str(item.path))
