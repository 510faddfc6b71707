"""Every view shows each seat as it is now: a busted player who sits down again, or somebody else
taking his seat, while the hand that busted him is still shown (the all-in run-out, the result
pause), is drawn with his new stack and as seated, in the public view every client receives and in
his own snapshot."""

import pytest

from poker import services
from poker.models import Seat, Table
from poker.tables import rows

from .helpers import act, actor, fire_deadline, record_broadcasts, stack_decks

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch):
    """Every message the broadcasts send, as (group, decoded message, an update with its view)."""
    return record_broadcasts(monkeypatch)


def last_update(sent) -> dict:
    return next(m for _, m in reversed(sent) if m["type"] == "update")["view"]


def bust_in_a_run_out(players, monkeypatch) -> Table:
    """Hery (seat 1) goes all-in with 7-2 and Voahangy calls with aces; Tiana folds. The run-out is
    being revealed when this returns."""
    stack_decks(monkeypatch, {"hole_cards": ["7s 2d", "As Ah", "Kd Kc"], "board": "Kh Qd 8h 9s 3c"}, button=1)
    table = services.table_open(name="Vendredi", kind=Table.Kind.CASH, max_seats=6, starting_stack=1000)
    services.table_pause(table=table)  # the three sit down before the first deal
    for k, user in enumerate(players[:3]):
        services.table_sit(table_id=table.pk, user=user, seat=k + 1)
    services.table_resume(table=table)
    hery, voahangy, tiana = players[:3]
    while table.deadline_kind != Table.DeadlineKind.REVEAL:
        who = actor(table)
        if who == hery:
            act(table, hery, "raise", table.legal["max"])
        elif who == voahangy:
            act(table, voahangy, "call")
        else:
            act(table, tiana, "fold")
    assert not Seat.objects.filter(table=table, user=hery).exists()  # busted
    return table


def seat_view(view, number):
    return view["seats"][number - 1]


def assert_sitting_anew(view, number, user):
    seat = seat_view(view, number)
    assert seat["user_id"] == user.pk and seat["seated"] is True
    assert seat["stack"] == 1000 and seat["in_hand"] is False
    assert not seat.get("all_in") and not seat.get("cards")


def chips_shown(view) -> int:
    hand = view["hand"]
    in_middle = (hand["total"] if hand and not hand["over"] else 0) if hand else 0
    return sum(s.get("stack", 0) for s in view["seats"] if not s["empty"]) + in_middle


def test_a_busted_player_who_sits_down_again_during_the_run_out_is_shown_with_his_new_stack(
    players, sent, monkeypatch
):
    hery = players[0]
    table = bust_in_a_run_out(players, monkeypatch)
    sent.clear()
    services.table_sit(table_id=table.pk, user=hery, seat=1)
    assert_sitting_anew(last_update(sent), 1, hery)
    mine = rows.viewer_snapshot(table.pk, hery.pk)
    assert_sitting_anew(mine, 1, hery)
    assert mine["me"]["seat"] == 1  # his page knows he is seated: no "sit here" offered
    # The result pause: the same, and the chips shown are the chips at the table.
    while table.deadline_kind == Table.DeadlineKind.REVEAL:
        sent.clear()
        fire_deadline(table)
    assert table.deadline_kind == Table.DeadlineKind.NEXT_HAND
    public = last_update(sent)
    assert_sitting_anew(public, 1, hery)
    assert_sitting_anew(rows.viewer_snapshot(table.pk, hery.pk), 1, hery)
    assert chips_shown(public) == 1000 + 3000


def test_a_busted_player_who_sits_down_again_in_the_result_pause_is_shown_with_his_new_stack(
    players, sent, monkeypatch
):
    hery = players[0]
    table = bust_in_a_run_out(players, monkeypatch)
    while table.deadline_kind == Table.DeadlineKind.REVEAL:
        fire_deadline(table)
    sent.clear()
    services.table_sit(table_id=table.pk, user=hery, seat=1)
    public = last_update(sent)
    assert_sitting_anew(public, 1, hery)
    assert_sitting_anew(rows.viewer_snapshot(table.pk, hery.pk), 1, hery)
    assert chips_shown(public) == 4000


def test_somebody_else_taking_a_busted_players_seat_during_the_run_out_is_drawn_as_seated(
    players, sent, monkeypatch
):
    mialy = players[3]
    table = bust_in_a_run_out(players, monkeypatch)
    sent.clear()
    services.table_sit(table_id=table.pk, user=mialy, seat=1)
    public = last_update(sent)
    assert_sitting_anew(public, 1, mialy)
    mine = rows.viewer_snapshot(table.pk, mialy.pk)
    assert_sitting_anew(mine, 1, mialy)
    assert mine["me"]["seat"] == 1


def test_the_players_of_the_hand_are_still_drawn_from_the_hand_while_it_is_revealed(
    players, sent, monkeypatch
):
    table = bust_in_a_run_out(players, monkeypatch)
    view = rows.viewer_snapshot(table.pk, None)
    # Voahangy's stack is not the hand's result before the river is shown; Hery is still all-in.
    assert seat_view(view, 2)["in_hand"] and seat_view(view, 2)["stack"] == 0
    assert seat_view(view, 1)["all_in"] and seat_view(view, 1)["seated"] is False
