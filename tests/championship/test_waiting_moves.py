"""A player out in the hand his balancing move waited for goes back to the table he played it at,
to be placed out there, even when a later balancing gave his old seat to another player."""

import pytest

from championship.models import Seat, TableMove
from championship.receivers import _seat_back
from championship.services import sessions as run
from tests.factories import season_with_session

pytestmark = pytest.mark.django_db


def _waiting_move(session, seat: Seat, to_table: int, to_seat: int) -> TableMove:
    """A move planned while his hand went on (his seat already says where he goes, as the
    balancing writes it)."""
    move = TableMove.objects.create(
        session=session,
        round_number=seat.round_number,
        registration=seat.registration,
        from_table=seat.table,
        from_seat=seat.seat,
        to_table=to_table,
        to_seat=to_seat,
        hand_key="t1-h5",
    )
    Seat.objects.filter(pk=seat.pk).update(table=to_table, seat=to_seat)
    return move


def _seats_of(session, table: int) -> list[Seat]:
    return list(Seat.objects.filter(session=session, round_number=1, table=table, active=True))


def test_he_goes_back_to_his_own_seat_when_nobody_took_it():
    _, session = season_with_session(players=20)
    run.session_start(session=session, by=None)
    mover = _seats_of(session, 1)[0]
    move = _waiting_move(session, mover, to_table=2, to_seat=8)
    assert _seat_back(session, move) == mover.seat


def test_his_seat_given_to_another_player_meanwhile_he_takes_a_free_one_at_his_table():
    _, session = season_with_session(players=20)
    run.session_start(session=session, by=None)
    mover, *others = _seats_of(session, 1)
    move = _waiting_move(session, mover, to_table=2, to_seat=8)
    newcomer = _seats_of(session, 3)[0]  # a later balancing gives his old seat to a player of table 3
    _waiting_move(session, newcomer, to_table=1, to_seat=mover.seat)
    seat = _seat_back(session, move)
    assert seat != mover.seat and seat not in {s.seat for s in _seats_of(session, 1)}
    # What the knock-out does with it: back at table 1, on that seat, beside the newcomer.
    Seat.objects.filter(pk=mover.pk).update(table=1, seat=seat)
    assert len({s.seat for s in _seats_of(session, 1)}) == len(others) + 2
