"""The row lock and the writes of one change to a table: on PostgreSQL, one statement each.

A change (``poker.tables.play.Play.save``) stores the hand's new state, its new events, the seats it
touched and the table row. Through the ORM that is one round trip per statement (and one per
seat: 8 at a hand's end), each costing the service's thread a trip through the database driver and
a switch with the event loop. On PostgreSQL they are one statement instead, always the same text,
with one parameter: the change as a JSON document (``{"hand", "events", "seats", "table"}``, each
row an object keyed by column), which the statement reads back as typed rows
(``jsonb_populate_record``/``recordset``) in data-modifying ``WITH`` parts: the hand's update, the
events' insert, the seats' update, then the table's. No hand is ``{}`` (no row matches), no event
or seat an empty list. Encoding the document is one call of orjson (``jsontext``), where binding
the values one by one cost psycopg more than the rest of the write; the value is bound on the server
(``psycopg.Cursor``, not Django's client-side binding cursor, which would copy it into the text),
and after a few changes PostgreSQL runs the statement prepared (the ``prepare_threshold`` of
``arf.settings``) instead of parsing and planning it each time. It runs inside the change's
transaction, the table's row locked; psycopg's errors come out as Django's, and it is logged with
Django's queries when they are. Other databases (SQLite in the tests) take the ORM path, statement
by statement.

The lock (``lock_table``) is the same ``SELECT ... FOR UPDATE`` of every column as the ORM's, its
text made once instead of compiled by the ORM at every change, and bound on the server too.

Only the columns the services change are written (the table's play columns, the seats' play
columns): the other columns (name, stakes, settings) are never changed by a change to the table
(``NOT_WRITTEN_BY_A_CHANGE`` names each, with the reason).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Iterable, Sequence

import psycopg
from django.db import connection, connections, models

from ..models import Hand, HandEvent, Seat, Table
from . import jsontext

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
SEAT_FIELDS = (
    "stack",
    "sitting_out",
    "away_unseen",
    "away_since_hand",
    "leaving",
    "time_bank",
    "pre_action",
    "round_bet",
)
EVENT_FIELDS = ("table", "hand", "seq", "type", "player", "private", "payload")
HAND_FIELDS = ("state", "ended_at")

# Every other column of these rows, and why a change never writes it (tests/poker/test_writes.py
# holds every column to one or the other: a new column is written above or declared here).
NOT_WRITTEN_BY_A_CHANGE = {
    Table: {
        "id": "the key the write finds the row by",
        "name": "a setting, chosen when the table is opened",
        "variant": "a setting: the game, chosen when the table is opened",
        "kind": "a setting: cash, practice or tournament, chosen when the table is opened",
        "bot_level": "a setting of a practice table: its bots' level, chosen when it is opened",
        "max_seats": "a setting, chosen when the table is opened",
        "small_blind": "a Hold'em setting (a tournament's blinds come from its blind_provider, never stored)",
        "big_blind": "a Hold'em setting (a tournament's blinds come from its blind_provider, never stored)",
        "ante": "a setting (a tournament's ante comes from its blind_provider, never stored)",
        "bring_in": "a Razz setting, chosen when the table is opened",
        "small_bet": "a Razz setting, chosen when the table is opened",
        "min_bet": "a setting of draw against the dealer, chosen when the table is opened",
        "max_bet": "a setting of draw against the dealer, chosen when the table is opened",
        "blind_provider": "a setting, chosen when the table is opened",
        "starting_stack": "a setting, chosen when the table is opened",
        "decks": "a setting, chosen when the table is opened",
        "action_seconds": "a setting, chosen when the table is opened",
        "time_bank_seconds": "a setting, chosen when the table is opened",
        "stop_at_players": "a setting, chosen when the table is opened",
        "voice_listeners": "a setting of the voice room (poker/voice), outside the game: its own update",
        "created_by": "written once, when the table is opened",
        "created_at": "written once, when the table is opened",
    },
    Seat: {
        "id": "the key the write finds the row by",
        "table": "written once, when the player sits down",
        "user": "written once, when the player sits down",
        "number": "written once, when the player sits down",
        "is_bot": "written once, when the player sits down",
        "grace_until": "written once, when the player sits down (moved from another table)",
        "joined_at": "written once, when the player sits down",
        "connections": "counted by its own statement outside the table's lock (services.table_presence)",
        "visible_pages": "counted by its own statement outside the table's lock (services.table_visibility)",
        "offline_since": "written with the count of his pages (services.table_presence)",
    },
    Hand: {
        "id": "the key the write finds the row by",
        "table": "written once, when the hand is dealt",
        "number": "written once, when the hand is dealt",
        "started_at": "written once, when the hand is dealt",
        "small_blind": "written once, when the hand is dealt",
        "big_blind": "written once, when the hand is dealt",
        "ante": "written once, when the hand is dealt",
        "bring_in": "written once, when the hand is dealt",
        "small_bet": "written once, when the hand is dealt",
        "min_bet": "written once, when the hand is dealt",
        "max_bet": "written once, when the hand is dealt",
        "button_seat": "written once, when the hand is dealt",
        "seats": "written once, when the hand is dealt",
        "user_ids": "written once, when the hand is dealt",
        "names": "written once, when the hand is dealt",
        "starting_stacks": "written once, when the hand is dealt",
        "epoch": "written once, when the hand is dealt (docs/fairness.md)",
        "client_seed": "written once, when the hand is dealt (docs/fairness.md)",
    },
}


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
    document = {
        "hand": _record(Hand, HAND_FIELDS, hand, pk=True) if hand is not None else {},
        "events": [_record(HandEvent, EVENT_FIELDS, event) for event in events],
        "seats": [_record(Seat, SEAT_FIELDS, seat, pk=True) for seat in seats],
        "table": _record(Table, TABLE_FIELDS, table, pk=True),
    }
    _execute(connections[connection.alias], _change_sql(), [jsontext.dumps_for_database(document)])


def _execute(db, sql: str, params: list, *, fetch: bool = False) -> tuple | None:
    """Run ``sql`` with a server-side binding cursor on the change's connection (its first row if
    ``fetch``). Django's cursor wrapper turns psycopg's errors into Django's. Its debug wrapper would
    log a prepared statement as None, so the statement is logged here, as sent (with ``%s``)."""
    db.ensure_connection()
    start = time.monotonic()
    with db.make_cursor(psycopg.Cursor(db.connection)) as cursor:
        try:
            cursor.execute(sql, params)
            return cursor.fetchone() if fetch else None
        finally:
            if db.queries_logged:
                db.queries_log.append({"sql": sql, "time": f"{time.monotonic() - start:.3f}"})


@functools.cache
def _fields(model, names: tuple[str, ...]) -> list[models.Field]:
    return [model._meta.get_field(name) for name in names]


def _record(model, names: tuple[str, ...], obj, *, pk: bool = False) -> dict:
    """A row as a JSON object keyed by column (``jsonb_populate_record`` reads it back typed)."""
    record = {f.column: getattr(obj, f.attname) for f in _fields(model, names)}
    if pk:
        record[model._meta.pk.column] = obj.pk
    return record


@functools.cache
def _change_sql() -> str:
    qn = connection.ops.quote_name

    def columns(model, names) -> str:
        return ", ".join(qn(f.column) for f in _fields(model, names))

    def update(model, names, part: str, one: bool) -> str:
        table, pk = qn(model._meta.db_table), qn(model._meta.pk.column)
        assignments = ", ".join(f"{qn(f.column)} = r.{qn(f.column)}" for f in _fields(model, names))
        rows = "jsonb_populate_record" if one else "jsonb_populate_recordset"
        return (
            f"UPDATE {table} AS t SET {assignments} "
            f"FROM change, {rows}(NULL::{table}, change.doc->'{part}') AS r WHERE t.{pk} = r.{pk}"
        )

    events = qn(HandEvent._meta.db_table)
    return (
        "WITH change AS (SELECT %s::jsonb AS doc), "
        f"hand AS ({update(Hand, HAND_FIELDS, 'hand', one=True)}), "
        f"events AS (INSERT INTO {events} ({columns(HandEvent, EVENT_FIELDS)}) "
        f"SELECT {columns(HandEvent, EVENT_FIELDS)} "
        f"FROM change, jsonb_populate_recordset(NULL::{events}, change.doc->'events')), "
        f"seats AS ({update(Seat, SEAT_FIELDS, 'seats', one=False)}) "
        f"{update(Table, TABLE_FIELDS, 'table', one=True)}"
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
    row = _execute(db, _lock_sql(), [table_id], fetch=True)
    if row is None:
        raise Table.DoesNotExist
    values = [
        f.from_db_value(v, None, db) if v is not None and hasattr(f, "from_db_value") else v
        for f, v in zip(fields, row)
    ]
    return Table.from_db(db.alias, [f.attname for f in fields], values)
