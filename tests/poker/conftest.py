import pytest

from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def _fast_table_timers(settings):
    # Pauses between hands, between the streets of a run-out and for bots: none in tests.
    settings.POKER_PAUSE_MS = 0
    settings.POKER_REVEAL_MS = 0
    settings.POKER_BOT_MS = 0
    settings.POKER_DEADLINE_LOOP = False


@pytest.fixture
def players(db):
    """Six players: hery, voahangy, tiana, mialy, fanja, njaka."""
    return [UserFactory(username=name) for name in ("hery", "voahangy", "tiana", "mialy", "fanja", "njaka")]


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    # The factory sets a password on every player: the default hasher takes ~0.5 s each.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
