"""The seasons and sessions the pages list, and the current ones."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone

from ..models import Season, Session


def season_list() -> QuerySet[Season]:
    return Season.objects.all()


def season_current() -> Season | None:
    """The season whose first session is the latest one already begun, else the next one."""
    today = timezone.localdate()
    return Season.objects.filter(starts_on__lte=today).first() or Season.objects.order_by("starts_on").first()


def session_current(season: Season | None = None) -> Session | None:
    """The session being played, else the next one planned, else the last one."""
    sessions = Session.objects.select_related("season")
    if season is not None:
        sessions = sessions.filter(season=season)
    running = [Session.Status.ROUND1, Session.Status.ROUND2, Session.Status.FINISHED]
    return (
        sessions.filter(status__in=running).order_by("-started_at").first()
        or sessions.filter(status=Session.Status.PLANNED).order_by("scheduled_at").first()
        or sessions.order_by("-scheduled_at").first()
    )
