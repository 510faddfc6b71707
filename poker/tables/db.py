"""Running the synchronous services from the asynchronous consumers and clock."""

from __future__ import annotations

import asyncio
import functools

from channels.db import database_sync_to_async
from django.db import close_old_connections, connection

from . import broadcast


def in_thread(func):
    """``func`` as a coroutine function, run in a worker thread with its own database connection.

    On PostgreSQL the changes of different tables run side by side in the event loop's thread pool
    (the row lock orders those of one table), so one slow commit does not hold up every table of
    the process; the hop is ``asyncio.to_thread`` (what Channels' ``database_sync_to_async`` does,
    connections closed when stale before and after, without asgiref's bookkeeping for
    thread-sensitive code, which these calls do not need: a hop is paid at every action). SQLite takes one
    writer at a time anyway, so there everything runs in the one thread Channels keeps for the
    database. The broadcasts of a change are sent from the event loop once the thread is done, so
    the thread does not wait for the loop.
    """

    @functools.wraps(func)
    async def run(*args, **kwargs):
        pending: list = []
        token = broadcast.deferred.set(pending)  # copied into the thread's context with the others
        try:
            if connection.vendor == "postgresql":
                return await asyncio.to_thread(_with_fresh_connections, func, *args, **kwargs)
            return await database_sync_to_async(func)(*args, **kwargs)
        finally:
            broadcast.deferred.reset(token)
            await broadcast.send_now(pending)

    return run


def _with_fresh_connections(func, *args, **kwargs):
    close_old_connections()
    try:
        return func(*args, **kwargs)
    finally:
        close_old_connections()
