"""Firing the tables' deadlines (action timers, run-out streets, the next hand).

Deadlines are columns of the table row, so they survive restarts. Whatever fires them, the
``run_deadlines`` worker or the loop each web process starts on its first request, calls the same
service, which locks the row and checks the deadline is still the one it saw: two processes never
both fire one, and a deadline never overrides a click that came first.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
import weakref

from django.conf import settings
from django.utils import timezone

from arf.logs import log_context
from arf.unavailable import database_unavailable, summary

from ..models import Table
from . import after_end, services
from .db import in_thread

logger = logging.getLogger(__name__)

_loops: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
UNAVAILABLE_POLL_SECONDS = 1.0  # how often the loop looks again while the database is away
RETRY_MAX_SECONDS = 30.0  # the longest wait before a failing deadline is tried again


class Failing:
    """The deadlines that failed in this process, tried again after 1, 2, 4... up to 30 seconds:
    a table whose deadline raises (a bug, a refused record) must not take the loop's every poll
    nor write its traceback forty thousand times. The table stays as it was (the failed change
    rolled back); a new deadline (a player's click, an organizer's correction) is tried at once."""

    def __init__(self) -> None:
        self._by_table: dict[int, tuple[int, int, float]] = {}  # table -> (seq, failures, next try)

    def due(self, table_id: int, seq: int) -> bool:
        seen = self._by_table.get(table_id)
        return seen is None or seen[0] != seq or time.monotonic() >= seen[2]

    def failed(self, table_id: int, seq: int, kind: str) -> None:
        seen = self._by_table.get(table_id)
        failures = seen[1] + 1 if seen is not None and seen[0] == seq else 1
        wait = min(RETRY_MAX_SECONDS, 2.0 ** (failures - 1))
        self._by_table[table_id] = (seq, failures, time.monotonic() + wait)
        if failures == 1:
            logger.exception("deadline %s of table %s failed", kind, table_id)
        else:
            logger.error(
                "deadline %s of table %s failed again (%d times), next try in %.0f s",
                kind, table_id, failures, wait, exc_info=failures % 10 == 0,
            )  # fmt: skip

    def fired(self, table_id: int) -> None:
        self._by_table.pop(table_id, None)


failing = Failing()


def due_deadlines(limit: int = 200) -> list[tuple[int, str, int]]:
    """(table id, kind, seq) of the deadlines that are due, oldest first."""
    rows = (
        Table.objects.filter(deadline_at__lte=timezone.now())
        .order_by("deadline_at")
        .values_list("pk", "deadline_kind", "seq")[:limit]
    )
    return list(rows)


def fire_due_deadlines() -> int:
    """Fire every due deadline once; returns how many fired (a synchronous call, for the worker)."""
    fired = 0
    if after_end.catch_up_due():
        _catch_up()
    for table_id, kind, seq in due_deadlines():
        if not failing.due(table_id, seq):
            continue
        with log_context(table=table_id):
            try:
                fired += services.table_fire_deadline(table_id=table_id, kind=kind, seq=seq)
            except Exception as error:  # one broken table must not stop the others' clocks
                if database_unavailable(error):
                    raise  # nor can any other table's: the loop waits for the database
                failing.failed(table_id, seq, kind)
            else:
                failing.fired(table_id)
    return fired


def _catch_up() -> None:
    """Now and then, the follow-up of hands a stopped process left owed (``after_end``)."""
    try:
        after_end.catch_up()
    except Exception as error:
        if database_unavailable(error):
            raise
        logger.exception("catch-up of the hands' follow-up failed")


async def fire_due_deadlines_async() -> int:
    """Fire every due deadline once, each in its own trip to a worker thread: the broadcasts of
    one table go out as soon as its change commits, not after every other table due at the same
    time (tables started together end and start their hands together)."""
    fired = 0
    fire = in_thread(services.table_fire_deadline)
    if after_end.catch_up_due():
        await in_thread(_catch_up)()
    for table_id, kind, seq in await in_thread(due_deadlines)():
        if not failing.due(table_id, seq):
            continue
        with log_context(table=table_id):
            try:
                fired += await fire(table_id=table_id, kind=kind, seq=seq)
            except Exception as error:  # one broken table must not stop the others' clocks
                if database_unavailable(error):
                    raise  # nor can any other table's: the loop waits for the database
                failing.failed(table_id, seq, kind)
            else:
                failing.fired(table_id)
    return fired


async def run_deadlines(stop: asyncio.Event | None = None) -> None:
    """Poll for due deadlines until ``stop`` is set. While the database is full or away the loop
    goes on more slowly, saying so once when it stops firing and once when it fires again (not a
    line every poll); the deadlines missed meanwhile are due and fire at the first pass after."""
    poll = settings.POKER_DEADLINE_POLL_MS / 1000
    unavailable_since = None
    while stop is None or not stop.is_set():
        try:
            await fire_due_deadlines_async()
        except Exception as error:
            if not database_unavailable(error):
                logger.exception("deadline loop")
            elif unavailable_since is None:
                unavailable_since = time.monotonic()
                logger.warning("deadlines wait for the database: %s", summary(error))
        else:
            if unavailable_since is not None:
                logger.warning(
                    "deadlines fire again, after %.1f s without the database",
                    time.monotonic() - unavailable_since,
                )
                unavailable_since = None
        await asyncio.sleep(poll if unavailable_since is None else max(poll, UNAVAILABLE_POLL_SECONDS))


def ensure_deadline_loop() -> None:
    """Start this process's deadline loop once per event loop (unless POKER_DEADLINE_LOOP is off)."""
    if not settings.POKER_DEADLINE_LOOP:
        return
    loop = asyncio.get_running_loop()
    if loop not in _loops:
        _loops[loop] = loop.create_task(run_deadlines())


def start_with_daphne() -> None:
    """Start the deadline loop as soon as daphne's event loop runs, before any request: after a
    restart, deadlines fire even if nobody opens a page. Daphne imports the application before
    starting its loop (``daphne.server.twisted_loop``) and has no ASGI lifespan events; under any
    other server the first request starts the loop (``DeadlineLoopMiddleware``)."""
    server = sys.modules.get("daphne.server")
    loop = getattr(server, "twisted_loop", None)
    if loop is not None and not loop.is_closed():
        loop.call_soon(ensure_deadline_loop)


class DeadlineLoopMiddleware:
    """ASGI wrapper: the first request of a web process starts its deadline loop."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            ensure_deadline_loop()
        return await self.app(scope, receive, send)
