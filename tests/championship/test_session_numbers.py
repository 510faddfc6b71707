"""A session's number follows its date within the season: on the pages, the chart and the CSV."""

import re

import pytest
from django.urls import reverse

from championship.models import Member, Result, Session
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


def test_a_session_added_between_two_others_takes_its_place(client, organizer):
    season, _ = season_with_session()  # sessions every two months from 2026-01-10
    response = _add(client, season, "2026-02-14")
    assert "La séance 2 est ajoutée." in response.content.decode()
    numbers = [
        (s.scheduled_at.date().isoformat(), s.number) for s in season.sessions.order_by("scheduled_at")
    ]
    assert [n for _, n in numbers] == list(range(1, 8))
    assert numbers[1] == ("2026-02-14", 2)
    page = client.get(reverse("season_sessions", args=[season.pk])).content.decode()
    labels = re.findall(r"Séance (\d+)</a>", page)
    assert labels == [str(n) for n in range(1, 8)]


def test_moving_a_session_later_renumbers_the_season(client, organizer):
    season, first = season_with_session()
    client.post(
        reverse("session_edit", args=[first.pk]),
        {"scheduled_at": "2026-12-31T15:00", "mode": "live", "ready_seconds": 120},
    )
    first.refresh_from_db()
    assert first.number == 6
    assert season.sessions.get(scheduled_at__month=3).number == 1


def test_the_chart_and_the_csv_follow_the_dates(client, organizer):
    season, _ = season_with_session()
    _add(client, season, "2026-02-14")
    member = Member.objects.create(full_name="Hery R", nickname="Hery")
    for session in season.sessions.filter(number__lte=3):
        Result.objects.create(session=session, member=member, round_reached=2, place=1, points=100)
    season.sessions.filter(number__lte=3).update(status=Session.Status.CLOSED)
    page = client.get(reverse("standings_season", args=[season.pk])).content.decode()
    ticks = re.findall(r'class="tick" text-anchor="middle">(\d+)<', page)
    assert ticks == ["1", "2", "3"]
    header = (
        client.get(reverse("standings_csv", args=[season.pk])).content.decode("utf-8-sig").splitlines()[0]
    )
    assert re.findall(r"séance (\d)", header) == ["1", "2", "3"]


def test_two_sessions_on_the_same_day_keep_distinct_numbers(organizer):
    from championship.services.seasons import session_create

    season, first = season_with_session()
    second = session_create(season=season, scheduled_at=first.scheduled_at)
    assert second.number == 2
    assert sorted(season.sessions.values_list("number", flat=True)) == list(range(1, 8))
