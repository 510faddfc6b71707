"""What a process keeps of a table between its changes (``poker.tables.cache``): the rows a change saved,
kept at the seq it bumped the table to, and never at the seq it started from."""

import pytest
from django.db import transaction

from poker import services
from poker.models import Seat, Table
from poker.tables import cache
from poker.tables.play import Play

from .helpers import act, actor, fire_deadline, stack_decks


@pytest.fixture(autouse=True)
def _nothing_kept():
    cache.forget_all()
    yield
    cache.forget_all()


def _table(players):
    table = services.table_open(name="Kept", kind=Table.Kind.TOURNAMENT)
    for k, user in enumerate(players[:2]):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    services.table_start(table=table)
    table.refresh_from_db()
    return table


def _rows(table):
    return cache.SavedRows({s.number: s for s in Seat.objects.filter(table=table)}, None, None)


def test_the_rows_of_a_change_are_kept_at_the_seq_it_bumped_the_table_to(
    players, django_capture_on_commit_callbacks
):
    table = _table(players)
    rows, started_at = _rows(table), table.seq
    table.seq += 1
    with django_capture_on_commit_callbacks(execute=True):
        cache.keep_rows_on_commit(table, rows, prev_seq=started_at)
    assert cache.take_rows(table) is rows


@pytest.mark.parametrize("behind", [0, 1], ids=["at the seq it started from", "below it"])
def test_rows_kept_at_a_seq_the_change_did_not_bump_are_refused(
    players, django_capture_on_commit_callbacks, behind
):
    table = _table(players)
    started_at = table.seq
    table.seq -= behind
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(cache.SeqNotBumped, match=f"started at seq {started_at} keeps its rows"),
    ):
        cache.keep_rows_on_commit(table, _rows(table), prev_seq=started_at)
    assert callbacks == []
    table.seq = started_at
    assert cache.take_rows(table) is None


def test_a_change_that_writes_nothing_and_bumps_nothing_cannot_keep_its_rows(
    players, django_capture_on_commit_callbacks
):
    table = _table(players)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(cache.SeqNotBumped),
        transaction.atomic(),
    ):
        Play.lock(table.pk).save()  # nothing changed, nothing bumped
    assert callbacks == []
    assert cache.take_rows(table) is None


def test_a_change_that_writes_a_seat_without_bumping_the_seq_is_refused_and_rolled_back(
    players, django_capture_on_commit_callbacks
):
    table = _table(players)
    stacks = dict(Seat.objects.filter(table=table).values_list("number", "stack"))
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(cache.SeqNotBumped),
        transaction.atomic(),
    ):
        play = Play.lock(table.pk)
        play.seats[1].stack += 500  # written, but no new seq tells the rows kept before it apart
        play.touch(play.seats[1])
        play.save()
    assert callbacks == []
    assert dict(Seat.objects.filter(table=table).values_list("number", "stack")) == stacks
    assert Table.objects.get(pk=table.pk).seq == table.seq


def test_a_table_played_to_its_end_leaves_nothing_kept_in_the_process(
    players, monkeypatch, django_capture_on_commit_callbacks
):
    """A web process serves a whole season of tables: once a table has finished (its last hand
    shown, no deadline left), nothing of it stays in the process's memory."""
    stack_decks(monkeypatch, {"hole_cards": ["As Ah", "7s 2d"], "board": "2c 3c 4c 5h 9d"}, button=1)
    with django_capture_on_commit_callbacks(execute=True):
        table = _table(players)
    with django_capture_on_commit_callbacks(execute=True):
        act(table, actor(table), "raise", table.legal["max"])
    assert table.pk in cache.kept_tables()  # kept between its changes while it is played
    with django_capture_on_commit_callbacks(execute=True):
        act(table, actor(table), "call")
    for _ in range(10):  # the run-out shown street by street, then the last pause
        with django_capture_on_commit_callbacks(execute=True):
            if not fire_deadline(table):
                break
    assert table.status == Table.Status.FINISHED and table.deadline_at is None
    assert table.pk not in cache.kept_tables()
