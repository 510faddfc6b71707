"""What the online tables tell the championship (poker.signals, CONTRACT.md). Receivers run inside
the transaction that ends the hand, so a knock-out is recorded with it or not at all."""

from __future__ import annotations

import logging

from django.utils import timezone

from .models import GameTable, KnockOut, Registration, Seat, Session, TableMove
from .services import online
from .services import sessions as services

logger = logging.getLogger(__name__)


def _session_of(table) -> Session | None:
    """The session a poker table plays for, from its blind provider ("championship:<pk>"). A
    replaced table (see services.online._playable) still names its session."""
    name, _, key = (table.blind_provider or "").partition(":")
    if name != online.PROVIDER or not key.isdigit():
        return None
    return Session.objects.select_related("season").filter(pk=int(key)).first()


def on_player_knocked_out(
    sender, *, table, user_id, hand_number, stack_at_hand_start, players_left, **kwargs
):
    session = _session_of(table)
    if session is None or session.round_number is None:
        return  # not a championship table
    registration = (
        Registration.objects.select_related("member").filter(session=session, member__user_id=user_id).first()
    )
    if registration is None:
        logger.error("knock-out at table %s of a player not registered: user %s", table.pk, user_id)
        return
    seat = Seat.objects.filter(
        session=session, round_number=session.round_number, registration=registration
    ).first()
    if seat is None or not seat.active:
        return  # already recorded (a signal sent twice changes nothing)
    game_table = GameTable.objects.get(session=session, round_number=seat.round_number, number=seat.table)
    if game_table.round_number == 1 and game_table.closed_at is not None:
        # Out in the hand that brought the table to 3, with the bigger stack at its start (the
        # signals come smallest first): he qualifies, like the rulebook's same-hand order says.
        return
    # A move out of this table may still be waiting for the end of this hand: he is out first.
    TableMove.objects.filter(
        registration=registration, applied_at__isnull=True, reverted_at__isnull=True
    ).update(reverted_at=timezone.now())
    services.knockout_record(
        session=session,
        table=seat.table,
        busted=[(registration, stack_at_hand_start)],
        by=None,
        source=KnockOut.Source.ONLINE,
        hand_key=f"t{table.pk}-h{hand_number}",
    )


def on_table_finished(sender, *, table, remaining_user_ids, **kwargs):
    """A table is done: the moves waiting for it can go (its players are between hands now)."""
    session = _session_of(table)
    if session is not None and session.status == Session.Status.ROUND2:
        online.moves_apply(session=session)
