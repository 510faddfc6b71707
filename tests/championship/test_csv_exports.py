"""The CSV exports open in columns in a French spreadsheet: the bytes say so."""

import pytest
from django.urls import reverse

from championship.bulk import build_history
from championship.models import Season
from championship.services.registrations import fee_record
from tests.factories import OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db
BOM = b"\xef\xbb\xbf"


@pytest.fixture
def organizer(client):
    user = OrganizerFactory(first_name="Tantine")
    client.force_login(user)
    return user


def test_the_standings_csv_is_for_a_french_spreadsheet(client):
    build_history(seasons=1, sessions=3, players=7, prefix="É")
    season = Season.objects.get()
    response = client.get(reverse("standings_csv", args=[season.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = response.content
    assert body.startswith(BOM)
    lines = body[len(BOM) :].decode("utf-8").split("\r\n")
    assert lines[0] == (
        "rang;joueur;points;séances jouées;victoires;meilleure place;points par séance;"
        "séance 1;séance 2;séance 3"
    )
    first = lines[1].split(";")
    assert len(first) == 10
    assert first[1].startswith("É")  # the accent survives: UTF-8 with its mark
    assert "," in first[6] and "." not in first[6]  # points per session: a decimal comma
    assert all(len(line.split(";")) == 10 for line in lines[1:] if line)


def test_the_fee_exports_use_the_same_format(client, organizer):
    season, session = season_with_session(players=2, entry_fee="1.50")
    registration = session.registrations.first()
    fee_record(registration=registration, amount="2.50", paid=True, method="cash", received_by=organizer)
    for url in (
        reverse("registrations_csv", args=[session.pk]),
        reverse("season_fees_csv", args=[season.pk]),
    ):
        body = client.get(url).content
        assert body.startswith(BOM)
        lines = body[len(BOM) :].decode("utf-8").split("\r\n")
        assert lines[0] == "séance;date;joueur;droit d’inscription (EUR);payé;payé par;reçu par"
        assert "1;2026-01-10;" in lines[1]
        assert any(";2,50;oui;espèces;Tantine" in line for line in lines), lines
        assert sum(1 for line in lines if line) == 3


def _queries_for_the_fees_csv(client, sessions: int) -> int:
    from datetime import date

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from championship.services.registrations import registration_create
    from championship.services.seasons import season_create
    from tests.factories import MemberFactory

    season = season_create(name=f"Saison de {sessions}", starts_on=date(2026, 1, 10), sessions=sessions)
    for session in season.sessions.all():
        for _ in range(3):
            registration = registration_create(session=session, member=MemberFactory(), by=None)
            fee_record(registration=registration, amount="1", paid=True, method="cash")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("season_fees_csv", args=[season.pk]))
    rows = [line for line in response.content.decode("utf-8-sig").split("\r\n")[1:] if line]
    assert len(rows) == 3 * sessions  # every session's entrants are in it
    return len(queries)


def test_the_season_fees_csv_costs_the_same_queries_however_many_sessions(client, organizer):
    one, five = _queries_for_the_fees_csv(client, 1), _queries_for_the_fees_csv(client, 5)
    assert one == five, (one, five)
