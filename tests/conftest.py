"""Shared fixtures. Tests that need a real service call `tests.services.require_postgres()` or
`require_redis()`: they skip with the reason where the service is not configured or not reachable,
and fail in CI (CI=true), where an unreachable service is a broken build.
"""

import pytest


@pytest.fixture(autouse=True)
def _french_by_default(settings):
    settings.LANGUAGE_CODE = "fr"
