"""The organizer's actions that cannot be taken back ask first and say what they will do: one click
(a POST without ``confirm=yes``) changes nothing and answers with the question; the question's
button acts; a second click acts no second time."""

import pytest
from django.urls import reverse

from championship.models import GameTable, Registration, Seat, Session, TableMove
from championship.services import registrations as reg_services
from championship.services import sessions as run
from tests.factories import MemberFactory, OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db

YES = {"confirm": "yes"}


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def _status(session) -> str:
    session.refresh_from_db()
    return session.status


def test_starting_says_how_many_entrants_unpaid_and_tables_and_one_click_starts_nothing(client, organizer):
    _, session = season_with_session(players=9)
    late = reg_services.registration_create(session=session, member=MemberFactory(nickname="Tard"), by=None)
    reg_services.unpaid_override(registration=late, by=organizer, reason="paiera demain")
    url = reverse("session_start", args=[session.pk])

    page = client.post(url).content.decode()
    assert _status(session) == Session.Status.PLANNED and not Seat.objects.exists()
    assert "Commencer la séance 1\u202f?" in page
    assert "10 inscrits · 1 non payé, autorisé à jouer · 2 tables" in page
    assert "C’est irréversible." in page
    # The question's form sends the same action again, confirmed, and a way back.
    assert f'action="{url}"' in page and 'name="confirm" value="yes"' in page
    assert f'href="{session.get_absolute_url()}">Annuler<' in page

    # Through htmx (a page whose script did not run): the question takes the live block's place.
    fragment = client.post(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('<div id="live">') and "2 tables" in fragment
    assert _status(session) == Session.Status.PLANNED

    client.post(url, YES)
    assert _status(session) == Session.Status.ROUND1
    drawn = Seat.objects.count()
    # A double click: the second is refused, nothing is drawn twice.
    page = client.post(url, YES, follow=True).content.decode()
    assert "Cette séance a déjà commencé." in page
    assert Seat.objects.count() == drawn == 10


def test_the_live_page_carries_each_question_for_the_dialog(client, organizer):
    _, session = season_with_session(players=4)
    page = client.get(session.get_absolute_url()).content.decode()
    assert "js/confirm.js" in page
    assert "<template data-question" in page and "4 inscrits · 1 table" in page
    # A visitor sees neither the buttons nor their questions.
    client.logout()
    assert "data-question" not in client.get(session.get_absolute_url()).content.decode()


def _round1_done(session):
    run.session_start(session=session, by=None)
    for table in GameTable.objects.filter(session=session, round_number=1, closed_at__isnull=True):
        while GameTable.objects.filter(pk=table.pk, closed_at__isnull=True).exists():
            seat = Seat.objects.filter(
                session=session, round_number=1, table=table.number, active=True
            ).first()
            run.knockout_record(
                session=session, table=table.number, busted=[(seat.registration, None)], by=None
            )


def test_the_round_2_draw_and_the_close_ask_first(client, organizer):
    _, session = season_with_session(players=8)  # one table: 3 qualify
    _round1_done(session)
    url = reverse("round2_draw", args=[session.pk])
    page = client.post(url).content.decode()
    assert "Tirer le 2e tour\u202f?" in page and "3 qualifiés · 1 table" in page
    assert _status(session) == Session.Status.ROUND1
    client.post(url, YES)
    assert _status(session) == Session.Status.ROUND2
    while _status(session) != Session.Status.FINISHED:
        seat = Seat.objects.filter(session=session, round_number=2, active=True).first()
        run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, None)], by=None)

    url = reverse("session_close", args=[session.pk])
    page = client.post(url).content.decode()
    assert "Clôturer la séance 1\u202f?" in page and "comptent au classement de la saison" in page
    assert _status(session) == Session.Status.FINISHED
    client.post(url, YES)
    assert _status(session) == Session.Status.CLOSED


def test_applying_the_moves_asks_first(client, organizer):
    _, session = season_with_session(players=4)
    run.session_start(session=session, by=None)
    move = TableMove.objects.create(
        session=session, round_number=1, registration=Registration.objects.first(), from_table=1,
        from_seat=1, to_table=1, to_seat=9,
    )  # fmt: skip
    page = client.post(reverse("moves_apply", args=[session.pk])).content.decode()
    assert "1 joueur change de table maintenant" in page
    move.refresh_from_db()
    assert move.applied_at is None


def test_unregistering_a_paid_entrant_asks_first_and_an_unpaid_one_does_not(client, organizer):
    _, session = season_with_session(players=1)
    paid = Registration.objects.select_related("member").get()
    unpaid = reg_services.registration_create(session=session, member=MemberFactory(), by=None)

    url = reverse("registration_delete", args=[session.pk, paid.pk])
    page = client.post(url).content.decode()
    assert f"Désinscrire {paid.member.nickname}\u202f?" in page
    assert "Les frais de 1,00\u00a0€ payés (espèces) ne seront plus enregistrés" in page
    assert Registration.objects.filter(pk=paid.pk).exists()
    client.post(url, YES)
    assert not Registration.objects.filter(pk=paid.pk).exists()
    assert client.post(url, YES).status_code == 404  # the second click: already gone

    client.post(reverse("registration_delete", args=[session.pk, unpaid.pk]))  # nothing to lose
    assert not Registration.objects.filter(pk=unpaid.pk).exists()


def test_pausing_every_online_table_asks_first_and_the_page_after_offers_to_resume(
    client, organizer, settings
):
    from tests.kit.online import online_session, play_fast

    play_fast(settings)
    _season, session, _users = online_session(10)
    run.session_start(session=session, by=None)
    url = reverse("clock_action", args=[session.pk, "pause"])
    page = client.post(url).content.decode()
    assert "Mettre toutes les tables en pause\u202f?" in page
    assert "2 tables ne distribuent plus de nouvelle main" in page
    assert "« Reprendre toutes les tables » relance la distribution." in page
    session.clock.refresh_from_db()
    assert session.clock.paused_at is None
    page = client.post(url, YES, follow=True).content.decode()
    session.clock.refresh_from_db()
    assert session.clock.paused_at is not None
    assert "Toutes les tables sont en pause." in page
    assert reverse("clock_action", args=[session.pk, "resume"]) in page  # the undo, at hand


def test_a_player_who_paid_asks_before_withdrawing_himself(client):
    from tests.factories import UserFactory

    _, session = season_with_session()
    user = UserFactory()
    member = MemberFactory(user=user)
    registration = reg_services.registration_create(session=session, member=member, by=None)
    reg_services.fee_record(registration=registration, amount="1", paid=True, method="cash")
    client.force_login(user)
    home = client.get("/").content.decode()
    assert "<template data-question" in home and "js/confirm.js" in home
    url = reverse("session_withdraw_me", args=[session.pk])
    page = client.post(url, {"next": "/"}).content.decode()
    assert "Vous désinscrire de la séance 1\u202f?" in page
    assert 'href="/">Annuler<' in page and 'name="next" value="/"' in page
    assert Registration.objects.filter(pk=registration.pk).exists()
    client.post(url, {"next": "/", **YES})
    assert not Registration.objects.filter(pk=registration.pk).exists()
