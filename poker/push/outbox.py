"""The notices of one transaction, sent once it commits, from a small pool of threads.

Why a thread pool in the process that committed, and not the worker: a push is an HTTP request to
the device's push service (tens to hundreds of milliseconds, ten seconds at worst), which must hold up
neither the table's action (its thread answers the player as soon as it commits) nor the event loop,
while the worker is one process busy firing every table's deadlines, and ``make run`` has none. The
pool has two threads and a bounded queue: a notice is a courtesy, and one lost in a crash or dropped
when the push services are far behind costs nothing but the notice (one log line).

Within one transaction, two notices with the same user and tag are one: the higher ``rank`` is sent
(the tables opening, with his seat, rather than the get-ready countdown of the same table).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from django.db import connection, connections, transaction

from .notices import Notice

logger = logging.getLogger(__name__)

MAX_PENDING = 500

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_pending: set[Future] = set()


class Batch:
    """The notices of the transaction in progress (one ``on_commit`` callback for them all)."""

    def __init__(self) -> None:
        self.notices: dict[tuple[int, str], Notice] = {}

    def add(self, notice: Notice) -> None:
        key = (notice.user_id, notice.tag)
        kept = self.notices.get(key)
        if kept is None or notice.rank >= kept.rank:
            self.notices[key] = notice

    def __call__(self) -> None:
        submit(list(self.notices.values()))


def queue(notice: Notice) -> None:
    """Sent after the current transaction commits (at once outside a transaction)."""
    if not connection.in_atomic_block:
        submit([notice])
        return
    batch = _batch_of_transaction()
    if batch is None:
        batch = Batch()
        transaction.on_commit(batch)
    batch.add(notice)


def _batch_of_transaction() -> Batch | None:
    # The batch is the callback registered on this transaction: when the transaction (or the
    # savepoint that registered it) rolls back, Django drops it, and the next notice starts a new one.
    for _savepoints, callback, *_robust in connection.run_on_commit:
        if isinstance(callback, Batch):
            return callback
    return None


def submit(notices: list[Notice]) -> None:
    global _executor
    if not notices:
        return
    with _lock:
        if len(_pending) >= MAX_PENDING:
            logger.warning("push: %d notices dropped, %d waiting to be sent", len(notices), len(_pending))
            return
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="push")
        future = _executor.submit(_send_all, notices)
        _pending.add(future)
    future.add_done_callback(_done)


def _done(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def _send_all(notices: list[Notice]) -> None:
    from .sending import send_notice

    try:
        for notice in notices:
            try:
                send_notice(notice)
            except Exception:  # a bug here must not kill the pool's thread; the next notice goes
                logger.exception("push: notice %s to user %s failed", notice.kind, notice.user_id)
    finally:
        connections.close_all()  # this thread's connections go back to the pool


def drain(timeout: float = 10.0) -> None:
    """Waits until every notice submitted so far is sent (tests, and a process that stops)."""
    with _lock:
        waiting = list(_pending)
    for future in waiting:
        future.result(timeout=timeout)
