"""Each finished Hold'em hand of a session read once for the pair figures, just after the
transaction that ends it (``on_hand_finished``, poker.tables.after_end), or again from the stored
hands (``rebuild``, the ``compute_integrity`` command)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta

from django.db import transaction

from poker.engine.integrity import hand_pairs
from poker.models import Hand, HandEvent, Table
from poker.tables import after_end

from ..models import HandPairs, Session
from ..statistics.record import PROVIDER, session_key

logger = logging.getLogger(__name__)


def _all_events(hand: Hand) -> list[dict]:
    """Every event of the hand, the private hole cards included: the server reads them here and
    keeps only counts."""
    return list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("payload", flat=True))


def record_hand(table: Table, hand: Hand, session: Session, events=None) -> None:
    if table.variant != Table.Variant.HOLDEM:
        return
    # ``events``: the follow-up's (poker.tables.after_end.HandEvents), read once for its receivers.
    pairs = hand_pairs(events.all() if events is not None else _all_events(hand))
    row = HandPairs(hand=hand, session=session, user_ids=hand.user_ids, data=pairs.to_dict())
    # One statement, the row replaced if the hand was read before.
    HandPairs.objects.bulk_create(
        [row], update_conflicts=True, unique_fields=["hand"], update_fields=["session", "user_ids", "data"]
    )


def on_hand_finished(sender, *, table, hand, events=None, **kwargs) -> None:
    """A failure here is logged and rolled back to its savepoint: the hand is never lost, and
    ``compute_integrity`` reads it again."""
    key = session_key(table)
    if key is None:
        return
    session = Session.objects.filter(pk=key).first()
    if session is None:
        return
    try:
        with transaction.atomic():
            record_hand(table, hand, session, events=events)
    except Exception:
        logger.exception("pair figures of hand %s of table %s failed", hand.number, table.pk)


def rebuild(sessions: Iterable[Session]) -> int:
    """The sessions' hands read again; returns how many."""
    count = 0
    after_end.catch_up(ended_before=timedelta(0))  # no hand left to be read again after this
    for session in sessions:
        hands = Hand.objects.filter(
            table__blind_provider=f"{PROVIDER}:{session.pk}",
            table__variant=Table.Variant.HOLDEM,
            ended_at__isnull=False,
        ).select_related("table")
        with transaction.atomic():
            HandPairs.objects.filter(session=session).delete()
            for hand in hands.iterator():
                record_hand(hand.table, hand, session)
                count += 1
    return count
