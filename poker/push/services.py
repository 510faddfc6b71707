"""What is pushed, and when: called by the championship (its tables open, a player moved) and by the
table core's signals (a get-ready countdown, a new turn). Each queues a notice in ``outbox``: sent
after the transaction commits, never when it rolls back, never from the action's own thread.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from ..models import Table
from . import outbox
from .models import Subscription
from .notices import Notice
from .sending import enabled

# A player's devices at most: a new one beyond it replaces his oldest.
MAX_DEVICES = 10


def push_tables_open(*, session: str, seats: Iterable[tuple[int, Table, int, int]]) -> None:
    """A session's tables are open: each player (user id, poker table, table number, seat number)
    is told where he sits, and a tap opens his table."""
    if not enabled():
        return
    for user_id, table, number, seat in seats:
        outbox.queue(
            Notice(
                "tables_open",
                user_id,
                url=table.get_absolute_url(),
                tag=f"table-{table.pk}",
                params={"session": session, "table": number, "seat": seat},
                rank=2,
            )
        )


def push_moved(*, user_id: int, session: str, table: Table, number: int, seat: int) -> None:
    """He was moved to another table (round-2 balancing)."""
    if not enabled():
        return
    outbox.queue(
        Notice(
            "moved",
            user_id,
            url=table.get_absolute_url(),
            tag=f"table-{table.pk}",
            params={"session": session, "table": number, "seat": seat},
            rank=2,
        )
    )


def on_get_ready_started(*, table: Table, missing_user_ids: list[int], **kwargs: Any) -> None:
    """``poker.signals.get_ready_started``: those whose page is still not open when it commits."""
    if not enabled():
        return
    seconds = 0
    if table.deadline_at is not None:
        seconds = max(0, round((table.deadline_at - timezone.now()).total_seconds()))
    for user_id in missing_user_ids:
        outbox.queue(
            Notice(
                "get_ready",
                user_id,
                url=table.get_absolute_url(),
                tag=f"table-{table.pk}",
                params={"table": table.name, "seconds": seconds},
                table_id=table.pk,
            )
        )


def on_turn_started(*, table: Table, user_id: int, **kwargs: Any) -> None:
    """``poker.signals.turn_started``: his turn, when no page of his table is in sight."""
    if not enabled():
        return
    outbox.queue(
        Notice(
            "turn",
            user_id,
            url=table.get_absolute_url(),
            tag=f"turn-{table.pk}",
            params={"table": table.name},
            table_id=table.pk,
        )
    )


@transaction.atomic
def subscription_save(
    *, user: AbstractBaseUser, endpoint: str, p256dh: str, auth: str, language: str
) -> None:
    """This device of his accepts push messages (again: its keys may have changed). A device that
    belonged to another login is his now: one endpoint, one device, one user."""
    fields = {"user": user, "p256dh": p256dh, "auth": auth, "language": language}
    try:
        with transaction.atomic():
            Subscription.objects.update_or_create(endpoint=endpoint, defaults=fields)
    except IntegrityError:  # the same device, saved a moment before by its other tab
        Subscription.objects.filter(endpoint=endpoint).update(**fields)
    mine = Subscription.objects.filter(user=user).order_by("-created_at", "-pk")
    Subscription.objects.filter(pk__in=list(mine.values_list("pk", flat=True)[MAX_DEVICES:])).delete()


def subscription_delete(*, user: AbstractBaseUser, endpoint: str) -> bool:
    """This device no longer wants them. Only his own: another's endpoint changes nothing."""
    deleted, _ = Subscription.objects.filter(user=user, endpoint=endpoint).delete()
    return bool(deleted)
