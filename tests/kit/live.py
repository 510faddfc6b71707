"""A live session arranged for a test: the organizer types the knock-outs at the tables of the
room, one at a time, until a round is done.

    season, session = round2_with(30)  # round 1 played down to its qualifiers, round 2 drawn
"""

from __future__ import annotations

from championship.models import GameTable, Season, Seat, Session
from championship.services import sessions as run
from tests.factories import season_with_session


def active_seats(session: Session, round_number: int) -> list[Seat]:
    """The players still in the round, by table and seat."""
    return list(
        Seat.objects.filter(session=session, round_number=round_number, active=True)
        .select_related("registration__member")
        .order_by("table", "seat")
    )


def play_round1(session: Session, by=None) -> None:
    """Knocks players out one at a time until every round-1 table is down to its three qualifiers."""
    for table in GameTable.objects.filter(session=session, round_number=1, closed_at__isnull=True):
        while True:
            seats = [s for s in active_seats(session, 1) if s.table == table.number]
            if len(seats) <= 3:
                break
            run.knockout_record(
                session=session, table=table.number, busted=[(seats[0].registration, None)], by=by
            )


def play_round2(session: Session, by=None) -> None:
    """Knocks players out one at a time, the last seat first, until the winner is left."""
    while Seat.objects.filter(session=session, round_number=2, active=True).count() > 1:
        seat = active_seats(session, 2)[-1]
        run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, None)], by=by)


def round2_with(players: int) -> tuple[Season, Session]:
    """A live session of ``players`` paid entrants, round 1 played, round 2 drawn."""
    season, session = season_with_session(players=players)
    run.session_start(session=session, by=None)
    play_round1(session)
    run.round2_draw(session=session, by=None)
    return season, session
