"""A player out in the hand his balancing move waited for goes back to the table he played it at,
to be placed out there, even when a later balancing gave his old seat to another player."""

from types import SimpleNamespace
from unittest.mock import patch

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from championship.models import KnockOut, Member, Seat, Session, TableMove
from championship.receivers import _seat_back, on_hand_knockouts
from championship.services import online
from championship.services import sessions as run
from tests.factories import UserFactory, season_with_session
from tests.kit.live import active_seats, round2_with

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


def _break_a_table(session) -> int:
    """Players out at table 1, one at a time, until the two tables of round 2 fit at one: the
    number of the table broken."""
    broken = []
    while not broken:
        seat = next(s for s in active_seats(session, 2) if s.table == 1)
        outcome = run.knockout_record(session=session, table=1, busted=[(seat.registration, None)], by=None)
        broken = outcome.broken_tables
    assert len(active_seats(session, 2)) == 8
    return broken[0]


def test_out_in_the_last_hand_of_a_broken_table_he_is_placed_out_there():
    """Round 2 online: a knock-out breaks a table while it plays a hand; its players' moves wait
    for that hand's end. One of them goes out in it: he is out at the broken table, in the
    elimination order, and the table's clock goes on (it once refused him, the table being
    closed, and the poker table retried that hand's end forever)."""
    _, session = round2_with(30)  # 2 tables of 6
    number = _break_a_table(session)
    # Online, the moves out of the broken table wait for its hand: as the balancing leaves them.
    TableMove.objects.filter(session=session, from_table=number).update(applied_at=None)
    loser = TableMove.objects.filter(session=session, from_table=number).first().registration
    user = UserFactory()
    Member.objects.filter(pk=loser.member_id).update(user=user)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    poker_table = SimpleNamespace(pk=99, blind_provider=f"championship:{session.pk}")

    with patch.object(online, "moves_apply"), patch.object(online, "tell"):  # no poker table here
        on_hand_knockouts(None, table=poker_table, hand_number=7, busted=[(user.pk, 1200)], players_left=4)

    knockout = KnockOut.objects.get(registration=loser)
    assert (knockout.round_number, knockout.table, knockout.hand_key) == (2, number, "t99-h7")
    assert not Seat.objects.get(registration=loser, round_number=2).active
    assert TableMove.objects.get(registration=loser, from_table=number).reverted_at is not None


def test_a_live_knock_out_at_a_broken_table_is_still_refused():
    """Live, the players of a broken table move at once: he plays at his new table now."""
    _, session = round2_with(30)
    number = _break_a_table(session)
    moved = next(s for s in active_seats(session, 2) if s.drawn_table == number)
    with translation.override("en"), pytest.raises(ValidationError, match=f"table {moved.table}, not at"):
        run.knockout_record(session=session, table=number, busted=[(moved.registration, None)], by=None)
