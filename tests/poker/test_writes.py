"""The writes of a change (``poker.tables.writes``): one round trip on PostgreSQL, the same rows as
the ORM."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from poker import services
from poker.models import Hand, HandEvent, Seat, Table
from poker.tables import writes

from .helpers import act, actor

# What a change writes (``writes.save_change``): these columns are the rows of its JSON document on
# PostgreSQL and its ``update_fields`` elsewhere.
WRITTEN_BY_A_CHANGE = {Table: writes.TABLE_FIELDS, Seat: writes.SEAT_FIELDS, Hand: writes.HAND_FIELDS}


def _on_postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip(
            f"the one-statement write is PostgreSQL's; {connection.vendor} takes the ORM path, "
            "statement by statement (run with DATABASE_URL on PostgreSQL, as in the second CI pass)"
        )


def _table(players, n=6):
    table = services.table_open(name="Writes", kind=Table.Kind.TOURNAMENT)
    for k, user in enumerate(players[:n]):
        services.table_seat_player(table=table, user=user, stack=1000 + k, seat=k + 1)
    services.table_start(table=table)
    table.refresh_from_db()
    return table


def test_save_change_writes_the_hand_the_events_the_seats_and_the_table(players):
    table = _table(players)
    hand = Hand.objects.get(pk=table.hand_id)
    seats = list(Seat.objects.filter(table=table).order_by("number"))
    for k, seat in enumerate(seats):
        seat.stack = 5 + k
        seat.pre_action = Seat.PreAction.CALL_ANY if k % 2 else ""
        seat.sitting_out = bool(k % 3 == 0)
        seat.time_bank = 7 * k
    hand.state = {**hand.state, "marker": 'it\'s "quoted"'}
    hand.ended_at = timezone.now().replace(microsecond=123456)
    table.deadline_at = hand.ended_at + timedelta(seconds=30)
    table.seq += 2
    table.visible_seq = table.seq
    table.legal = {"check": True, "note": "o'k"}
    table.deadline_kind = Table.DeadlineKind.NEXT_HAND
    events = [
        HandEvent(table=table, hand=hand, seq=table.seq - 1, type="note", payload={"type": "note", "x": [1]}),
        HandEvent(
            table=table,
            hand=hand,
            seq=table.seq,
            type="hole_cards",
            player=2,
            private=True,
            payload={"type": "hole_cards", "player": 2, "private": True, "cards": ["As", "Kd"]},
        ),
    ]
    writes.save_change(table, hand=hand, events=events, seats=seats)

    for k, seat in enumerate(Seat.objects.filter(table=table).order_by("number")):
        assert (seat.stack, seat.pre_action, seat.sitting_out, seat.time_bank) == (
            5 + k,
            "call_any" if k % 2 else "",
            k % 3 == 0,
            7 * k,
        )
    stored = Table.objects.get(pk=table.pk)
    assert (stored.seq, stored.visible_seq, stored.legal, stored.deadline_kind, stored.deadline_at) == (
        table.seq,
        table.seq,
        {"check": True, "note": "o'k"},
        "next_hand",
        table.deadline_at,  # to the microsecond
    )
    ended_at = hand.ended_at
    hand.refresh_from_db()
    assert hand.state["marker"] == 'it\'s "quoted"' and hand.ended_at == ended_at
    rows = list(
        HandEvent.objects.filter(hand=hand, seq__gte=table.seq - 1).values_list(
            "type", "player", "private", "payload"
        )
    )
    assert rows == [(e.type, e.player, e.private, e.payload) for e in events]


def _writes(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith(("WITH", "UPDATE", "INSERT"))]


def test_an_action_is_the_lock_one_write_and_the_commit_on_postgresql(players):
    _on_postgresql_only()
    table = _table(players)
    with CaptureQueriesContext(connection) as queries:
        act(table, actor(table), "call")
    statements = [q["sql"] for q in queries.captured_queries]
    assert any(s.startswith("SELECT") and "FOR UPDATE" in s for s in statements)
    # Besides the reads: one statement writes the hand, its events, the seats and the table.
    (write,) = _writes(queries)
    assert write.startswith("WITH change AS") and "INSERT INTO" in write and '"poker_seat"' in write


def test_every_change_is_the_same_statement_run_prepared_on_postgresql(players):
    _on_postgresql_only()
    table = _table(players)
    with CaptureQueriesContext(connection) as queries:
        for _ in range(8):  # calls, checks, a new street, with and without seats or events
            act(table, actor(table), "call" if Table.objects.get(pk=table.pk).legal.get("call") else "check")
    assert len(set(_writes(queries))) == 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE 'WITH change AS%%'")
        assert cursor.fetchone()[0] >= 1


def _stacks(table) -> dict[int, int]:
    return dict(Seat.objects.filter(table=table).values_list("number", "stack"))


def test_a_hand_end_writes_every_seat(players):
    table = _table(players, n=2)
    act(table, actor(table), "fold")  # the small blind goes to the big blind
    stacks = _stacks(table)
    assert sum(stacks.values()) == 1000 + 1001
    assert stacks[1] != 1000 and stacks[2] != 1001


def test_a_hand_end_writes_every_seat_in_the_one_statement_on_postgresql(players):
    _on_postgresql_only()
    table = _table(players, n=2)
    with CaptureQueriesContext(connection) as queries:
        act(table, actor(table), "fold")
    (write,) = _writes(queries)
    assert write.startswith("WITH change AS") and '"poker_seat"' in write
    stacks = _stacks(table)
    assert sum(stacks.values()) == 1000 + 1001
    assert stacks[1] != 1000 and stacks[2] != 1001


def test_lock_table_reads_the_row_as_the_orm_does(players):
    table = _table(players)
    Table.objects.filter(pk=table.pk).update(deadline_kind=Table.DeadlineKind.ACTION)
    with transaction.atomic():
        locked = writes.lock_table(table.pk)
        orm = Table.objects.get(pk=table.pk)
        for f in Table._meta.concrete_fields:
            assert getattr(locked, f.attname) == getattr(orm, f.attname), f.name
        assert isinstance(locked.legal, dict) and locked.deadline_at.tzinfo is not None
        assert locked._state.adding is False
    with pytest.raises(Table.DoesNotExist), transaction.atomic():
        writes.lock_table(table.pk + 1000)


@pytest.mark.parametrize("model", [Table, Seat, Hand], ids=lambda model: model.__name__)
def test_every_column_is_written_by_a_change_or_declared_not_to_be(model):
    """Every column of the rows a change writes is either written by it (``writes.TABLE_FIELDS``,
    ``SEAT_FIELDS``, ``HAND_FIELDS``) or declared in ``writes.NOT_WRITTEN_BY_A_CHANGE`` with the
    reason: a new column in neither would silently keep its old value, on every database."""
    columns = {field.name for field in model._meta.concrete_fields}
    written = set(WRITTEN_BY_A_CHANGE[model])
    declared = set(writes.NOT_WRITTEN_BY_A_CHANGE[model])
    unsaved = sorted(columns - written - declared)
    assert not unsaved, (
        f"{model.__name__} columns no change writes, undeclared: {unsaved}. Add each to "
        f"poker.tables.writes.{model.__name__.upper()}_FIELDS, or to NOT_WRITTEN_BY_A_CHANGE with the reason."
    )
    assert not written & declared, f"written and declared not written: {sorted(written & declared)}"
    assert written | declared <= columns, (
        f"not columns of {model.__name__}: {sorted((written | declared) - columns)}"
    )
    assert all(writes.NOT_WRITTEN_BY_A_CHANGE[model].values()), "every declared column says why"
