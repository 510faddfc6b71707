"""A hand's figures come after its transaction (poker.tables.after_end): a process that stops
between the hand's commit and its figures loses none of them. The hand is the truth: its row says
its figures are owed, and the next catch-up (every process's deadline loop, the worker) counts them,
once."""

# ruff: noqa: F811 (the fixtures of the statistics' tests, imported, are this module's arguments)
from __future__ import annotations

from datetime import timedelta

import pytest

from championship.models import AllIn, HandPairs, KnockOut, PlayerFigures
from poker.engine import equity
from poker.engine.integrity import hand_pairs
from poker.models import Hand, HandEvent
from poker.tables import after_end, broadcast, clock
from tests.championship.test_statistics import _row, kings_bust_to_aces  # noqa: F401

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


@pytest.fixture
def process_stops_after_each_commit(monkeypatch):
    """Every hand's follow-up is lost as if its process died just after the hand committed: the
    work that ``transaction.on_commit`` would have started never runs."""
    lost: list[int] = []
    monkeypatch.setattr(after_end, "_soon", lambda hand, table: lost.append(hand.pk))
    return lost


def _credited(session, user) -> list[int]:
    knockout = KnockOut.objects.get(session=session, registration__member__user=user)
    return [r.member.user_id for r in knockout.knocked_out_by.all()]


def test_the_hand_is_stored_and_its_figures_owed_when_its_follow_up_is_lost(
    process_stops_after_each_commit, kings_bust_to_aces
):
    _season, session, hand, (_aces, _sb, _bb, kings) = kings_bust_to_aces
    assert process_stops_after_each_commit == [hand.pk]
    assert Hand.objects.get(pk=hand.pk).after_end_pending
    assert KnockOut.objects.filter(session=session).count() == 1  # the knock-out is the hand's own
    assert not PlayerFigures.objects.filter(session=session).exists()
    assert not HandPairs.objects.filter(hand=hand).exists()
    assert _credited(session, kings) == []
    # A hand that ended just now is left to its own follow-up, which may be on its way.
    assert after_end.catch_up() == 0


def test_the_catch_up_counts_the_lost_hand_as_it_would_have_been_counted(
    process_stops_after_each_commit, kings_bust_to_aces
):
    _season, session, hand, (aces, small_blind, big_blind, kings) = kings_bust_to_aces
    assert after_end.catch_up(ended_before=timedelta(0)) == 1
    stack = hand.starting_stacks[3]
    pot = 2 * stack + hand.small_blind + hand.big_blind
    the_aces, _the_kings = equity(["As Ah", "Ks Kh"])
    aces_row, kings_row = _row(aces, session), _row(kings, session)
    assert (aces_row.hands, aces_row.vpip, aces_row.pfr, aces_row.three_bet_chances) == (1, 1, 0, 1)
    assert (kings_row.vpip, kings_row.pfr, kings_row.showdowns, kings_row.showdowns_won) == (1, 1, 1, 0)
    assert aces_row.biggest_pot == pot and aces_row.biggest_pot_hand_id == hand.pk
    assert aces_row.allin_luck == pytest.approx(pot - pot * the_aces.equity)
    assert [(_row(u, session).hands, _row(u, session).vpip) for u in (small_blind, big_blind)] == [(1, 0)] * 2
    assert AllIn.objects.filter(hand=hand).count() == 2
    assert _credited(session, kings) == [aces.pk]
    events = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("payload", flat=True))
    assert HandPairs.objects.get(hand=hand).data == hand_pairs(events).to_dict()
    assert not Hand.objects.get(pk=hand.pk).after_end_pending


def test_a_hand_is_never_counted_twice(process_stops_after_each_commit, kings_bust_to_aces):
    _season, session, hand, (aces, *_others) = kings_bust_to_aces
    assert after_end.follow_up(hand.pk) is True
    assert after_end.follow_up(hand.pk) is False  # its own follow-up, come late
    assert after_end.catch_up(ended_before=timedelta(0)) == 0
    assert _row(aces, session).hands == 1
    assert AllIn.objects.filter(hand=hand).count() == 2


def test_a_process_deadline_loop_catches_up_within_a_minute(
    process_stops_after_each_commit, kings_bust_to_aces, monkeypatch
):
    _season, session, _hand, (aces, *_others) = kings_bust_to_aces
    monkeypatch.setattr(after_end, "CATCH_UP_AFTER", timedelta(0))  # as if 10 s had passed
    monkeypatch.setattr(after_end, "_last_catch_up", 0.0)  # and the last look was long ago
    clock.fire_due_deadlines()  # the worker's pass (the web processes' loop calls the same)
    assert _row(aces, session).hands == 1


@pytest.fixture
def actions_from_websockets():
    """The services run as a websocket's action runs them (``poker.tables.db.in_thread``): their
    broadcasts left for the event loop, and on PostgreSQL the follow-up on a thread of its own."""
    token = broadcast.deferred.set([])
    yield
    broadcast.deferred.reset(token)


def test_the_follow_up_of_a_websockets_action_is_done_once_the_hand_has_committed(
    actions_from_websockets, kings_bust_to_aces
):
    _season, session, hand, (aces, *_others) = kings_bust_to_aces
    after_end.drain()
    assert _row(aces, session).hands == 1
    assert not Hand.objects.get(pk=hand.pk).after_end_pending
