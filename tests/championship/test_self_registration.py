"""A member with an account registers himself, and withdraws, from the home page and the session
page while registration is open; the fee is owed unpaid until the organizer records it. Bad
requests get a clear message and save nothing."""

import pytest
from django.urls import reverse

from championship.models import AuditEntry, Registration
from championship.services import sessions as run
from championship.services.registrations import fee_record, registration_create
from tests.factories import MemberFactory, OrganizerFactory, UserFactory, season_with_session
from tests.kit.online import go_online

pytestmark = pytest.mark.django_db


@pytest.fixture
def session():
    _, session = season_with_session(players=2, entry_fee="1.50")
    return session


@pytest.fixture
def hery(client):
    user = UserFactory(username="hery")
    member = MemberFactory(nickname="Hery", user=user)
    client.force_login(user)
    return member


def _register(client, session, next_url="/"):
    return client.post(reverse("session_register_me", args=[session.pk]), {"next": next_url}, follow=True)


def _withdraw(client, session, next_url="/", **fields):
    return client.post(
        reverse("session_withdraw_me", args=[session.pk]), {"next": next_url, **fields}, follow=True
    )


def test_a_member_registers_himself_from_the_home_page(client, session, hery):
    home = client.get(reverse("home")).content.decode()
    assert "M’inscrire" in home and reverse("session_register_me", args=[session.pk]) in home
    response = _register(client, session)
    assert response.redirect_chain[-1][0] == "/"
    html = response.content.decode()
    assert "Votre inscription à la séance 1 est enregistrée" in html and "1,50\u00a0€" in html
    registration = Registration.objects.get(session=session, member=hery)
    assert (str(registration.fee), registration.paid, registration.registered_by) == (
        "1.50",
        False,
        hery.user,
    )
    assert "à régler à l’organisateur" in html and "Me désinscrire" in html
    organizer = OrganizerFactory()
    client.force_login(organizer)
    page = client.get(reverse("session_registrations", args=[session.pk])).content.decode()
    row = page[page.index(f'id="registration-{registration.pk}"') :]
    assert "Hery" in row[:400] and "1,50\u00a0€ impayé" in row[:1500]


def test_a_member_registers_and_withdraws_from_the_session_page(client, session, hery):
    url = reverse("session_detail", args=[session.pk])
    assert "M’inscrire" in client.get(url).content.decode()
    response = _register(client, session, url)
    assert response.redirect_chain[-1][0] == url
    assert Registration.objects.filter(session=session, member=hery).exists()
    response = _withdraw(client, session, url)
    assert "Votre inscription à la séance 1 est annulée." in response.content.decode()
    assert not Registration.objects.filter(session=session, member=hery).exists()
    assert "M’inscrire" in response.content.decode()


def test_registering_twice_is_refused(client, session, hery):
    _register(client, session)
    html = _register(client, session).content.decode()
    assert "L’inscription de Hery à cette séance est déjà faite" in html
    assert Registration.objects.filter(session=session, member=hery).count() == 1


def test_registering_after_the_start_is_refused_and_no_button_shows(client, session, hery):
    run.session_start(session=session, by=None)
    home = client.get(reverse("home")).content.decode()
    assert "M’inscrire" not in home
    html = _register(client, session).content.decode()
    assert "les inscriptions sont closes" in html
    assert not Registration.objects.filter(member=hery).exists()


def test_withdrawing_after_the_start_is_refused(client, session, hery):
    registration = registration_create(session=session, member=hery, by=None)
    fee_record(registration=registration, amount=registration.fee, paid=True, method="cash")
    run.session_start(session=session, by=None)
    assert "Me désinscrire" not in client.get(reverse("home")).content.decode()
    html = _withdraw(client, session).content.decode()
    assert "les inscriptions sont closes" in html
    assert Registration.objects.filter(member=hery).exists()


def test_withdrawing_a_paid_registration_is_noted_in_the_audit_log(client, session, hery):
    registration = registration_create(session=session, member=hery, by=None)
    fee_record(registration=registration, amount=registration.fee, paid=True, method="cash")
    _withdraw(client, session, confirm="yes")  # a paid registration asks first (test_irreversible_actions)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.UNREGISTERED)
    assert entry.by == hery.user and entry.details["paid"] is True


def test_withdrawing_without_a_registration_says_so(client, session, hery):
    html = _withdraw(client, session).content.decode()
    assert "Vous n’avez pas d’inscription à cette séance." in html


def test_an_ineligible_member_is_refused(client, session, hery):
    hery.eligible = False
    hery.save(update_fields=["eligible"])
    home = client.get(reverse("home")).content.decode()
    assert "M’inscrire" not in home and "Seuls les descendants de Rainizafimanga" in home
    html = _register(client, session).content.decode()
    assert "n’est pas éligible" in html
    assert not Registration.objects.filter(member=hery).exists()


def test_an_account_without_a_member_is_refused(client, session):
    client.force_login(UserFactory())
    assert "M’inscrire" not in client.get(reverse("home")).content.decode()
    html = _register(client, session).content.decode()
    assert "Votre compte n’est lié à aucun membre de la famille" in html
    assert Registration.objects.filter(session=session).count() == 2


def test_a_visitor_is_sent_to_the_login_page(client, session):
    response = client.post(reverse("session_register_me", args=[session.pk]))
    assert response.status_code == 302 and "/compte/connexion/" in response["Location"]
    assert Registration.objects.filter(session=session).count() == 2


def test_an_online_session_refuses_at_registration_a_member_without_an_account(client, session):
    go_online(session)
    client.force_login(OrganizerFactory())
    lova = MemberFactory(nickname="Lova")  # no account
    response = client.post(
        reverse("session_registrations", args=[session.pk]), {"members": [lova.pk]}, follow=True
    )
    html = response.content.decode()
    assert "Lova n’a pas encore de compte" in html and "lien d’invitation" in html
    assert not Registration.objects.filter(member=lova).exists()


def test_registering_several_members_without_an_account_gives_one_summary(client, session):
    go_online(session)
    client.force_login(OrganizerFactory())
    names = ["Lova", "Mamy", "Nirina", "Tojo"]
    members = [MemberFactory(nickname=name).pk for name in names]
    url = reverse("session_registrations", args=[session.pk])
    response = client.post(url, {"members": members}, follow=True)
    banners = [str(m) for m in response.context["messages"]]
    assert len(banners) == 1
    assert banners[0].startswith("Sans compte pour l’instant, donc pas d’inscription\u202f: Lova, Mamy")
    assert not Registration.objects.filter(member__in=members).exists()


def test_a_next_address_elsewhere_is_not_followed(client, session, hery):
    response = client.post(
        reverse("session_register_me", args=[session.pk]), {"next": "https://evil.example/"}
    )
    assert response["Location"] == reverse("session_detail", args=[session.pk])
