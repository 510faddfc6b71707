"""Running the synchronous services from the asynchronous consumers and clock."""

from __future__ import annotations

import functools

from channels.db import database_sync_to_async
from django.db import connection

from . import broadcast


def in_thread(func):
    """``func`` as a coroutine function, run in a worker thread with its own database connection.

    On PostgreSQL the changes of different tables run side by side in the thread pool (the row
    lock orders those of one table), so one slow commit does not hold up every table of the
    process; SQLite takes one writer at a time anyway, so there everything runs in the one thread
    Channels keeps for the database. The broadcasts of a change are sent from the event loop once
    the thread is done, so the thread does not wait for the loop.
    """

    @functools.wraps(func)
    async def run(*args, **kwargs):
        run_sync = database_sync_to_async(func, thread_sensitive=connection.vendor != "postgresql")
        pending: list = []
        token = broadcast.deferred.set(pending)
        try:
            return await run_sync(*args, **kwargs)
        finally:
            broadcast.deferred.reset(token)
            await broadcast.send_now(pending)

    return run
