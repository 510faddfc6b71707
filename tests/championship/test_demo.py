"""`make run` shows a season with past sessions and results on a fresh install."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from championship.models import Result, Session

pytestmark = pytest.mark.django_db


def test_the_demo_has_a_season_with_closed_sessions_and_a_leaderboard(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    closed = Session.objects.filter(status=Session.Status.CLOSED)
    assert closed.count() >= 2
    for session in closed:
        assert Result.objects.filter(session=session).count() == session.registrations.count()
    html = client.get(reverse("standings")).content.decode()
    assert "<svg" in html and html.count("/championnat/joueurs/") >= 9
    assert Session.objects.filter(status=Session.Status.PLANNED).exists()
