"""What a change sends: one public view to the table's group, and his own part to a player only,
only when it changed; the view folded step by step in this process equals the view read again."""

import json
import random

import pytest

from poker import services
from poker.models import Table
from poker.tables import cache, rows
from poker.tables.views import compose

from .helpers import act, actor, fire_deadline, record_broadcasts, stack_decks

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch):
    """Every message the broadcasts send, as (group, decoded message, an update with its view)."""
    return record_broadcasts(monkeypatch)


def open_table(players, n, stack=1000):
    table = services.table_open(name="Table", kind=Table.Kind.TOURNAMENT, small_blind=10, big_blind=20)
    for k, user in enumerate(players[:n]):
        services.table_seat_player(table=table, user=user, stack=stack, seat=k + 1)
    return table


def groups(sent, kind):
    return [group for group, message in sent if message["type"] == kind]


def test_a_new_hand_sends_one_public_view_and_each_player_his_own_cards_in_his_group(
    players, sent, monkeypatch
):
    stack_decks(monkeypatch, {"hole_cards": ["As Ah", "Kd Kc", "7s 2d"], "board": "2c 3c 4c 5h 9d"}, button=1)
    table = open_table(players, 3)
    sent.clear()
    services.table_start(table=table)
    assert groups(sent, "update") == [table.group_name]
    privates = {group: message["private"] for group, message in sent if message["type"] == "private"}
    assert set(privates) == {table.user_group_name(u.pk) for u in players[:3]}
    cards = {tuple(p["cards"]) for p in privates.values()}
    assert cards == {("As", "Ah"), ("Kd", "Kc"), ("7s", "2d")}
    public = json.dumps(sent[0][1])
    assert not any(card in public for card in ("As", "Ah", "Kd", "Kc", "7s", "2d"))


def test_an_action_sends_the_public_view_only(players, sent):
    table = open_table(players, 3)
    services.table_start(table=table)
    sent.clear()
    act(table, actor(table), "call")
    assert [(group, message["type"]) for group, message in sent] == [(table.group_name, "update")]
    view = sent[0][1]["view"]
    assert view["me"] is None and view["legal"] == table.legal and view["actor"] == table.actor_seat


def test_a_pre_action_goes_to_its_player_only_and_is_not_in_the_public_view(players, sent):
    table = open_table(players, 3)
    services.table_start(table=table)
    waiting = next(u for u in players[:3] if u != actor(table))
    sent.clear()
    services.table_set_pre_action(table_id=table.pk, user=waiting, pre_action="call_any")
    assert groups(sent, "private") == [table.user_group_name(waiting.pk)]
    assert next(m for _, m in sent if m["type"] == "private")["private"]["pre_action"] == "call_any"
    assert "call_any" not in json.dumps([m for _, m in sent if m["type"] == "update"])


def test_the_public_view_and_his_part_make_the_player_s_snapshot(players, sent):
    table = open_table(players, 3)
    services.table_start(table=table)
    user = players[0]
    last_public = next(m for _, m in reversed(sent) if m["type"] == "update")["view"]
    own_group = table.user_group_name(user.pk)
    mine = next(m["private"] for g, m in reversed(sent) if g == own_group and m["type"] == "private")
    snapshot = json.loads(json.dumps(rows.viewer_snapshot(table.pk, user.pk), default=str))
    drawn = compose(last_public, mine, user.pk)
    for view in (snapshot, drawn):
        view.pop("deadline_ms")
    assert drawn == snapshot


def _public_now(table_id):
    view = json.loads(json.dumps(rows.viewer_snapshot(table_id, None), default=str))
    view.pop("deadline_ms")
    return view


def test_the_view_folded_change_by_change_equals_the_view_read_again(players, sent):
    """Many hands with all-ins (run-outs revealed street by street), and now and then a change made
    by "another process" (this process's memory dropped): every public view sent is the view a
    fresh read gives."""
    rng = random.Random(7)
    compared = reveals = 0
    table = None
    for step in range(500):
        if table is None or table.status == Table.Status.FINISHED:
            table = open_table(players, 4, stack=3000)
            services.table_start(table=table)
            shoves = 2  # the first hand: all-in and called, then the others fold
        table.refresh_from_db()
        if rng.random() < 0.1:
            cache.forget_all()
        sent.clear()
        if table.actor_seat is None or table.deadline_kind != Table.DeadlineKind.ACTION:
            reveals += table.deadline_kind == Table.DeadlineKind.REVEAL
            assert fire_deadline(table)
        else:
            legal = table.legal
            choice = rng.random()
            if shoves:
                shoves -= 1
                act(table, actor(table), "raise" if legal["min"] else "call", legal["max"])
            elif table.hands_dealt == 1 and legal["fold"]:
                act(table, actor(table), "fold")
            elif legal["min"] is not None and choice < 0.15:
                act(table, actor(table), "raise", legal["max"] if choice < 0.02 else legal["min"])
            elif legal["call"] is not None and choice < 0.85:
                act(table, actor(table), "call")
            else:
                act(table, actor(table), "check" if legal["check"] else "fold")
        for _group, message in sent:
            if message["type"] == "update":
                view = message["view"]
                view.pop("deadline_ms")
                assert view == _public_now(table.pk), f"step {step}"
                compared += 1
    assert compared >= 500 and reveals > 0


def test_a_change_made_by_another_process_is_read_again(players, sent, monkeypatch):
    table = open_table(players, 3)
    services.table_start(table=table)
    act(table, actor(table), "call")
    # Another process (its own memory) makes the next change; this process's memory is older.
    mine_rows, mine_folds = cache._rows, cache._folds
    monkeypatch.setattr(cache, "_rows", cache._Kept())
    monkeypatch.setattr(cache, "_folds", cache._Kept())
    act(table, actor(table), "call")
    monkeypatch.setattr(cache, "_rows", mine_rows)
    monkeypatch.setattr(cache, "_folds", mine_folds)
    sent.clear()
    act(table, actor(table), "check" if table.legal["check"] else "call")
    view = sent[0][1]["view"]
    view.pop("deadline_ms")
    assert view == _public_now(table.pk)
    assert len([e for e in view["log"] if e["type"] in ("call", "check")]) == 3
