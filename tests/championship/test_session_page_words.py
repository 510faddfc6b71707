"""The session page and the organizer's pages in the user's words: the next step of an online
session, the draw shown once, the audit log's details, the rules' messages in French."""

import re

import pytest
from django.urls import reverse

from championship.models import Member, Result, Session
from championship.services import clock as clock_services
from championship.services import sessions as run
from championship.services.registrations import fee_record
from tests.factories import OrganizerFactory, season_with_session
from tests.kit.online import go_online

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory(first_name="Tantine")
    client.force_login(user)
    return user


def test_the_next_step_of_an_online_session_does_not_ask_to_record_knockouts(client, organizer):
    _, session = season_with_session(players=9)
    go_online(session)
    from championship.selectors import session_board
    from championship.views.sessions import _next_step

    Session.objects.filter(pk=session.pk).update(status=Session.Status.ROUND1)
    text = _next_step(session_board(session))
    assert "enregistrez" not in text and "les tables en ligne jouent" in text
    Session.objects.filter(pk=session.pk).update(status=Session.Status.ROUND2)
    assert "enregistrez" not in _next_step(session_board(session))


def test_the_round_being_played_shows_its_draw_once(client, organizer):
    _, session = season_with_session(players=9)
    run.session_start(session=session, by=organizer)
    html = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    name = session.registrations.first().member.nickname
    assert len(re.findall(rf'<span class="player">{name}</span>', html)) == 1
    assert 'id="draw-1"' not in html and 'id="table-1"' in html
    assert "Tiré au sort le" in html


def test_the_audit_log_says_what_changed(client, organizer):
    _, session = season_with_session(players=4)
    registration = session.registrations.select_related("member").first()
    fee_record(registration=registration, amount="2", paid=False, by=organizer)  # was 1,00 € paid
    fee_record(registration=registration, amount="2", paid=True, method="cash", by=organizer)
    run.session_start(session=session, by=organizer)
    clock_services.clock_set_level(session=session, level=2, by=organizer)
    html = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    audit = html[html.index('id="audit"') :]
    assert "Horloge passée du niveau 1 au niveau 3" in audit
    # A draw is said by what it drew, never by its internal label.
    assert "Tirage des places du tour 1 (vérifiable une fois la graine révélée)" in audit
    assert "seating:" not in audit and "étiquette" not in audit
    assert (
        f"Droit d’inscription de {registration.member.nickname} modifié "
        "de 1,00\u00a0€ payé à 2,00\u00a0€ non payé" in audit
    )


def test_a_blind_level_error_is_all_in_french(client, organizer):
    season, _ = season_with_session()
    data = {
        "name": season.name,
        "starts_on": "2026-01-10",
        "entry_fee": "1",
        "starting_stack": "5000",
        "points_scale": "100, 80",
        "unplaced_points": "20",
        "levels": "10/20/0\n15/40/0",
        "level_minutes": "15",
        "action_seconds": "30",
    }
    html = client.post(reverse("season_edit", args=[season.pk]), data).content.decode()
    assert "Niveau 2\u202f: la grosse blinde doit valoir le double de la petite blinde." in html
    assert "big blind" not in html


def test_the_player_page_says_out_in_round_1(client):
    _, session = season_with_session()
    member = Member.objects.create(full_name="Voahangy R", nickname="Voahangy")
    Result.objects.create(session=session, member=member, round_reached=1, place=None, points=0)
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    html = client.get(reverse("player_detail", args=[member.pk])).content.decode()
    assert "élimination au 1er tour" in html


def test_the_french_words_are_neutral_and_typographic(client, organizer):
    _, session = season_with_session(players=4, paid=False)
    html = client.get(reverse("session_registrations", args=[session.pk])).content.decode()
    assert "(impayé\u202f: 4,00\u00a0€)" in html
    dashboard = client.get(reverse("dashboard")).content.decode()
    assert "Prochaine étape\u202f:" in dashboard
    run_session = session
    for r in run_session.registrations.all():
        fee_record(registration=r, amount=r.fee, paid=True, method="cash")
    run.session_start(session=run_session, by=organizer)
    seat = run_session.seats.first()
    response = client.post(
        reverse("knockout_record", args=[run_session.pk]),
        {"table": seat.table, "player": seat.registration_id},
        HTTP_HX_REQUEST="true",
    )
    assert f"Élimination\u202f: {seat.registration.member.nickname}." in response.content.decode()


def test_the_audit_log_names_each_draw_in_the_readers_language():
    from django.utils import translation

    from championship.audit_text import audit_text
    from championship.models import AuditEntry

    seating = AuditEntry(
        action=AuditEntry.Action.RANDOM_DRAW, details={"label": "seating:7:round2", "round": 2}
    )
    balance = AuditEntry(
        action=AuditEntry.Action.RANDOM_DRAW,
        details={"label": "balance:7:r2-t1-h14", "moves": 2, "broken": [3]},
    )
    with translation.override("en"):
        assert audit_text(seating, {}).startswith("Seat draw of round 2 (")
        assert audit_text(balance, {}).startswith("Draw balancing the tables: 2 players moved")
    with translation.override("fr"):
        assert audit_text(seating, {}).startswith("Tirage des places du tour 2 (")
        assert audit_text(balance, {}).startswith("Tirage de l’équilibrage des tables\u202f: 2 déplacements")
