"""The row lock and the writes of one change to a table: on PostgreSQL, one statement each.

A change (``services._Play.save``) stores the hand's new state, its new events, the seats it
touched and the table row. Through the ORM that is one round trip per statement (and one per
seat: 8 at a hand's end), each costing the service's thread a trip through the database driver and
a switch with the event loop. On PostgreSQL they are one statement instead, always the same text:
the hand's update, the events' insert and the seats' update are data-modifying ``WITH`` parts of
the table's update, the events and the seats passed as one array per column (``unnest``), so a
change with no event or no seat passes empty arrays, and no hand a NULL id. The values are bound
on the server (``psycopg.Cursor``, not Django's client-side binding cursor, which would quote every
value into the text), and after a few changes PostgreSQL runs the statement prepared (the
``prepare_threshold`` of ``arf.settings``) instead of parsing and planning it each time: the web
process and the database both spend less CPU on a change. It runs inside the change's transaction,
the table's row locked; psycopg's errors come out as Django's, and it is logged with Django's
queries when they are. Other databases (SQLite in the tests) take the ORM path, statement by statement.

The lock (``lock_table``) is the same ``SELECT ... FOR UPDATE`` of every column as the ORM's, its
text made once instead of compiled by the ORM at every change, and bound on the server too.

Only the columns the services change are written (the table's play columns, the seats' play
columns): the other columns (name, stakes, settings) are never changed by a change to the table.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterable, Sequence

import psycopg
from django.db import connection, connections, models

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
HAND_FIELDS = ("state", "ended_at")


def save_change(
    table: Table,
    *,
    hand: Hand | None = None,
    events: Sequence[HandEvent] = (),
    seats: Iterable[Seat] = (),
) -> None:
    """Write ``hand``'s state and end, insert ``events``, write ``seats`` and ``table``."""
    seats = list(seats)
    if connection.vendor != "postgresql":
        if hand is not None:
            hand.save(update_fields=list(HAND_FIELDS))
        if events:
            HandEvent.objects.bulk_create(events)
        for seat in seats:
            seat.save(update_fields=list(SEAT_FIELDS))
        table.save(update_fields=list(TABLE_FIELDS))
        return
    db = connections[connection.alias]  # the wrapper itself, not the per-thread proxy, at each value
    params = [*_values(db, Hand, HAND_FIELDS, hand), hand.pk if hand is not None else None]
    params += _columns(db, HandEvent, EVENT_FIELDS, events)
    params += [[seat.pk for seat in seats], *_columns(db, Seat, SEAT_FIELDS, seats)]
    params += [*_values(db, Table, TABLE_FIELDS, table), table.pk]
    _execute(db, _change_sql(), params)


def _execute(db, sql: str, params: list) -> tuple | None:
    """Run ``sql`` with a server-side binding cursor on the change's connection; its first row.

    Django's cursor wrapper turns psycopg's errors into Django's. Its debug wrapper would log a
    prepared statement as None, so the statement is logged here, as sent (with ``%s``)."""
    db.ensure_connection()
    start = time.monotonic()
    with db.make_cursor(psycopg.Cursor(db.connection)) as cursor:
        try:
            cursor.execute(sql, params)
            return cursor.fetchone() if cursor.description else None
        finally:
            if db.queries_logged:
                db.queries_log.append({"sql": sql, "time": f"{time.monotonic() - start:.3f}"})


@functools.cache
def _fields(model, names: tuple[str, ...]) -> list[models.Field]:
    return [model._meta.get_field(name) for name in names]


def _value(db, field: models.Field, value):
    if value is not None and isinstance(field, models.JSONField):
        return json.dumps(value, cls=field.encoder)  # cast to jsonb in the statement
    return field.get_db_prep_save(value, db)


def _values(db, model, names: tuple[str, ...], obj) -> list:
    """One row's values (NULLs when ``obj`` is None: that part of the statement writes nothing)."""
    fields = _fields(model, names)
    if obj is None:
        return [None] * len(fields)
    return [_value(db, f, getattr(obj, f.attname)) for f in fields]


def _columns(db, model, names: tuple[str, ...], objs: Sequence) -> list[list]:
    """Several rows' values, one list per column (each an array parameter)."""
    return [[_value(db, f, getattr(obj, f.attname)) for obj in objs] for f in _fields(model, names)]


def _type(field: models.Field) -> str:
    return "text" if isinstance(field, models.JSONField) else field.db_type(connection)


def _read(field: models.Field, expression: str) -> str:
    return f"{expression}::jsonb" if isinstance(field, models.JSONField) else expression


@functools.cache
def _change_sql() -> str:
    qn = connection.ops.quote_name

    def assignments(model, names, source) -> str:
        return ", ".join(
            f"{qn(f.column)} = {_read(f, source(k, f))}" for k, f in enumerate(_fields(model, names))
        )

    def scalar(k, f):
        return f"%s::{_type(f)}"

    event_fields, seat_fields = _fields(HandEvent, EVENT_FIELDS), _fields(Seat, SEAT_FIELDS)
    event_arrays = ", ".join(f"%s::{_type(f)}[]" for f in event_fields)
    event_names = ", ".join(f"c{k}" for k in range(len(event_fields)))
    seat_arrays = ", ".join(f"%s::{_type(f)}[]" for f in seat_fields)
    seat_names = ", ".join(f"c{k}" for k in range(len(seat_fields)))
    return (
        f"WITH hand AS (UPDATE {qn(Hand._meta.db_table)} SET {assignments(Hand, HAND_FIELDS, scalar)} "
        f"WHERE {qn(Hand._meta.pk.column)} = %s::bigint), "
        f"events AS (INSERT INTO {qn(HandEvent._meta.db_table)} "
        f"({', '.join(qn(f.column) for f in event_fields)}) "
        f"SELECT {', '.join(_read(f, f'c{k}') for k, f in enumerate(event_fields))} "
        f"FROM unnest({event_arrays}) AS v({event_names})), "
        f"seats AS (UPDATE {qn(Seat._meta.db_table)} AS t "
        f"SET {assignments(Seat, SEAT_FIELDS, lambda k, f: f'v.c{k}')} "
        f"FROM unnest(%s::bigint[], {seat_arrays}) AS v(id, {seat_names}) "
        f"WHERE t.{qn(Seat._meta.pk.column)} = v.id) "
        f"UPDATE {qn(Table._meta.db_table)} SET {assignments(Table, TABLE_FIELDS, scalar)} "
        f"WHERE {qn(Table._meta.pk.column)} = %s"
    )


@functools.cache
def _lock_sql() -> str:
    qn = connection.ops.quote_name
    columns = ", ".join(qn(f.column) for f in Table._meta.concrete_fields)
    return (
        f"SELECT {columns} FROM {qn(Table._meta.db_table)} WHERE {qn(Table._meta.pk.column)} = %s FOR UPDATE"
    )


def lock_table(table_id: int) -> Table:
    """The table's row, locked until the transaction ends (``Table.DoesNotExist`` if none)."""
    if connection.vendor != "postgresql":
        return Table.objects.select_for_update().get(pk=table_id)
    db = connections[connection.alias]
    fields = Table._meta.concrete_fields
    row = _execute(db, _lock_sql(), [table_id])
    if row is None:
        raise Table.DoesNotExist
    values = [
        f.from_db_value(v, None, db) if v is not None and hasattr(f, "from_db_value") else v
        for f, v in zip(fields, row)
    ]
    return Table.from_db(db.alias, [f.attname for f in fields], values)
