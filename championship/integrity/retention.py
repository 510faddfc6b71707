"""How long the shared-connection signals are kept: for their season (docs/integrity.md, "Shared
connections"). A season is over once a later season has started and none of its sessions is still
being played (a skipped session has no table, so it does not hold a season open); the rows of its
tables are then forgotten. Rows of tables the championship does not run (cash and practice tables)
are forgotten at the same time: no page reads them.

It runs by itself when a session is closed (``on_session_saved``: about every two months, at the end of
an evening), and on demand with ``manage.py forget_connections``.
"""

from __future__ import annotations

from datetime import date

from django.utils import timezone

from poker.models import SeatConnection

from ..models import Season, Session
from ..statistics.record import PROVIDER

IN_PLAY = (Session.Status.ROUND1, Session.Status.ROUND2, Session.Status.FINISHED)


def seasons_kept(today: date) -> list[Season]:
    """The seasons whose signals are still kept on ``today``."""
    seasons = list(Season.objects.order_by("starts_on", "pk"))
    started = [s for s in seasons if s.starts_on <= today]
    latest = started[-1] if started else None
    in_play = set(Session.objects.filter(status__in=IN_PLAY).values_list("season_id", flat=True))
    return [s for s in seasons if s == latest or s.starts_on > today or s.pk in in_play]


def forget_connections(today: date | None = None) -> int:
    """Deletes the signals of the seasons that are over and of the tables no season runs; returns
    how many rows went."""
    kept = seasons_kept(today or timezone.localdate())
    sessions = Session.objects.filter(season__in=kept).values_list("pk", flat=True)
    providers = [f"{PROVIDER}:{pk}" for pk in sessions]
    deleted, _ = SeatConnection.objects.exclude(table__blind_provider__in=providers).delete()
    return deleted


def on_session_saved(sender, *, instance: Session, update_fields=None, **kwargs) -> None:
    """A session just closed (``services.sessions.session_close``): a season may have ended with
    this evening. Run in the closing transaction, so a close that rolls back forgets nothing."""
    if instance.status == Session.Status.CLOSED and (update_fields is None or "status" in update_fields):
        forget_connections()
