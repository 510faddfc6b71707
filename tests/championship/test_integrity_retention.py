"""The shared-connection signals are kept for their season (docs/integrity.md): once a later season
has started and nothing of the old one is still being played, its rows are forgotten, by the close
of a session or by ``manage.py forget_connections``."""

from datetime import date

import pytest
from django.core.management import call_command

from championship.integrity.retention import forget_connections
from championship.models import Session
from championship.services.seasons import season_create
from championship.services.sessions import session_close
from poker.models import SeatConnection, Table
from tests.factories import UserFactory, season_with_session

pytestmark = pytest.mark.django_db


def _seen_at(session: Session | None, user) -> Table:
    """A table of ``session`` (or a practice table) where ``user``'s page was seen."""
    provider = f"championship:{session.pk}" if session else ""
    table = Table.objects.create(name="T", blind_provider=provider)
    SeatConnection.objects.create(table=table, user=user, address="a" * 32, browser="b" * 32)
    return table


def _tables_kept() -> set[int]:
    return set(SeatConnection.objects.values_list("table_id", flat=True))


def test_a_season_is_forgotten_once_the_next_one_has_started():
    _old, old_session = season_with_session(name="Saison 2026")  # starts on 2026-01-10
    new = season_create(name="Saison 2027", starts_on=date(2027, 1, 9), sessions=6)
    user = UserFactory()
    old_table = _seen_at(old_session, user)
    new_table = _seen_at(new.sessions.get(number=1), user)
    _seen_at(None, user)

    assert forget_connections(today=date(2026, 12, 20)) == 1  # the practice table's row only
    assert _tables_kept() == {old_table.pk, new_table.pk}
    forget_connections(today=date(2027, 1, 9))
    assert _tables_kept() == {new_table.pk}


def test_a_session_still_being_played_keeps_its_season():
    _old, old_session = season_with_session(name="Saison 2026")
    season_create(name="Saison 2027", starts_on=date(2027, 1, 9), sessions=6)
    Session.objects.filter(pk=old_session.pk).update(status=Session.Status.ROUND2)
    old_table = _seen_at(old_session, UserFactory())
    forget_connections(today=date(2027, 1, 20))
    assert _tables_kept() == {old_table.pk}


def test_the_command_says_how_many_signals_went(capsys):
    _seen_at(None, UserFactory())
    call_command("forget_connections")
    assert "1 connection signal(s) forgotten" in capsys.readouterr().out


def test_closing_an_evening_forgets_the_seasons_that_are_over():
    _old, old_session = season_with_session(name="Saison 2025")
    new = season_create(name="Saison 2026 bis", starts_on=date(2026, 2, 1), sessions=6)
    evening = new.sessions.get(number=1)
    Session.objects.filter(pk=evening.pk).update(status=Session.Status.FINISHED)
    _seen_at(old_session, UserFactory())
    kept = _seen_at(evening, UserFactory())
    session_close(session=Session.objects.get(pk=evening.pk), by=None)
    assert _tables_kept() == {kept.pk}
