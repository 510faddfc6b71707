"""The organizer keeps the member list and invites members to create their accounts."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from championship.models import Invitation, Member
from championship.services.members import invitation_create
from tests.factories import MemberFactory, OrganizerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer_client(client):
    client.force_login(OrganizerFactory())
    return client


def _invite(client, member) -> str:
    response = client.post(reverse("member_invite", args=[member.pk]))
    assert response.status_code == 200
    return response.context["link"]


def test_the_organizer_adds_a_member(organizer_client):
    response = organizer_client.post(
        reverse("member_create"),
        {"full_name": "Hery Rakotomalala", "nickname": "Hery", "branch": "Rakoto", "eligible": "on"},
        follow=True,
    )
    member = Member.objects.get()
    assert (member.full_name, member.nickname, member.branch, member.eligible) == (
        "Hery Rakotomalala",
        "Hery",
        "Rakoto",
        True,
    )
    assert "Hery" in response.content.decode()


def test_a_member_without_a_name_is_refused(organizer_client):
    response = organizer_client.post(reverse("member_create"), {"full_name": "   ", "nickname": "Hery"})
    assert response.status_code == 200
    assert "Ce champ est obligatoire." in response.content.decode()
    assert not Member.objects.exists()


def test_a_nickname_is_unique_whatever_its_case(organizer_client):
    MemberFactory(nickname="Hery")
    response = organizer_client.post(reverse("member_create"), {"full_name": "Hery Bis", "nickname": "HERY"})
    assert response.status_code == 200
    assert "Le surnom « HERY » est déjà pris." in response.content.decode()
    assert Member.objects.count() == 1


def test_renaming_a_member_onto_another_nickname_is_refused(organizer_client):
    MemberFactory(nickname="Hery")
    tiana = MemberFactory(nickname="Tiana", full_name="Tiana A")
    response = organizer_client.post(
        reverse("member_edit", args=[tiana.pk]), {"full_name": "Tiana A", "nickname": "hery"}
    )
    assert response.status_code == 200
    tiana.refresh_from_db()
    assert tiana.nickname == "Tiana"


def test_the_organizer_marks_a_member_not_eligible(organizer_client):
    member = MemberFactory(nickname="Lova")
    organizer_client.post(
        reverse("member_edit", args=[member.pk]), {"full_name": member.full_name, "nickname": "Lova"}
    )
    member.refresh_from_db()
    assert member.eligible is False


def test_members_pages_are_for_organizers_only(client):
    member = MemberFactory()
    urls = [reverse("member_list"), reverse("member_create"), reverse("member_edit", args=[member.pk])]
    for url in urls:
        assert client.get(url).status_code == 302  # anonymous: to the login page
    client.force_login(UserFactory())
    for url in urls:
        assert client.get(url).status_code == 403
    assert client.post(reverse("member_invite", args=[member.pk])).status_code == 403
    assert not Invitation.objects.exists()


def test_an_invited_member_creates_his_account_and_is_logged_in(organizer_client, client):
    member = MemberFactory(nickname="Tiana")
    link = _invite(organizer_client, member)
    organizer_client.logout()
    path = link.split("testserver", 1)[1]
    response = client.post(
        path,
        {"username": "tiana", "password1": "a-good-pass-2026", "password2": "a-good-pass-2026"},
        follow=True,
    )
    member.refresh_from_db()
    assert member.user.username == "tiana"
    assert member.user.first_name == "Tiana"
    assert response.context["user"] == member.user
    assert "Bienvenue, Tiana" in response.content.decode()


def test_an_invitation_link_works_only_once(organizer_client, client):
    member = MemberFactory()
    path = _invite(organizer_client, member).split("testserver", 1)[1]
    data = {"username": "first", "password1": "a-good-pass-2026", "password2": "a-good-pass-2026"}
    client.post(path, data)
    client.logout()
    response = client.post(path, {**data, "username": "second"})
    assert response.status_code == 410
    assert "n’est plus valable" in response.content.decode()
    assert not get_user_model().objects.filter(username="second").exists()


def test_an_expired_invitation_is_refused(client):
    member = MemberFactory()
    invitation, token = invitation_create(member=member, created_by=OrganizerFactory())
    Invitation.objects.filter(pk=invitation.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    response = client.get(reverse("invitation_accept", args=[token]))
    assert response.status_code == 410


def test_an_unknown_token_is_refused(client):
    assert client.get(reverse("invitation_accept", args=["not-a-real-token"])).status_code == 410


def test_invitation_tokens_are_long_random_and_not_stored_in_clear(organizer_client):
    member = MemberFactory()
    first, token1 = invitation_create(member=member, created_by=OrganizerFactory())
    second, token2 = invitation_create(member=member, created_by=OrganizerFactory())
    assert token1 != token2 and len(token1) >= 40
    assert token1 not in first.token_hash and token2 not in second.token_hash


def test_mismatched_passwords_create_nothing(organizer_client, client):
    member = MemberFactory()
    path = _invite(organizer_client, member).split("testserver", 1)[1]
    response = client.post(
        path, {"username": "x", "password1": "a-good-pass-2026", "password2": "other-pass-2026"}
    )
    assert response.status_code == 200
    assert "Les deux mots de passe diffèrent." in response.content.decode()
    member.refresh_from_db()
    assert member.user is None


def test_a_taken_username_is_refused(organizer_client, client):
    UserFactory(username="tiana")
    member = MemberFactory()
    path = _invite(organizer_client, member).split("testserver", 1)[1]
    response = client.post(
        path, {"username": "Tiana", "password1": "a-good-pass-2026", "password2": "a-good-pass-2026"}
    )
    assert "Ce nom d’utilisateur est déjà pris." in response.content.decode()
    member.refresh_from_db()
    assert member.user is None


def test_a_member_with_an_account_gets_no_new_invitation(organizer_client):
    member = MemberFactory(user=UserFactory())
    response = organizer_client.post(reverse("member_invite", args=[member.pk]), follow=True)
    assert "a déjà un compte" in response.content.decode()
    assert not Invitation.objects.exists()


@pytest.mark.parametrize("second", ["ZOÉ", "zoé", "Zoe\u0301", "ZOE\u0301"])
def test_a_nickname_with_an_accent_is_unique_whatever_its_case(organizer_client, second):
    MemberFactory(nickname="Zoé")
    response = organizer_client.post(reverse("member_create"), {"full_name": "Zoé Bis", "nickname": second})
    assert response.status_code == 200
    assert "déjà pris" in response.content.decode()
    assert Member.objects.count() == 1


def test_the_database_itself_refuses_the_same_nickname_in_another_case():
    from django.db import IntegrityError, transaction

    MemberFactory(nickname="Zoé")
    with pytest.raises(IntegrityError), transaction.atomic():
        Member.objects.create(full_name="Z", nickname="ZOÉ")
    zo = MemberFactory(nickname="Zo")
    zo.nickname = "ZOÉ"
    with pytest.raises(IntegrityError), transaction.atomic():
        zo.save(update_fields=["nickname"])


def test_zoe_and_zoe_with_an_accent_are_two_members(organizer_client):
    MemberFactory(nickname="Zoe")
    organizer_client.post(reverse("member_create"), {"full_name": "Zoé R", "nickname": "Zoé"})
    assert Member.objects.count() == 2
