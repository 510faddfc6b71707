"""The championship's pages, driven like a browser would (Django's test client)."""

import re

import pytest
from django.urls import reverse

from championship.models import ChipColour, KnockOut, Member, Registration, Result, Season, Seat, Session
from championship.services import sessions as run
from tests.factories import MemberFactory, OrganizerFactory, UserFactory, season_with_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def _live_play_to_the_end(client, session):
    """Taps 'Out' on the first player of an open table until the session has its winner."""
    for _ in range(100):
        session.refresh_from_db()
        if session.status == Session.Status.FINISHED:
            return
        if session.status == Session.Status.ROUND1 and run.round1_done(session):
            client.post(reverse("round2_draw", args=[session.pk]), {"confirm": "yes"}, HTTP_HX_REQUEST="true")
            continue
        seat = (
            Seat.objects.filter(session=session, round_number=session.round_number, active=True)
            .order_by("table", "seat")
            .first()
        )
        if session.round_number == 1:
            from championship.models import GameTable

            open_table = GameTable.objects.filter(
                session=session, round_number=1, closed_at__isnull=True
            ).first()
            seat = Seat.objects.filter(
                session=session, round_number=1, active=True, table=open_table.number
            ).first()
        response = client.post(
            reverse("knockout_record", args=[session.pk]),
            {"table": seat.table, "player": seat.registration_id},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200
    raise AssertionError("the session did not finish")


def test_the_organizer_creates_a_season_with_its_sessions(client, organizer):
    response = client.post(
        reverse("season_create"),
        {
            "name": "Saison 2027",
            "starts_on": "2027-01-16",
            "sessions": "6",
            "entry_fee": "1",
            "starting_stack": "5000",
            "points_scale": "100, 80, 65, 50, 40, 30",
            "unplaced_points": "20",
            "levels": "10/20/0\n15/30\n100/200",
            "level_minutes": "15",
            "round2_reset_stacks": "on",
            "action_seconds": "30",
        },
        follow=True,
    )
    season = Season.objects.get()
    assert season.levels == [[10, 20, 0], [15, 30, 0], [100, 200, 20]]
    assert season.sessions.count() == 6
    assert "Séance 6" in response.content.decode()


def test_an_increasing_points_scale_is_refused_in_the_form(client, organizer):
    response = client.post(
        reverse("season_create"),
        {
            "name": "S",
            "starts_on": "2027-01-16",
            "sessions": "6",
            "entry_fee": "1",
            "starting_stack": "5000",
            "points_scale": "100, 120",
            "unplaced_points": "20",
            "levels": "10/20",
            "level_minutes": "15",
            "action_seconds": "30",
        },
    )
    assert response.status_code == 200
    assert "ne doivent pas augmenter" in response.content.decode()
    assert not Season.objects.exists()


def test_a_whole_live_session_through_the_pages(client, organizer):
    _, session = season_with_session(players=0)
    members = MemberFactory.create_batch(10)
    MemberFactory(nickname="Horsjeu", eligible=False)
    page = client.get(reverse("session_registrations", args=[session.pk])).content.decode()
    assert "Horsjeu" not in page
    client.post(reverse("session_registrations", args=[session.pk]), {"members": [m.pk for m in members]})
    assert Registration.objects.filter(session=session).count() == 10
    for registration in Registration.objects.filter(session=session):
        client.post(
            reverse("registration_fee", args=[session.pk, registration.pk]),
            {"fee": "1", "paid": "on", "method": "cash"},
        )
    assert Registration.objects.filter(session=session, paid=True, received_by=organizer).count() == 10
    client.post(reverse("session_start", args=[session.pk]), {"confirm": "yes"}, HTTP_HX_REQUEST="true")
    session.refresh_from_db()
    assert session.status == Session.Status.ROUND1
    # a tap, then its undo
    seat = Seat.objects.filter(session=session, round_number=1).first()
    client.post(
        reverse("knockout_record", args=[session.pk]), {"table": seat.table, "player": seat.registration_id}
    )
    knockout = KnockOut.objects.get()
    response = client.post(
        reverse("knockout_undo", args=[session.pk, knockout.pk]),
        {"reason": "wrong tap"},
        HTTP_HX_REQUEST="true",
    )
    assert "annulée" in response.content.decode()
    _live_play_to_the_end(client, session)
    client.post(reverse("session_close", args=[session.pk]), {"confirm": "yes"})
    session.refresh_from_db()
    assert session.status == Session.Status.CLOSED
    assert Result.objects.filter(session=session).count() == 10
    client.logout()
    standings = client.get(reverse("standings")).content.decode()
    winner = Result.objects.get(session=session, place=1).member
    assert winner.nickname in standings and ">100<" in standings
    assert "<svg" in standings
    csv = client.get(reverse("standings_csv", args=[session.season_id])).content.decode()
    assert f"1;{winner.nickname};100;1;1;1" in csv
    player = client.get(reverse("player_detail", args=[winner.pk])).content.decode()
    assert "Rang 1 sur 10" in player
    assert client.get(reverse("session_detail", args=[session.pk])).status_code == 200
    home = client.get(reverse("home")).content.decode()
    assert winner.nickname in home


def test_the_session_page_is_public_and_refreshes_itself(client):
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    response = client.get(reverse("session_detail", args=[session.pk]))
    html = response.content.decode()
    assert 'hx-trigger="every 5s"' in html
    assert "Tiré au sort le" in html and html.count(">Tirage au sort du tour") == 0  # once: its tables
    assert "Éliminer" not in html  # no buttons for the public
    fragment = client.get(
        reverse("session_detail", args=[session.pk]), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert fragment.lstrip().startswith('<div id="live"')


def test_the_tv_clock_shows_level_blinds_time_and_players(client):
    _, session = season_with_session(players=9)
    run.session_start(session=session, by=None)
    html = client.get(reverse("session_tv", args=[session.pk])).content.decode()
    assert "Niveau 1" in html and "10 / 20" in html
    assert re.search(r"1[45]:[0-5][0-9]<", html)
    assert "9</div>" in html  # players left
    assert "5\u202f000" in html  # average stack, grouped as the tables write numbers
    assert "js/clock.js" in html


def test_the_clock_pauses_and_resumes(client, organizer):
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    client.post(reverse("clock_action", args=[session.pk, "pause"]))
    session.clock.refresh_from_db()
    assert session.clock.paused_at is not None
    client.post(reverse("clock_action", args=[session.pk, "resume"]))
    session.clock.refresh_from_db()
    assert session.clock.paused_at is None
    client.post(reverse("clock_action", args=[session.pk, "level"]), {"level": "6"})
    html = client.get(reverse("session_tv", args=[session.pk])).content.decode()
    assert "100 / 200" in html and "ante 20" in html


def test_organizer_pages_are_closed_to_players(client):
    _, session = season_with_session(players=2)
    client.force_login(UserFactory())
    for url in [
        reverse("dashboard"),
        reverse("chips"),
        reverse("season_create"),
        reverse("session_registrations", args=[session.pk]),
        reverse("session_integrity", args=[session.pk]),
        reverse("season_integrity", args=[session.season_id]),
    ]:
        assert client.get(url).status_code == 403
    assert client.post(reverse("session_start", args=[session.pk])).status_code == 403
    session.refresh_from_db()
    assert session.status == Session.Status.PLANNED


def test_the_dashboard_shows_the_current_session_and_the_next_step(client, organizer):
    _, _session = season_with_session(players=3, paid=False)
    html = client.get(reverse("dashboard")).content.decode()
    assert "Séance 1" in html and "Prochaine étape" in html


def test_fees_csv_exports(client, organizer):
    season, session = season_with_session(players=2)
    csv = client.get(reverse("registrations_csv", args=[session.pk])).content.decode()
    assert csv.count("\n") == 3
    csv = client.get(reverse("season_fees_csv", args=[season.pk])).content.decode()
    assert csv.count("\n") == 3


def test_the_chip_page_proposes_values_and_each_players_chips(client, organizer):
    season_with_session()
    for colour, count in [("blanc", 200), ("rouge", 200), ("vert", 200), ("noir", 100)]:
        client.post(reverse("chips"), {"colour": colour, "count": count})
    assert ChipColour.objects.count() == 4
    html = client.get(reverse("chips")).content.decode()
    assert "Assez pour une table de 8" in html


def test_merging_two_records_keeps_all_history(client, organizer):
    _, session = season_with_session(players=0)
    keep = MemberFactory(nickname="Hery")
    duplicate = MemberFactory(nickname="Hery2", user=UserFactory())
    Registration.objects.create(session=session, member=duplicate)
    url = reverse("member_merge", args=[keep.pk])
    page = client.post(url, {"duplicate": duplicate.pk}).content.decode()  # one click: it asks first
    assert "Fusionner Hery2 dans Hery\u202f?" in page
    assert "1 inscription de Hery2 passe à Hery · 0 résultat" in page and "C’est irréversible." in page
    assert Member.objects.filter(pk=duplicate.pk).exists()
    assert f'name="duplicate" value="{duplicate.pk}"' in page  # the question sends the choice again
    client.post(url, {"duplicate": duplicate.pk, "confirm": "yes"})
    assert not Member.objects.filter(pk=duplicate.pk).exists()
    keep.refresh_from_db()
    assert keep.registrations.count() == 1 and keep.user is not None


def test_the_chart_coordinates_are_not_localized(client):
    from championship.bulk import build_history

    build_history(seasons=1, sessions=3, players=10)
    html = client.get(reverse("standings")).content.decode()
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert re.search(r'points="[0-9. ,]+"', svg)
    assert not re.search(r'[xy]="[0-9]+,[0-9]', svg)  # a French decimal comma would break the SVG
