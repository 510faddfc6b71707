"""A session keeps its number, its name, once it is made: adding, moving or deleting another session
changes no other session's name on the pages, the calendar, the chart or the CSV."""

import re

import pytest
from django.urls import reverse

from championship.calendar import event_uid
from championship.models import Member, Result, Session
from championship.services.seasons import session_create
from tests.factories import OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def _add(client, season, day: str):
    return client.post(
        reverse("session_new", args=[season.pk]),
        {"scheduled_at": f"{day}T15:00", "mode": "live", "ready_seconds": 120},
        follow=True,
    )


def _names(season) -> dict[str, str]:
    """Each session's name by its date, as its own page's title shows it."""
    return {s.scheduled_at.date().isoformat(): s.label for s in season.sessions.all()}


def test_sessions_keep_their_names_when_another_is_added_before_them(client, organizer):
    season, _ = season_with_session()  # sessions 1 to 6 every two months from 2026-01-10
    before = _names(season)
    fourth = season.sessions.get(number=4)
    page = client.get(reverse("session_detail", args=[fourth.pk])).content.decode()
    assert "<h1>Séance 4 " in page
    ics_before = client.get(reverse("session_ics", args=[fourth.pk])).content.decode()

    response = _add(client, season, "2026-02-14")  # between sessions 1 and 2
    assert "La séance 7 est ajoutée." in response.content.decode()
    after = _names(season)
    assert after.pop("2026-02-14") == "Séance 7"
    assert after == before
    page = client.get(reverse("session_detail", args=[fourth.pk])).content.decode()
    assert "<h1>Séance 4 " in page
    ics_after = client.get(reverse("session_ics", args=[fourth.pk])).content.decode()
    for ics in (ics_before, ics_after):
        assert f"UID:{event_uid(fourth)}" in ics
        assert "SUMMARY:Poker ARF\u202f: Séance 4 (Saison 2026)" in ics.replace("\r\n ", "")
    listing = client.get(reverse("season_sessions", args=[season.pk])).content.decode()
    # Listed by date, each with its own name.
    assert re.findall(r"Séance (\d+)</a>", listing) == ["1", "7", "2", "3", "4", "5", "6"]


def test_sessions_keep_their_names_when_another_is_moved_or_deleted(client, organizer):
    season, first = season_with_session()
    client.post(
        reverse("session_edit", args=[first.pk]),
        {"scheduled_at": "2026-12-31T15:00", "mode": "live", "ready_seconds": 120},
    )
    first.refresh_from_db()
    assert first.label == "Séance 1"
    assert first.scheduled_at.month == 12
    assert season.sessions.get(scheduled_at__month=3).label == "Séance 2"

    season.sessions.get(number=6).delete()
    assert sorted(season.sessions.values_list("number", flat=True)) == [1, 2, 3, 4, 5]
    # The number of the deleted session is not given again: an old link or calendar entry that
    # said "Séance 6" never names another evening.
    assert session_create(season=season, scheduled_at=first.scheduled_at).label == "Séance 7"


def test_the_chart_and_the_csv_name_the_sessions_in_the_order_of_their_dates(client, organizer):
    season, _ = season_with_session()
    _add(client, season, "2026-02-14")
    member = Member.objects.create(full_name="Hery R", nickname="Hery")
    played = list(season.sessions.order_by("scheduled_at")[:3])  # sessions 1, 7 and 2
    for session in played:
        Result.objects.create(session=session, member=member, round_reached=2, place=1, points=100)
    Session.objects.filter(pk__in=[s.pk for s in played]).update(status=Session.Status.CLOSED)
    page = client.get(reverse("standings_season", args=[season.pk])).content.decode()
    ticks = re.findall(r'class="tick" text-anchor="middle">(\d+)<', page)
    assert ticks == ["1", "7", "2"]
    header = (
        client.get(reverse("standings_csv", args=[season.pk])).content.decode("utf-8-sig").splitlines()[0]
    )
    assert re.findall(r"séance (\d)", header) == ["1", "7", "2"]


def test_two_sessions_on_the_same_day_keep_distinct_numbers(organizer):
    season, first = season_with_session()
    second = session_create(season=season, scheduled_at=first.scheduled_at)
    assert second.number == 7
    assert sorted(season.sessions.values_list("number", flat=True)) == list(range(1, 8))


def test_the_migration_keeps_the_numbers_players_have_seen(organizer):
    """Migration 0012 keeps each session's number and remembers the season's highest."""
    from importlib import import_module

    from django.apps import apps

    season, _ = season_with_session()
    season.sessions.filter(number=6).update(number=9)  # a season whose numbers have a gap
    season.__class__.objects.filter(pk=season.pk).update(last_session_number=0)
    import_module("championship.migrations.0012_session_numbers_fixed").remember_highest(apps, None)
    season.refresh_from_db()
    assert season.last_session_number == 9
    assert sorted(season.sessions.values_list("number", flat=True)) == [1, 2, 3, 4, 5, 9]
    assert session_create(season=season, scheduled_at=season.sessions.first().scheduled_at).number == 10
