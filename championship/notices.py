"""The online evening's notices: each player's pages learn that his place changed (a table drawn,
a move, a new table, his knock-out, the end) through his own group of the channel layer.

A notice carries nothing but "look again": the page fetches its notice (views.sessions.evening_notice,
rendered for that user by that user's request), so no message can tell anybody anything about
another player, nor anything about cards. The one other message is the organizer's announcement,
the same text for every player of the session (championship.announcements).
"""

from __future__ import annotations

from collections.abc import Iterable

from asgiref.sync import async_to_sync
from django.db import transaction

from poker.tables.broadcast import deferred, send_now

MESSAGE = '{"type": "notice"}'


def group_name(user_id: int) -> str:
    return f"evening-user-{user_id}"


def notify(user_ids: Iterable[int | None], *, message: str = MESSAGE) -> None:
    """After the current transaction commits, each of these users' open pages looks again (or gets
    ``message``, the same for all of them)."""
    targets = sorted({u for u in user_ids if u is not None})
    if targets:
        transaction.on_commit(lambda: _send(targets, message))


def _send(user_ids: list[int], message: str) -> None:
    messages = [(group_name(u), {"type": "evening.notice", "text": message}) for u in user_ids]
    pending = deferred.get()
    if pending is not None:  # a service run by a consumer or the clock: sent from the event loop
        pending.extend(messages)
    else:
        async_to_sync(send_now)(messages)
