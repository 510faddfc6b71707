"""A session's screens (the TV clock) learn that it changed through the session's group of the
channel layer (``/ws/sessions/<pk>/``, consumers.SessionConsumer): a start, a pause, a level set,
a knock-out, a draw, the end. As with the players' notices (championship.notices), the message says
only "look again"; the screen fetches its public page, so nothing is sent that the page would not
show anybody.

Every service that changes a session locks its row first (services.sessions.lock,
services.registrations), and the lock is where the message is registered: sent after the commit,
never for a change that was rolled back.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from django.db import transaction

from poker.tables.broadcast import deferred, send_now

logger = logging.getLogger(__name__)

MESSAGE = '{"type": "changed"}'


def group_name(session_id: int) -> str:
    return f"session-{session_id}"


def changed(session_id: int) -> None:
    """After the current transaction commits (at once outside one), the session's screens look
    again. Two changes in one transaction send two messages: the screen draws them as one."""
    transaction.on_commit(lambda: _send(session_id))


def _send(session_id: int) -> None:
    messages = [(group_name(session_id), {"type": "session.changed", "text": MESSAGE})]
    pending = deferred.get()
    if pending is not None:  # a service run by a consumer or the clock: sent from the event loop
        pending.extend(messages)
        return
    try:
        async_to_sync(send_now)(messages)
    except Exception:  # committed already: the screen resyncs when its socket opens again
        logger.exception("session %s: the screens' message failed", session_id)
