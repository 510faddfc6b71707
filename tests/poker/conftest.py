import pytest

from poker import services
from poker.models import Table
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


@pytest.fixture
def table_with_two(db):
    """Heads-up tournament table: hery (seat 1) and voahangy (seat 2), hand 1 dealt."""
    hery, voahangy, tiana = (UserFactory(username=n) for n in ("hery", "voahangy", "tiana"))
    table = services.table_open(name="Table", kind=Table.Kind.TOURNAMENT, action_seconds=30)
    services.table_seat_player(table=table, user=hery, stack=1000, seat=1)
    services.table_seat_player(table=table, user=voahangy, stack=1000, seat=2)
    services.table_start(table=table)
    table.refresh_from_db()
    return table, hery, voahangy, tiana
