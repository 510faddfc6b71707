"""The sessions in the players' calendars: a session's "Add to my calendar" file and the season's
subscription feed, both read back with the icalendar library as a calendar app would."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from icalendar import Calendar

from championship.models import Session
from tests.factories import OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db
PARIS = ZoneInfo("Europe/Paris")


def _read(response) -> Calendar:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.content)


def test_a_session_file_holds_one_event_at_its_paris_time_with_its_page(client):
    _, session = season_with_session()
    page = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    assert f'href="{reverse("session_ics", args=[session.pk])}"' in page
    assert "Ajouter à mon agenda" in page
    calendar = _read(client.get(reverse("session_ics", args=[session.pk])))
    [event] = calendar.events
    assert event.start == session.scheduled_at
    assert event.start.tzinfo.key == "Europe/Paris"
    assert [tz.tz_name for tz in calendar.timezones] == ["Europe/Paris"]
    assert event["URL"] == f"http://testserver/championnat/seances/{session.pk}/"
    assert "Séance 1" in event["SUMMARY"]
    again = _read(client.get(reverse("session_ics", args=[session.pk]))).events[0]
    assert again["UID"] == event["UID"]  # the same event, not a second one


def test_the_season_feed_holds_every_session_and_follows_a_change_of_date(client):
    season, session = season_with_session()  # six sessions
    standings = client.get(reverse("standings")).content.decode()
    assert f'href="webcal://testserver/championnat/saisons/{season.pk}/agenda.ics"' in standings
    feed = _read(client.get(reverse("season_ics", args=[season.pk])))
    events = {e["UID"]: e for e in feed.events}
    assert len(events) == 6
    assert sorted(e.start for e in events.values()) == [
        s.scheduled_at for s in Session.objects.filter(season=season).order_by("scheduled_at")
    ]
    uid = next(uid for uid, e in events.items() if e.start == session.scheduled_at)
    assert events[uid]["SEQUENCE"] == 0

    client.force_login(OrganizerFactory())
    moved = client.post(
        reverse("session_edit", args=[session.pk]),
        {"scheduled_at": "2026-01-17T20:30", "mode": "live", "ready_seconds": 120},
    )
    assert moved.status_code == 302
    client.post(  # saved again without a new date: the calendars have nothing new to take
        reverse("session_edit", args=[session.pk]),
        {"scheduled_at": "2026-01-17T20:30", "mode": "online", "ready_seconds": 120},
    )
    event = {e["UID"]: e for e in _read(client.get(reverse("season_ics", args=[season.pk]))).events}[uid]
    assert event.start == datetime(2026, 1, 17, 20, 30, tzinfo=PARIS)
    assert event["SEQUENCE"] == 1
