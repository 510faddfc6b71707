"""Invitations and password resets are one kind of link (accounts.models.OneTimeLink): a random
token in the address, only its SHA-256 stored, an expiry, spent once. Links handed out before the
two shared this mechanism still open their pages and work: the stored hash did not change."""

import hashlib
import secrets
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import PasswordReset
from accounts.services import password_reset_use
from championship.models import Invitation
from tests.factories import MemberFactory, OrganizerFactory, UserFactory

pytestmark = pytest.mark.django_db

NEW = "une-nouvelle-phrase-de-passe-77"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _stored_as_before(model, **fields) -> str:
    """A link's row as the code before the shared mechanism wrote it; returns its raw token."""
    token = secrets.token_urlsafe(32)
    model.objects.create(
        token_hash=hashlib.sha256(token.encode()).hexdigest(),
        created_by=OrganizerFactory(),
        expires_at=timezone.now() + timedelta(days=1),
        **fields,
    )
    return token


def test_an_invitation_handed_out_before_still_makes_the_account_once():
    tiana = MemberFactory(nickname="Tiana")
    path = reverse("invitation_accept", args=[_stored_as_before(Invitation, member=tiana)])
    assert Client().get(path).status_code == 200
    data = {"username": "tiana", "password1": "a-good-pass-2026", "password2": "a-good-pass-2026"}
    assert Client().post(path, data).status_code == 302
    tiana.refresh_from_db()
    assert tiana.user.username == "tiana"
    assert Client().get(path).status_code == 410


def test_a_password_reset_handed_out_before_still_sets_the_password_once():
    hery = UserFactory(username="hery")
    path = reverse("password_reset_use", args=[_stored_as_before(PasswordReset, user=hery)])
    assert "Choisissez le nouveau mot de passe du compte hery" in Client().get(path).content.decode()
    assert Client().post(path, {"new_password1": NEW, "new_password2": NEW}).status_code == 302
    hery.refresh_from_db()
    assert hery.check_password(NEW)
    assert Client().get(path).status_code == 410


def test_a_link_is_spent_once_whichever_kind():
    hery = UserFactory(username="hery")
    links = [
        Invitation.issue(lasts=timedelta(days=1), created_by=None, member=MemberFactory())[0],
        PasswordReset.issue(lasts=timedelta(hours=1), created_by=None, user=hery)[0],
    ]
    for link in links:
        assert link.spend() is True
        assert link.spend() is False  # a second click, a second submission: refused
        link.refresh_from_db()
        assert not link.is_usable


def test_a_password_refused_leaves_the_link_usable():
    hery = UserFactory(username="hery")
    _reset, token = PasswordReset.issue(lasts=timedelta(hours=1), created_by=None, user=hery)
    with pytest.raises(ValidationError):
        password_reset_use(token=token, password="1")  # too short: refused after the link was spent
    assert PasswordReset.find(token) is not None  # and the spending undone with it
    path = reverse("password_reset_use", args=[token])
    assert Client().post(path, {"new_password1": NEW, "new_password2": NEW}).status_code == 302
