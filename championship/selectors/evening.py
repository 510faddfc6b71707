"""The online evening: where a player of tonight's online session is now, told on every page."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from poker.models import Seat as PokerSeat
from poker.models import Table

from ..models import KnockOut, Registration, Result, Seat, Session
from ..services.online import provider_key


@dataclass(frozen=True)
class Evening:
    """What a player of an online session is told on every page (templates/partials/evening.html).

    ``kind``: "soon" (registered, the session has not started: only the notices' socket is opened),
    "seated" (at ``table_id``), "waiting" (qualified, his next table is not drawn or open yet),
    "out" (knocked out in ``round_number``, ``place`` when round 2 gives one), "done" (the session
    has its winner: his ``place`` and ``points``)."""

    session: Session
    kind: str
    round_number: int | None = None
    table_id: int | None = None
    table_number: int | None = None
    seat: int | None = None
    place: int | None = None
    points: int | None = None

    @property
    def table_url(self) -> str | None:
        return reverse("poker:table", args=[self.table_id]) if self.table_id else None


EVENING_SOON = timedelta(hours=12)  # a session starting within this: pages listen for its draw


def evening_for(user) -> Evening | None:
    """The online session ``user`` plays tonight and where he is in it (two or three queries)."""
    if not user.is_authenticated:
        return None
    registration = (
        Registration.objects.filter(
            member__user=user,
            session__mode=Session.Mode.ONLINE,
            session__status__in=[
                Session.Status.PLANNED,
                Session.Status.ROUND1,
                Session.Status.ROUND2,
                Session.Status.FINISHED,
            ],
        )
        .select_related("session")
        .order_by("-session__scheduled_at")
        .first()
    )
    if registration is None:
        return None
    session = registration.session
    if session.status == Session.Status.PLANNED:
        if session.scheduled_at > timezone.now() + EVENING_SOON:
            return None
        return Evening(session, "soon")
    if session.status == Session.Status.FINISHED:
        result = Result.objects.filter(session=session, member_id=registration.member_id).first()
        if result is None or result.place is None:
            return Evening(session, "out", round_number=1)
        return Evening(session, "done", round_number=2, place=result.place, points=result.points)
    knockout = (
        KnockOut.objects.filter(session=session, registration=registration, undone_at__isnull=True)
        .order_by("-round_number")
        .first()
    )
    if knockout is not None:
        place = _round2_place(session, knockout) if knockout.round_number == 2 else None
        return Evening(session, "out", round_number=knockout.round_number, place=place)
    seat = (
        PokerSeat.objects.filter(
            user=user,
            table__blind_provider=provider_key(session),
            table__championship_table__round_number=session.round_number,
        )
        .exclude(table__status=Table.Status.FINISHED)
        .select_related("table__championship_table")
        .order_by("-table_id")
        .first()
    )
    if seat is not None:
        game_table = getattr(seat.table, "championship_table", None)
        return Evening(
            session,
            "seated",
            round_number=game_table.round_number if game_table else session.round_number,
            table_id=seat.table_id,
            table_number=game_table.number if game_table else None,
            seat=seat.number,
        )
    return Evening(session, "waiting", round_number=session.round_number)


def _round2_place(session: Session, knockout: KnockOut) -> int:
    """His place as the knock-outs give it (the results written at the end say the same): after
    the players still in and those out in his hand with a bigger stack at its start; equal stacks
    share the best place (README)."""
    players = Seat.objects.filter(session=session, round_number=2).count()
    hand = list(KnockOut.objects.filter(session=session, hand_key=knockout.hand_key, undone_at__isnull=True))
    first = min(k.sequence for k in hand)
    earlier = KnockOut.objects.filter(
        session=session, round_number=2, undone_at__isnull=True, sequence__lt=first
    ).count()
    bigger = sum(1 for k in hand if (k.stack_at_hand_start or 0) > (knockout.stack_at_hand_start or 0))
    return players - earlier - len(hand) + 1 + bigger
