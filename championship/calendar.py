"""The sessions in the players' calendars (RFC 5545, written by the icalendar library): one
session's event ("Ajouter à mon agenda") and the season's feed, which a calendar subscribes to
(webcal://) and reads again now and then.

An event keeps its UID for good, so a calendar that reads it again updates the session instead of
adding a second one; its SEQUENCE is the session's ``sequence``, raised with each change of date
(championship.services.seasons.session_update), so the new date wins over the one it holds. Times
are Paris times, with the zone's definition (VTIMEZONE) in the file.
"""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from .models import Season, Session

PARIS = ZoneInfo("Europe/Paris")
# A session is an evening of two rounds: the calendar blocks this much of it.
LENGTH = timedelta(hours=4)
PRODID = "-//ARF//Championnat de poker//FR"


def event_uid(session: Session) -> str:
    return f"session-{session.pk}@arf-championnat"


def _event(request: HttpRequest, session: Session, stamp) -> Event:
    start = session.scheduled_at.astimezone(PARIS)
    return Event.new(
        uid=event_uid(session),
        sequence=session.sequence,
        stamp=stamp,
        start=start,
        end=start + LENGTH,
        summary=_("ARF poker: %(session)s (%(season)s)")
        % {"session": session.label, "season": session.season.name},
        description=_("The session's page: registration, the seating draw, the clock and the results."),
        url=request.build_absolute_uri(session.get_absolute_url()),
    )


def _calendar(name: str, events: list[Event]) -> bytes:
    calendar = Calendar.new(prodid=PRODID, name=name, subcomponents=events)
    calendar.add("X-WR-TIMEZONE", "Europe/Paris")
    if events:
        first = min(e.start for e in events).date()
        last = max(e.end for e in events).date()
        calendar.add_missing_timezones(
            first_date=first - timedelta(days=366), last_date=last + timedelta(days=366)
        )
    return calendar.to_ical()


def session_ics(request: HttpRequest, session: Session) -> bytes:
    return _calendar(session.label, [_event(request, session, timezone.now())])


def season_ics(request: HttpRequest, season: Season) -> bytes:
    stamp = timezone.now()
    sessions = Session.objects.filter(season=season).select_related("season").order_by("scheduled_at")
    return _calendar(
        _("ARF poker – %(season)s") % {"season": season.name}, [_event(request, s, stamp) for s in sessions]
    )
