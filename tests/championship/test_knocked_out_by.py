"""The live knock-out form's optional "knocked out by": the organizer names who knocked the player
out, and the player pages count it; left empty, nobody is credited; a stranger is refused."""

import pytest
from django.urls import reverse

from championship.models import KnockOut, Registration, Seat
from championship.services import sessions as run
from tests.factories import OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(client):
    organizer = OrganizerFactory()
    client.force_login(organizer)
    _, session = season_with_session(players=9)
    run.session_start(session=session, by=organizer)
    return session


def _post(client, session, data):
    response = client.post(reverse("knockout_record", args=[session.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def _two_at_one_table(session):
    seats = list(Seat.objects.filter(session=session, round_number=1).order_by("table", "seat"))
    first = seats[0]
    second = next(s for s in seats[1:] if s.table == first.table)
    return first, second


def test_the_organizer_names_who_knocked_him_out(client, running):
    out, by = _two_at_one_table(running)
    html = _post(
        client, running, {"table": out.table, "player": out.registration_id, "by": by.registration_id}
    )
    assert 'name="by"' in html  # the form keeps the choice for the next knock-out
    knockout = KnockOut.objects.get(registration_id=out.registration_id)
    assert list(knockout.knocked_out_by.values_list("pk", flat=True)) == [by.registration_id]
    page = client.get(reverse("player_detail", args=[by.registration.member_id])).content.decode()
    assert out.registration.member.nickname in page.split("A éliminé")[1]


def test_left_empty_nobody_is_credited(client, running):
    out, _by = _two_at_one_table(running)
    _post(client, running, {"table": out.table, "player": out.registration_id, "by": ""})
    assert not KnockOut.objects.get(registration_id=out.registration_id).knocked_out_by.exists()


@pytest.mark.parametrize("by", ["stranger", "himself", "garbage"])
def test_a_player_not_of_the_session_or_himself_is_refused_and_nothing_is_recorded(client, running, by):
    out, _other = _two_at_one_table(running)
    elsewhere = Registration.objects.exclude(session=running).first()
    if elsewhere is None:
        _, other_session = season_with_session(players=1, name="Autre saison")
        elsewhere = other_session.registrations.first()
    value = {"stranger": elsewhere.pk, "himself": out.registration_id, "garbage": "9" * 20}[by]
    html = _post(client, running, {"table": out.table, "player": out.registration_id, "by": value})
    assert "autre joueur de la séance" in html or "parmi les joueurs de la séance" in html
    assert not KnockOut.objects.exists()
    assert Seat.objects.get(pk=out.pk).active
