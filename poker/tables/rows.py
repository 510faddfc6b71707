"""Reading a table for its views: the rows, read once for every viewer, and the views made of them
(the public one, and each player's, composed of it and his own part)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from accounts.roles import display_name

from ..models import Hand, HandEvent, Seat, Table
from . import delta
from .registry import game_of_table
from .views import StoredEvent, compose, fold_events


@dataclass
class TableRows:
    """Everything a view is built from, read once for all viewers."""

    table: Table
    seats: list[Seat]
    hand: Hand | None
    events: list[StoredEvent]

    @property
    def names(self) -> dict[int, str]:
        return {seat.user_id: display_name(seat.user) for seat in self.seats}

    def viewers(self) -> set[int]:
        """Users who get a personal view: the seated humans and the players of the hand shown."""
        users = {seat.user_id for seat in self.seats if not seat.is_bot}
        if self.hand is not None:
            bots = {seat.user_id for seat in self.seats if seat.is_bot}
            users |= {u for u in self.hand.user_ids if u not in bots}
        return users


def table_rows(table_id: int, *, events: bool = True) -> TableRows:
    """The table, its seats and its hand; with the hand's visible events unless ``events`` is False."""
    table = Table.objects.select_related("hand").get(pk=table_id)
    seats = list(Seat.objects.filter(table=table).select_related("user"))
    rows = TableRows(table, seats, table.hand, [])
    return with_events(rows) if events else rows


def with_events(rows: TableRows) -> TableRows:
    """``rows`` with the events of its hand that viewers may be shown now."""
    rows.events = stored_events(rows.hand, rows.table.visible_seq) if rows.hand is not None else []
    return rows


def stored_events(hand: Hand, upto: int) -> list[StoredEvent]:
    """The hand's events up to seq ``upto`` (the table's visible seq), in order."""
    events = HandEvent.objects.filter(hand=hand, seq__lte=upto).order_by("seq")
    return [StoredEvent(seq, payload) for seq, payload in events.values_list("seq", "payload")]


def own_events(hand: Hand | None, events: list[StoredEvent], user_id: int) -> list[StoredEvent]:
    """The events of ``hand`` meant for ``user_id`` alone (his cards)."""
    player = hand.player_of(user_id) if hand is not None else None
    if player is None:
        return []
    return [e for e in events if e.private and e.payload.get("player") == player]


def public_view(rows: TableRows, fold: Any = None) -> dict[str, Any]:
    """What every viewer of the table sees (``fold``: the public fold of its hand, if made already)."""
    game = game_of_table(rows.table)
    if fold is None and rows.hand is not None:
        fold = fold_events(game.new_fold(rows.hand), rows.events, None)
    return game.public_view(
        table=rows.table, seats=rows.seats, names=rows.names, hand=rows.hand, fold=fold, now=timezone.now()
    )


def private_parts(rows: TableRows, user_ids: set[int], own: dict[int, list[StoredEvent]]) -> dict[int, dict]:
    """What only each of ``user_ids`` sees (``own``: each one's own events of the hand)."""
    game = game_of_table(rows.table)
    seats = {seat.user_id: seat for seat in rows.seats}
    extras = game.extras(user_ids)
    return {
        user_id: game.private_part(
            seat=seats.get(user_id),
            table=rows.table,
            hand=rows.hand,
            events=own.get(user_id, []),
            user_id=user_id,
            extra=extras.get(user_id, {}),
        )
        for user_id in user_ids
    }


def table_views(
    rows: TableRows, user_ids: set[int] | None = None
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The public view and each user's own view (``user_ids``: whose; default every viewer)."""
    public = public_view(rows)
    users = rows.viewers() if user_ids is None else user_ids
    own = {user_id: own_events(rows.hand, rows.events, user_id) for user_id in users}
    parts = private_parts(rows, users, own)
    return public, {user_id: compose(public, parts[user_id], user_id) for user_id in users}


def viewer_snapshot(table_id: int, user_id: int | None) -> dict[str, Any]:
    """One viewer's full view now (a connecting client, or one that missed an update)."""
    rows = table_rows(table_id)
    if user_id is None:
        return table_views(rows, set())[0]
    _, personal = table_views(rows, {user_id})
    return personal[user_id]


def presence(table_id: int) -> dict[str, Any]:
    """Who of the seated players has no page of the table open now (``offline``: seat numbers), and
    when it was read (``at``, ms): apart from the views, which are versions of the table (a seq),
    for a page open or closed is no change of the table. The page keeps the newest it has."""
    offline = Seat.objects.filter(table_id=table_id, is_bot=False, connections__lte=0)
    return {"offline": sorted(offline.values_list("number", flat=True)), "at": int(time.time() * 1000)}


def snapshot_message(table_id: int, user_id: int | None) -> dict[str, Any]:
    """What a connecting (or lost) client is sent: his whole view, who is connected, and ``public``,
    the patch from his view to the public one, that the next updates patch (``delta``)."""
    rows = table_rows(table_id)
    public, personal = table_views(rows, {user_id} if user_id is not None else set())
    view = personal[user_id] if user_id is not None else public
    return {
        "type": "snapshot",
        "seq": view["seq"],
        "view": view,
        "presence": presence(table_id),
        "public": delta.diff(view, public),
    }
