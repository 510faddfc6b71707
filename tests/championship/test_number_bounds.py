"""Numbers out of range, typed or crafted, get a clear message and change nothing (they crashed
with OverflowError before)."""

import pytest
from django.urls import reverse

from championship.models import ChipColour, KnockOut, Registration, Seat, SessionClock
from championship.services import sessions as run
from tests.factories import MemberFactory, OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db
HUGE = "9" * 20


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


@pytest.fixture
def running(organizer):
    _, session = season_with_session(players=9)
    run.session_start(session=session, by=organizer)
    return session


def _post(client, session, data):
    response = client.post(reverse("knockout_record", args=[session.pk]), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def test_a_huge_player_id_in_the_knockout_form_is_refused(client, running):
    html = _post(client, running, {"table": "1", "player": HUGE})
    assert "Choisissez qui sort du jeu" in html
    assert not KnockOut.objects.exists()


def test_a_huge_table_number_is_refused(client, running):
    seat = Seat.objects.filter(session=running).first()
    html = _post(client, running, {"table": HUGE, "player": seat.registration_id})
    assert "Choisissez qui sort du jeu" in html
    assert not KnockOut.objects.exists()


def test_a_huge_chip_count_in_the_same_hand_form_is_refused(client, running):
    a, b = Seat.objects.filter(session=running, table=1)[:2]
    data = {"table": "1", "player": [a.registration_id, b.registration_id]}
    data[f"stack-{a.registration_id}"] = HUGE
    data[f"stack-{b.registration_id}"] = "1000"
    html = _post(client, running, data)
    assert "nombres entiers de 0 à 1\u202f000\u202f000\u202f000" in html
    assert not KnockOut.objects.exists()
    assert Seat.objects.filter(session=running, active=True).count() == 9


def test_the_same_hand_form_carries_its_bounds(client, running):
    html = client.get(reverse("session_detail", args=[running.pk])).content.decode()
    assert 'min="0" max="1000000000"' in html
    assert 'name="level" min="1" max="100"' in html


def test_a_huge_level_is_refused(client, running):
    client.post(reverse("clock_action", args=[running.pk, "level"]), {"level": HUGE})
    html = client.get(reverse("session_detail", args=[running.pk])).content.decode()
    assert "Ce niveau n’existe pas" in html
    assert SessionClock.objects.get(session=running).level == 0


def test_a_huge_member_id_in_the_registration_form_is_refused(client, organizer):
    _, session = season_with_session()
    member = MemberFactory()
    response = client.post(
        reverse("session_registrations", args=[session.pk]), {"members": [member.pk, HUGE]}
    )
    assert response.status_code == 200
    assert "n’est pas une valeur correcte" in response.content.decode()
    assert not Registration.objects.exists()


def test_huge_season_numbers_are_refused_with_the_limit(client, organizer):
    season, _ = season_with_session()
    page = client.get(reverse("season_edit", args=[season.pk])).content.decode()
    assert 'name="starting_stack"' in page and 'max="10000000"' in page
    data = {
        "name": "S",
        "starts_on": "2027-01-16",
        "entry_fee": "1",
        "starting_stack": HUGE,
        "points_scale": f"100, {HUGE}",
        "unplaced_points": "20",
        "levels": f"10/20/0\n{HUGE}/{HUGE}0/0",
        "level_minutes": HUGE,
        "action_seconds": "30",
    }
    html = client.post(reverse("season_edit", args=[season.pk]), data).content.decode()
    assert "inférieure ou égale à 10000000" in html  # Django's own message for max_value
    assert "de 0 à 100\u202f000" in html
    assert "au plus 1\u202f000\u202f000\u202f000" in html
    season.refresh_from_db()
    assert season.starting_stack == 5000


def test_a_huge_chip_count_is_refused(client, organizer):
    response = client.post(reverse("chips"), {"colour": "blanc", "count": HUGE, "value": HUGE})
    assert response.status_code == 200
    assert not ChipColour.objects.exists()
