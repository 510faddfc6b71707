"""The row lock and the writes of one change to a table: on PostgreSQL, one round trip each.

A change (``services._Play.save``) stores the hand's new state, its new events, the seats it
touched and the table row. Through the ORM that is one round trip per statement (and one per
seat: 8 at a hand's end), each costing the service's thread a trip through the database driver and
a switch with the event loop. On PostgreSQL the statements go together in one ``execute`` instead
(Django's client-side binding cursor sends them as one query string, values bound and quoted by
psycopg), inside the change's transaction as before: the table's row is locked, nothing else
writes these rows. Other databases (SQLite in the tests) take the ORM path, statement by statement.

The lock (``lock_table``) is the same ``SELECT ... FOR UPDATE`` of every column as the ORM's, its
text made once instead of compiled by the ORM at every change.

Only the columns the services change are written (the table's play columns, the seats' play
columns): the other columns (name, stakes, settings) are never changed by a change to the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection

from .models import Hand, HandEvent, Seat, Table

# The columns of a table that its changes write (``services`` and ``draw``); field names.
TABLE_FIELDS = (
    "status",
    "hand",
    "hands_dealt",
    "button_seat",
    "small_blind_seat",
    "big_blind_seat",
    "seq",
    "visible_seq",
    "actor_seat",
    "turn_seq",
    "legal",
    "deadline_at",
    "deadline_kind",
    "pause_requested",
    "chat_enabled",
)
SEAT_FIELDS = ("stack", "sitting_out", "leaving", "time_bank", "pre_action", "round_bet")
EVENT_FIELDS = ("table", "hand", "seq", "type", "player", "private", "payload")


def save_change(
    table: Table,
    *,
    hand: Hand | None = None,
    hand_fields: Sequence[str] = (),
    events: Sequence[HandEvent] = (),
    seats: Iterable[Seat] = (),
) -> None:
    """Write ``hand``'s ``hand_fields``, insert ``events``, write ``seats`` and ``table``."""
    seats = list(seats)
    if connection.vendor != "postgresql":
        if hand is not None and hand_fields:
            hand.save(update_fields=list(hand_fields))
        if events:
            HandEvent.objects.bulk_create(events)
        for seat in seats:
            seat.save(update_fields=list(SEAT_FIELDS))
        table.save(update_fields=list(TABLE_FIELDS))
        return
    statements: list[str] = []
    params: list = []
    if hand is not None and hand_fields:
        _update(statements, params, hand, hand_fields)
    if events:
        _insert(statements, params, HandEvent, EVENT_FIELDS, events)
    if seats:
        _update_many(statements, params, Seat, SEAT_FIELDS, seats)
    _update(statements, params, table, TABLE_FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(";\n".join(statements), params)


def _value(field, obj):
    return field.get_db_prep_save(getattr(obj, field.attname), connection)


def _update(statements: list[str], params: list, obj, names: Sequence[str]) -> None:
    meta = obj._meta
    fields = [meta.get_field(name) for name in names]
    qn = connection.ops.quote_name
    assignments = ", ".join(f"{qn(f.column)} = %s" for f in fields)
    statements.append(f"UPDATE {qn(meta.db_table)} SET {assignments} WHERE {qn(meta.pk.column)} = %s")
    params.extend(_value(f, obj) for f in fields)
    params.append(obj.pk)


def _insert(statements: list[str], params: list, model, names: Sequence[str], objs: Sequence) -> None:
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    qn = connection.ops.quote_name
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    statements.append(
        f"INSERT INTO {qn(meta.db_table)} ({', '.join(qn(f.column) for f in fields)}) "
        f"VALUES {', '.join([row] * len(objs))}"
    )
    for obj in objs:
        params.extend(_value(f, obj) for f in fields)


def _update_many(statements: list[str], params: list, model, names: Sequence[str], objs: Sequence) -> None:
    """One ``UPDATE ... FROM (VALUES ...)`` for several rows of ``model``."""
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    qn = connection.ops.quote_name
    # The first row carries the column types (a VALUES list takes them from its first row).
    types = [meta.pk.db_type(connection)] + [f.db_type(connection).split(" ")[0] for f in fields]
    first = "(" + ", ".join(f"%s::{t}" for t in types) + ")"
    other = "(" + ", ".join(["%s"] * len(types)) + ")"
    columns = ", ".join(["id"] + [f"c{k}" for k in range(len(fields))])
    assignments = ", ".join(f"{qn(f.column)} = v.c{k}" for k, f in enumerate(fields))
    statements.append(
        f"UPDATE {qn(meta.db_table)} AS t SET {assignments} "
        f"FROM (VALUES {', '.join([first] + [other] * (len(objs) - 1))}) AS v({columns}) "
        f"WHERE t.{qn(meta.pk.column)} = v.id"
    )
    for obj in objs:
        params.append(obj.pk)
        params.extend(_value(f, obj) for f in fields)


_lock_sql: dict[str, tuple[str, list]] = {}


def lock_table(table_id: int) -> Table:
    """The table's row, locked until the transaction ends (``Table.DoesNotExist`` if none)."""
    if connection.vendor != "postgresql":
        return Table.objects.select_for_update().get(pk=table_id)
    made = _lock_sql.get(connection.alias)
    if made is None:
        qn = connection.ops.quote_name
        fields = list(Table._meta.concrete_fields)
        sql = (
            f"SELECT {', '.join(qn(f.column) for f in fields)} FROM {qn(Table._meta.db_table)} "
            f"WHERE {qn(Table._meta.pk.column)} = %s FOR UPDATE"
        )
        made = _lock_sql[connection.alias] = (sql, fields)
    sql, fields = made
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist
    values = [
        f.from_db_value(v, None, connection) if v is not None and hasattr(f, "from_db_value") else v
        for f, v in zip(fields, row)
    ]
    return Table.from_db(connection.alias, [f.attname for f in fields], values)
