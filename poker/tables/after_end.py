"""What follows a hand's end outside its transaction: ``signals.hand_finished`` (the season's
statistics, the pair figures), once per hand, after the hand has committed.

Why not in the hand's transaction: that work reads the hand's events again and writes other rows
(a few milliseconds of CPU at every hand's end, more than the action itself), and nothing of the
table depends on it; inside, the table's lock and the players' next update waited for it. Why
nothing is lost: the hand is the truth. Its row says the follow-up is still owed
(``Hand.after_end_pending``, set with ``ended_at`` in the same statement), and the follow-up's own
transaction clears the flag with the figures it writes: a process that dies between the two
commits leaves the flag set, and ``catch_up`` (every process's deadline loop, the worker, the
``compute_*`` commands) does that hand's follow-up later. The flag's row is locked while the work
runs, so two processes never count one hand twice.

Where it runs: in the web process, off the thread that answers the action (one thread of its own,
as the pushes have: the action's broadcasts go as soon as the thread that committed is done);
elsewhere (the worker, a command, the tests) at the commit, in the committing thread.
"""

from __future__ import annotations

import copy
import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import timedelta

from django.db import connection, connections, transaction
from django.utils import timezone

from .. import signals
from ..models import Hand, HandEvent, Table
from . import broadcast

logger = logging.getLogger(__name__)

CATCH_UP_EVERY = 30.0  # seconds between two looks for hands whose follow-up was lost
CATCH_UP_AFTER = timedelta(seconds=10)  # a hand ended this long ago whose follow-up is still owed

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None
_pending: set[Future] = set()
_last_catch_up = 0.0


def follow_up_on_commit(hand: Hand, table: Table) -> None:
    """Called in the transaction that ends ``hand`` (its ``after_end_pending`` set). The rows go
    as they are now (copies: the table's next changes go on), and are not read again."""
    hand, table = copy.copy(hand), copy.copy(table)
    transaction.on_commit(lambda: _soon(hand, table), robust=True)


def _soon(hand: Hand, table: Table) -> None:
    if broadcast.deferred.get() is None or connection.vendor != "postgresql":
        # Not the thread of a websocket's action (SQLite takes one writer at a time anyway).
        follow_up(hand.pk, hand=hand, table=table)
        return
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="after-end")
        future = _executor.submit(_in_pool, hand, table)
        _pending.add(future)
    future.add_done_callback(_done)


def _done(future: Future) -> None:
    with _lock:
        _pending.discard(future)


def _in_pool(hand: Hand, table: Table) -> None:
    try:
        follow_up(hand.pk, hand=hand, table=table)
    except Exception:  # the flag stays set: the next catch-up does it
        logger.exception("follow-up of hand %s failed", hand.pk)
    finally:
        connections.close_all()  # this thread's connections go back to the pool


def follow_up(hand_id: int, *, hand: Hand | None = None, table: Table | None = None) -> bool:
    """``hand_id``'s follow-up, unless done already: True when done now. ``hand`` and its
    ``table``: the rows as the hand's end left them (else read)."""
    with transaction.atomic():
        # The claim: the flag cleared, its row locked until this commits (or rolls back, the flag
        # set again); a second follow-up of the hand waits for it, then finds nothing to claim.
        if not Hand.objects.filter(pk=hand_id, after_end_pending=True).update(after_end_pending=False):
            return False
        if hand is None or table is None:
            hand = Hand.objects.select_related("table").get(pk=hand_id)
            table = hand.table
        signals.hand_finished.send(sender=Table, table=table, hand=hand, events=HandEvents(hand_id))
    return True


class HandEvents:
    """The hand's stored events for its follow-up's receivers: read once, when the first of them
    asks (none may: a table of no member's), in their order. ``all`` has the private ones too (the
    hole cards: for counts kept on the server, never shown)."""

    def __init__(self, hand_id: int) -> None:
        self.hand_id = hand_id
        self._rows: list[tuple[bool, dict]] | None = None

    def _read(self) -> list[tuple[bool, dict]]:
        if self._rows is None:
            rows = HandEvent.objects.filter(hand_id=self.hand_id).order_by("seq")
            self._rows = list(rows.values_list("private", "payload"))
        return self._rows

    def all(self) -> list[dict]:
        return [payload for _private, payload in self._read()]

    def public(self) -> list[dict]:
        return [payload for private, payload in self._read() if not private]


def catch_up(*, ended_before: timedelta | None = None, limit: int = 500) -> int:
    """The follow-up of every hand that ended more than ``ended_before`` (CATCH_UP_AFTER) ago and
    still owes it, oldest first; returns how many were done now. A hand that ended just now is left
    to its own follow-up, on its way."""
    ended_before = CATCH_UP_AFTER if ended_before is None else ended_before
    waiting = list(
        Hand.objects.filter(after_end_pending=True, ended_at__lte=timezone.now() - ended_before)
        .order_by("ended_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    done = 0
    for hand_id in waiting:
        try:
            done += follow_up(hand_id)
        except Exception:
            logger.exception("follow-up of hand %s failed", hand_id)
    if done:
        logger.warning("follow-up of %d hands caught up (a process stopped after their end)", done)
    return done


def catch_up_due() -> bool:
    """Time for this process's next ``catch_up`` (every CATCH_UP_EVERY seconds: the deadline
    loops ask at each pass, without a trip to a thread)."""
    global _last_catch_up
    now = time.monotonic()
    if now - _last_catch_up < CATCH_UP_EVERY:
        return False
    _last_catch_up = now
    return True


def drain(timeout: float = 30.0) -> None:
    """Waits until every follow-up submitted so far is done (tests, benchmarks)."""
    with _lock:
        waiting = list(_pending)
    for future in waiting:
        future.result(timeout=timeout)
