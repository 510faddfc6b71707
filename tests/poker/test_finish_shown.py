"""A table does not say it is finished while the hand that finished it is still being shown: the
all-in run-out street by street, then the pause after the result (issue 14, item 10)."""

from poker import services
from poker.models import Table
from poker.tables import rows

from .helpers import act, actor, fire_deadline, stack_decks
from .test_services import open_table, start


def shown_status(table):
    return rows.viewer_snapshot(table.pk, None)["table"]["status"]


def test_the_last_hand_is_shown_whole_before_the_table_says_finished(players, monkeypatch):
    stack_decks(monkeypatch, {"hole_cards": ["As Ad", "2c 7d"], "board": "Kc Qd 9h 5s 4c"}, button=1)
    table = start(open_table(players, 2, stop_at_players=1))
    while actor(table) is not None:  # all-in and called preflop: the board is run out
        legal = Table.objects.get(pk=table.pk).legal
        act(table, actor(table), "raise", legal["max"]) if legal["min"] else act(table, actor(table), "call")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED  # for the championship, at once (same transaction)
    shown = []
    while table.deadline_kind:
        view = rows.viewer_snapshot(table.pk, None)
        shown.append((view["table"]["status"], len(view["hand"]["board"]), view["hand"]["over"]))
        fire_deadline(table)
    # The flop, the turn, the river and the result, each still "playing"; then "finished".
    assert all(status == "playing" for status, _board, _over in shown)
    assert [board for _s, board, _o in shown][-1] == 5 and shown[-1][2]
    assert shown_status(table) == "finished"


def test_the_end_of_the_pause_tells_every_viewer(players, monkeypatch):
    deck = {"hole_cards": ["As Ad", "2c 7d"], "board": "Kc Qd 9h 5s 4c"}
    stack_decks(monkeypatch, deck, {"hole_cards": ["2c 7d", "As Ad"], "board": "Kc Qd 9h 5s 4c"}, button=1)
    table = start(open_table(players, 2, stop_at_players=1))
    act(table, actor(table), "fold")
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING  # nobody out: the next hand comes
    fire_deadline(table)
    while actor(table) is not None:
        legal = Table.objects.get(pk=table.pk).legal
        act(table, actor(table), "raise", legal["max"]) if legal["min"] else act(table, actor(table), "call")
    while table.deadline_kind == Table.DeadlineKind.REVEAL:
        fire_deadline(table)
    assert table.deadline_kind == Table.DeadlineKind.NEXT_HAND and shown_status(table) == "playing"
    seq = table.seq
    fire_deadline(table)
    assert table.seq == seq + 1 and not table.deadline_kind  # a change: broadcast to every viewer
    assert shown_status(table) == "finished"
    services.table_resume(table=table)  # nothing to deal at a finished table
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
