"""Sending each viewer his view after a change commits (``transaction.on_commit``).

Every connection to a table joins the table's group (public view, chat) and its user's own group
(his view with his cards). A change is sent once to the table's group, naming the users who also
get their own copy (their consumers drop the public one), and once to each of those users' groups:
a player's cards travel only in his own group.
"""

from __future__ import annotations

import asyncio
import json
import logging
from contextvars import ContextVar
from datetime import datetime

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.serializers.json import DjangoJSONEncoder

from .models import Table
from .selectors import TableRows, table_rows, table_views, with_events

logger = logging.getLogger(__name__)


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), cls=DjangoJSONEncoder)


def update_message(view: dict, prev: int) -> str:
    return _dumps({"type": "update", "seq": view["seq"], "prev": prev, "view": view})


def broadcast_table(table_id: int, prev_seq: int, rows: TableRows | None = None) -> None:
    """Send every viewer his view; ``rows``: the table as the service just saved it (its events
    are read here), else everything is read again."""
    try:
        rows = table_rows(table_id) if rows is None else with_events(rows)
    except Table.DoesNotExist:
        return
    public, personal = table_views(rows)
    table = rows.table
    messages = [
        (
            table.group_name,
            {"type": "table.update", "text": update_message(public, prev_seq), "skip": sorted(personal)},
        )
    ]
    for user_id, view in personal.items():
        messages.append(
            (
                table.user_group_name(user_id),
                {"type": "table.update", "text": update_message(view, prev_seq), "skip": []},
            )
        )
    _send(messages)


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
