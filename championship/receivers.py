"""What the online tables tell the championship (poker.signals, poker/CONTRACT.md). Receivers run inside
the transaction that ends the hand, so a knock-out is recorded with it or not at all; the hand's
figures (``on_hand_finished``) just after it, once (poker.tables.after_end)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from . import notices
from .models import KnockOut, Registration, Seat, Session, TableMove
from .services import clock as clock_services
from .services import online
from .services import sessions as services
from .statistics import record

logger = logging.getLogger(__name__)


def _session_of(table) -> Session | None:
    """The session a poker table plays for, from its blind provider ("championship:<pk>"). A
    replaced table (see services.online._playable) still names its session."""
    name, _, key = (table.blind_provider or "").partition(":")
    if name != online.PROVIDER or not key.isdigit():
        return None
    return Session.objects.select_related("season").filter(pk=int(key)).first()


def on_hand_knockouts(sender, *, table, hand_number, busted, players_left, **kwargs):
    """The players out in one hand, together: `knockout_record` applies the championship's cut rule
    (rules.round1_busts) to them, exactly as for a hand recorded live."""
    session = _session_of(table)
    if session is None or session.round_number is None:
        return  # not a championship table
    stacks = dict(busted)
    registrations = list(
        Registration.objects.select_related("member").filter(session=session, member__user_id__in=stacks)
    )
    if len(registrations) != len(stacks):
        known = {r.member.user_id for r in registrations}
        logger.error(
            "knock-out at table %s of players not registered: users %s", table.pk, sorted(set(stacks) - known)
        )
    active = set(
        Seat.objects.filter(
            session=session, round_number=session.round_number, registration__in=registrations, active=True
        ).values_list("registration_id", flat=True)
    )
    out = [(r, stacks[r.member.user_id]) for r in registrations if r.pk in active]
    if not out:
        return  # already recorded (a signal sent twice changes nothing)
    # A move out of this table may still be waiting for the end of this hand: he is out first, at
    # the table he played at.
    for move in TableMove.objects.filter(
        registration_id__in=active, applied_at__isnull=True, reverted_at__isnull=True
    ).order_by("-pk"):
        Seat.objects.filter(
            session=session, round_number=move.round_number, registration_id=move.registration_id
        ).update(table=move.from_table, seat=_seat_back(session, move))
        move.reverted_at = timezone.now()
        move.save(update_fields=["reverted_at"])
    table_of = dict(
        Seat.objects.filter(
            session=session, round_number=session.round_number, registration_id__in=active
        ).values_list("registration_id", "table")
    )
    for number in sorted(set(table_of.values())):  # one table, unless the seats disagree
        services.knockout_record(
            session=session,
            table=number,
            busted=[(r, stack) for r, stack in out if table_of[r.pk] == number],
            by=None,
            source=KnockOut.Source.ONLINE,
            hand_key=f"t{table.pk}-h{hand_number}",
        )


def on_hand_dealt(sender, *, table, hand, **kwargs):
    """A round's first hand starts the session's clock (services.clock.clock_first_deal), once the
    hand's transaction has committed: the clock's row is not locked inside a table's change, whose
    order of locks (table, then session) is the reverse of the organizer's pause."""
    if hand.number != 1:
        return  # the clock runs already: only a table's first hand can be a round's first
    name, _, key = (table.blind_provider or "").partition(":")
    if name != online.PROVIDER or not key.isdigit():
        return
    transaction.on_commit(lambda: clock_services.clock_first_deal(session_id=int(key)), robust=True)


def on_table_finished(sender, *, table, remaining_user_ids, **kwargs):
    """A table is done. Round 1: the last table to finish draws round 2 and opens its tables (the
    organizer may still do it by hand before). Round 2: the moves waiting for it can go (its players
    are between hands now)."""
    session = _session_of(table)
    if session is None:
        return
    notices.notify(remaining_user_ids)  # no hand any more here: their notice says what comes next
    if session.status == Session.Status.ROUND1:
        services.round2_when_ready(session)
    elif session.status == Session.Status.ROUND2:
        online.moves_apply(session=session)


def _seat_back(session: Session, move: TableMove) -> int:
    """The seat a player out in his last hand goes back to, at the table he played it at: his own,
    unless a later balancing gave it to another player (it saw the seat free while he finished his
    hand there: that player's move waits too); then the first seat free there. He leaves it in the
    same transaction: it only places his knock-out at his table."""
    taken = set(
        Seat.objects.filter(
            session=session, round_number=move.round_number, table=move.from_table, active=True
        )
        .exclude(registration_id=move.registration_id)
        .values_list("seat", flat=True)
    )
    if move.from_seat not in taken:
        return move.from_seat
    return min(set(range(1, 9)) - taken)


def on_hand_finished(sender, *, table, hand, events=None, **kwargs):
    """Every finished hand's figures added to its members' statistics (docs/statistics.md), once,
    just after the hand's transaction (poker.tables.after_end); its knock-outs, recorded in it,
    credited to who made them. A failure here is logged and rolled back to its savepoint: the hand
    itself is never lost."""
    key = record.session_key(table)
    session = None
    if key is not None:
        session = Session.objects.select_related("season").filter(pk=key).first()
        if session is None:
            return
    try:
        with transaction.atomic():  # a savepoint: the statistics never undo the hand
            record.record_hand(table, hand, session, events=events)
    except Exception:
        # The hand goes on without its figures; compute_statistics counts it again.
        logger.exception("statistics of hand %s of table %s failed", hand.number, table.pk)
