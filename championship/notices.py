"""The online evening's notices: each player's pages learn that his place changed (a table drawn,
a move, a new table, his knock-out, the end) through his own group of the channel layer.

A notice carries nothing but "look again": the page fetches its notice (views.sessions.evening_notice,
rendered for that user by that user's request), so no message can tell anybody anything about
another player, nor anything about cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from asgiref.sync import async_to_sync
from django.db import transaction

from poker.tables.broadcast import deferred, send_now

MESSAGE = '{"type": "notice"}'


def group_name(user_id: int) -> str:
    return f"evening-user-{user_id}"


def notify(user_ids: Iterable[int | None]) -> None:
    """After the current transaction commits, each of these users' open pages looks again."""
    targets = sorted({u for u in user_ids if u is not None})
    if targets:
        transaction.on_commit(lambda: _send(targets))


def _send(user_ids: list[int]) -> None:
    messages = [(group_name(u), {"type": "evening.notice", "text": MESSAGE}) for u in user_ids]
    pending = deferred.get()
    if pending is not None:  # a service run by a consumer or the clock: sent from the event loop
        pending.extend(messages)
    else:
        async_to_sync(send_now)(messages)
