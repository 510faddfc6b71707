"""Two organizers pressing the same button at once: the session row is locked, so the second one
finds the work done and gets a clear message; nothing is done or counted twice (PostgreSQL)."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from championship.models import KnockOut, Seat, SeatingDraw
from championship.services import sessions as run
from tests.factories import season_with_session
from tests.services import require_postgres

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def _together(*calls):
    """Runs the calls at the same moment in threads; returns what each returned or raised."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def worker(index, call):
        try:
            barrier.wait()
            outcomes[index] = call()
        except Exception as error:  # collected for the assertions
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_two_organizers_pressing_start_at_once_start_it_once():
    require_postgres()
    _, session = season_with_session(players=12)
    outcomes = _together(
        lambda: run.session_start(session=session, by=None),
        lambda: run.session_start(session=session, by=None),
    )
    errors = [o for o in outcomes if isinstance(o, ValidationError)]
    assert len(errors) == 1 and "déjà commencé" in errors[0].messages[0]
    assert SeatingDraw.objects.filter(session=session).count() == 1
    assert Seat.objects.filter(session=session).count() == 12


def test_the_same_knockout_recorded_twice_at_once_counts_once():
    require_postgres()
    _, session = season_with_session(players=6)
    run.session_start(session=session, by=None)
    seat = Seat.objects.filter(session=session).select_related("registration__member").first()

    def tap():
        return run.knockout_record(
            session=session, table=seat.table, busted=[(seat.registration, None)], by=None
        )

    outcomes = _together(tap, tap)
    errors = [o for o in outcomes if isinstance(o, ValidationError)]
    assert len(errors) == 1 and "déjà enregistrée" in errors[0].messages[0]
    assert KnockOut.objects.filter(session=session).count() == 1
