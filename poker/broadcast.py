"""Sending a change to the viewers of a table after it commits (``transaction.on_commit``).

Every connection to a table joins the table's group and its user's own group. A change goes to
the table's group once, as one public view (folded from the events anyone may see, serialised
once); a player's own part (his hole cards, his pre-action, his time bank) goes to his own group
only, and only when it changed. The page lays his part over each public view (``snapshots.compose``
and ``static/js/table.js``): a player's cards travel only in his own group.

The public view goes as a patch from the one sent at ``prev`` (``poker.delta``: about a tenth of
the whole view), when this process sent that one; otherwise whole. A page that has not the view
at ``prev`` asks for a snapshot, which carries the patch from the viewer's whole view to the public
one, so the page has the public view to apply the next patches to.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from contextvars import ContextVar
from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from . import cache, delta
from .models import Table
from .selectors import TableRows, presence, table_rows, table_views, with_events
from .snapshots import StoredEvent, private_view, table_view

logger = logging.getLogger(__name__)


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), cls=DjangoJSONEncoder)


def update_message(view: dict, prev: int) -> str:
    return _dumps({"type": "update", "seq": view["seq"], "prev": prev, "view": view})


def public_update(table: Table, view: dict, prev: int) -> str:
    """The update of the table's group: the patch from the public view sent at ``prev`` when this
    process has it (else the whole view), computed and serialised once for every viewer."""
    before = cache.take_view(table, prev)
    cache.keep_view(table, view)
    if before is None or view["seq"] <= prev:
        return update_message(view, prev)
    return _dumps({"type": "update", "seq": view["seq"], "prev": prev, "delta": delta.diff(before, view)})


def private_message(private: dict, seq: int) -> str:
    return _dumps({"type": "private", "seq": seq, "private": private})


def broadcast_table(
    table_id: int,
    prev_seq: int,
    rows: TableRows | None = None,
    *,
    events: list[StoredEvent] | None = None,
    known_after: int | None = None,
    private_for: Iterable[int] = (),
) -> None:
    """Send the table's new public view, and their own part to the users of ``private_for``.

    ``rows``: the table as the change saved it (None: read again); ``events``: those it stored;
    ``known_after``: the seq after which all the hand's events are among them (see
    ``cache.folded_hand``)."""
    try:
        if rows is None:
            rows, known_after = table_rows(table_id, events=False), None
    except Table.DoesNotExist:
        return
    table, hand = rows.table, rows.hand
    if table.variant == Table.Variant.DEALER_DRAW:
        _send(_whole_views(rows, prev_seq))
        return
    folded = None
    if hand is not None:
        folded = cache.folded_hand(table.pk, hand, table.visible_seq, events or [], known_after)
    public = table_view(
        table=table,
        seats=rows.seats,
        names=rows.names,
        hand=hand,
        events=(),
        now=timezone.now(),
        fold=folded.public if folded is not None else None,
    )
    messages = [(table.group_name, {"type": "table.update", "text": public_update(table, public, prev_seq)})]
    seats = {seat.user_id: seat for seat in rows.seats}
    for user_id in sorted(set(private_for)):
        player = hand.player_of(user_id) if hand is not None else None
        own = folded.private.get(player, []) if folded is not None and player is not None else []
        private = private_view(seat=seats.get(user_id), hand=hand, events=own, user_id=user_id)
        messages.append(
            (
                table.user_group_name(user_id),
                {"type": "table.update", "text": private_message(private, table.seq)},
            )
        )
    if folded is not None:
        cache.keep_fold(table.pk, folded)
    _send(messages)


def _whole_views(rows: TableRows, prev_seq: int) -> list[tuple[str, dict]]:
    """Draw against the dealer (a few players, no load to speak of): each viewer's whole view, the
    public one to the table's group (dropped by the users who get their own), each player's to his
    own group."""
    public, personal = table_views(with_events(rows))
    table = rows.table
    skip = sorted(personal)
    messages = [
        (table.group_name, {"type": "table.update", "text": update_message(public, prev_seq), "skip": skip})
    ]
    for user_id, view in personal.items():
        messages.append(
            (table.user_group_name(user_id), {"type": "table.update", "text": update_message(view, prev_seq)})
        )
    return messages


def broadcast_presence(table_id: int) -> None:
    """A seated player's first page opened or his last closed: the table's viewers are told. Not a
    change of the table (no seq): counting pages never waits for the table's lock."""
    group = Table(pk=table_id).group_name
    message = {"type": "presence", **presence(table_id)}
    _send([(group, {"type": "table.update", "text": _dumps(message)})])


def broadcast_chat(table_id: int, name: str, text: str, at: datetime) -> None:
    group = Table(pk=table_id).group_name
    message = _dumps({"type": "chat", "name": name, "text": text, "at": at})
    _send([(group, {"type": "table.chat", "text": message})])


# Set by ``poker.db.in_thread``: the messages of services run from async code are sent by the
# caller on its event loop once the thread is done, instead of the thread waiting on the loop.
deferred: ContextVar[list | None] = ContextVar("poker_deferred_broadcasts", default=None)


def _send(messages: list[tuple[str, dict]]) -> None:
    pending = deferred.get()
    if pending is not None:
        pending.extend(messages)
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(send_now)(messages)
    except Exception:  # the change is committed: a lost broadcast is healed by the next snapshot
        logger.exception("broadcast to table groups failed")


async def send_now(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    results = await asyncio.gather(
        *(layer.group_send(group, message) for group, message in messages), return_exceptions=True
    )
    for result in results:
        if isinstance(result, Exception):
            logger.error("broadcast to table groups failed: %r", result)
