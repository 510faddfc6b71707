"""Sending a change to the viewers of a table after it commits (``transaction.on_commit``).

Every process showing a table is in the table's group once (``fanout``), and every connection
is in its user's own group. A change goes to the table's group once, as one public view (folded
from the events anyone may see, serialised once); a player's own part (his hole cards, his
pre-action, his time bank) goes to his own group only, and only when it changed. The page lays
his part over each public view (``views.compose`` and ``static/js/table_common.js``): a player's
cards travel only in his own group. Every game is broadcast so.

The public view goes as a patch from the one sent at ``prev`` (``poker.delta``: about a tenth of
the whole view), when this process sent that one; otherwise whole. A page that has not the view
at ``prev`` asks for a snapshot, which carries the patch from the viewer's whole view to the public
one, so the page has the public view to apply the next patches to.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from contextvars import ContextVar
from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from ..models import Table
from . import cache, delta, jsontext
from .registry import game_of_table
from .rows import TableRows, presence, private_parts, public_view, table_rows
from .views import StoredEvent

logger = logging.getLogger(__name__)


def update_message(view: dict, prev: int) -> str:
    return jsontext.dumps({"type": "update", "seq": view["seq"], "prev": prev, "view": view})


def public_update(table: Table, view: dict, prev: int) -> str:
    """The update of the table's group: the patch from the public view sent at ``prev`` when this
    process has it (else the whole view), computed and serialised once for every viewer."""
    before = cache.take_view(table, prev)
    cache.keep_view(table, view)
    if before is None or view["seq"] <= prev:
        return update_message(view, prev)
    return jsontext.dumps(
        {"type": "update", "seq": view["seq"], "prev": prev, "delta": delta.diff(before, view)}
    )


def private_message(private: dict, seq: int) -> str:
    return jsontext.dumps({"type": "private", "seq": seq, "private": private})


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
    folded = None
    if hand is not None:
        new_fold = game_of_table(table).new_fold
        folded = cache.folded_hand(table.pk, hand, table.visible_seq, events or [], known_after, new_fold)
    public = public_view(rows, folded.public if folded is not None else None)
    messages = [(table.group_name, {"type": "table.update", "text": public_update(table, public, prev_seq)})]
    users = set(private_for)
    own = {}
    if folded is not None:
        for user_id in users:
            player = hand.player_of(user_id)
            own[user_id] = folded.private.get(player, []) if player is not None else []
    parts = private_parts(rows, users, own)
    for user_id in sorted(users):
        text = private_message(parts[user_id], table.seq)
        messages.append((table.user_group_name(user_id), {"type": "table.update", "text": text}))
    if folded is not None:
        cache.keep_fold(table.pk, folded)
    _send(messages)


def broadcast_presence(table_id: int) -> None:
    """A seated player's first page opened or his last closed: the table's viewers are told. Not a
    change of the table (no seq): counting pages never waits for the table's lock."""
    group = Table(pk=table_id).group_name
    message = {"type": "presence", **presence(table_id)}
    _send([(group, {"type": "table.update", "text": jsontext.dumps(message)})])


def broadcast_chat(table_id: int, name: str, text: str, at: datetime) -> None:
    group = Table(pk=table_id).group_name
    message = jsontext.dumps({"type": "chat", "name": name, "text": text, "at": at})
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
    # The group's name goes with the message: a table's group reaches its viewers through the
    # process's fan-out, which forwards by group (``fanout``).
    results = await asyncio.gather(
        *(layer.group_send(group, {**message, "group": group}) for group, message in messages),
        return_exceptions=True,
    )
    for result in results:
        if isinstance(result, Exception):
            logger.error("broadcast to table groups failed: %r", result)
