"""Which announcement a page shows, and the organizer's list.

The rule: a page shows the session's latest announcement, until the player dismisses it (his
browser remembers it) or a newer one replaces it. One sent before the session's end is not shown
after it (a "10 minutes of break" read after the last hand would mislead); one sent after the end
(the results, a thank-you) is, until the session is closed. A closed session shows none: its
players' pages no longer follow it (selectors.evening_for)."""

from __future__ import annotations

from ..models import Session
from .models import Announcement

RECENT = 5  # the organizer's list under his form


def announcement_shown(session: Session | None) -> Announcement | None:
    if session is None or session.status == Session.Status.CLOSED:
        return None
    announcements = Announcement.objects.filter(session=session)
    if session.status == Session.Status.FINISHED and session.finished_at:
        announcements = announcements.filter(at__gte=session.finished_at)
    return announcements.order_by("-pk").first()


def announcements_recent(session: Session) -> list[Announcement]:
    return list(Announcement.objects.filter(session=session).select_related("by").order_by("-pk")[:RECENT])
