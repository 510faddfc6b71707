"""Which web process holds which open table pages, so that a process that dies leaves nobody
counted as connected.

``Seat.connections`` counts a seated player's open table pages over every process
(``services.table_presence``). Each process also counts its own, by table and player
(``OpenPages``), and beats (``WebProcess.seen_at``) every ``BEAT_SECONDS``. A process not heard of
for ``DEAD_AFTER_SECONDS`` (killed, out of memory, its host gone) is dead: the first live process
to notice takes its pages back from the seats' counts, each row under its lock so that two never
take one back twice; the tables are told who is connected, and a player whose last page it was is
disconnected since then. A process beats once before it counts its first page, so a page is never
counted by a process that others could take for dead.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
import weakref
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Greatest
from django.utils import timezone

from arf.unavailable import database_unavailable, summary

from ..models import OpenPages, Seat, WebProcess
from .broadcast import broadcast_presence
from .db import in_thread

logger = logging.getLogger(__name__)

BEAT_SECONDS = 10
DEAD_AFTER_SECONDS = 45
PROCESS = f"{socket.gethostname()[:60]}-{os.getpid()}-{uuid.uuid4().hex[:8]}"

_beaten = False
_loops: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def beat() -> None:
    """This process is alive."""
    global _beaten
    WebProcess.objects.update_or_create(key=PROCESS, defaults={"seen_at": timezone.now()})
    _beaten = True


def count(table_id: int, user_id: int, change: int) -> None:
    """This process opened (+1) or closed (-1) a page of ``table_id`` for seated ``user_id``."""
    if not _beaten:
        beat()
    mine = OpenPages.objects.filter(process=PROCESS, table_id=table_id, user_id=user_id)
    if change > 0 and not mine.update(pages=F("pages") + 1):
        try:
            with transaction.atomic():
                OpenPages.objects.create(process=PROCESS, table_id=table_id, user_id=user_id, pages=1)
        except IntegrityError:  # another page of his opened here at the same moment
            mine.update(pages=F("pages") + 1)
    elif change < 0 and not mine.filter(pages__gt=1).update(pages=F("pages") - 1):
        mine.delete()


def sweep() -> int:
    """Take back the pages of the processes found dead; returns how many pages."""
    dead_before = timezone.now() - timedelta(seconds=DEAD_AFTER_SECONDS)
    alive = WebProcess.objects.filter(seen_at__gte=dead_before).values_list("key", flat=True)
    taken = 0
    tables: set[int] = set()
    for pk in (
        OpenPages.objects.exclude(process__in=alive).exclude(process=PROCESS).values_list("pk", flat=True)
    ):
        with transaction.atomic():
            row = OpenPages.objects.select_for_update().filter(pk=pk).first()
            if row is None:
                continue  # taken back by another process
            seat = Seat.objects.filter(table_id=row.table_id, user_id=row.user_id, is_bot=False)
            seat.update(connections=Greatest(F("connections") - row.pages, 0))
            seat.filter(connections=0, offline_since__isnull=True).update(offline_since=timezone.now())
            row.delete()
            taken += row.pages
            tables.add(row.table_id)
    WebProcess.objects.filter(seen_at__lt=dead_before).exclude(key=PROCESS).delete()
    for table_id in tables:
        broadcast_presence(table_id)
    if taken:
        logger.warning("%s table pages of dead web processes taken back", taken)
    return taken


async def run_heartbeat() -> None:
    """Beat and sweep every ``BEAT_SECONDS`` for the life of the process."""
    while True:
        try:
            await in_thread(beat)()
            await in_thread(sweep)()
        except Exception as error:
            if database_unavailable(error):
                logger.warning("presence heartbeat waits for the database: %s", summary(error))
            else:
                logger.exception("presence heartbeat")
        await asyncio.sleep(BEAT_SECONDS)


def ensure_heartbeat() -> None:
    """Start this process's heartbeat once per event loop (unless POKER_PRESENCE_HEARTBEAT is off)."""
    if not settings.POKER_PRESENCE_HEARTBEAT:
        return
    loop = asyncio.get_running_loop()
    if loop not in _loops:
        _loops[loop] = loop.create_task(run_heartbeat())
