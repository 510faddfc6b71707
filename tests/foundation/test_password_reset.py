"""Password reset without e-mail: the organizer makes a one-time, expiring link for an account; it
sets a new password, logs the member in and ends the account's other sessions."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import PasswordReset
from accounts.services import password_reset_create
from tests.factories import PASSWORD, OrganizerFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


NEW = "une-nouvelle-phrase-de-passe-77"


def _link_from_page(organizer: Client, user) -> str:
    html = organizer.post(reverse("password_reset_create", args=[user.pk])).content.decode()
    start = html.index('id="reset-link"')
    value = html[html.rindex('value="', 0, start) + 7 :]
    return value[: value.index('"')]


def _set(client: Client, path: str, password: str = NEW):
    return client.post(path, {"new_password1": password, "new_password2": password})


def test_the_organizers_link_sets_a_new_password_and_logs_the_member_in():
    hery = UserFactory(username="hery")
    organizer = Client()
    organizer.force_login(OrganizerFactory())
    link = _link_from_page(organizer, hery)
    assert link.startswith("http://testserver/compte/reinitialisation/")
    member = Client()
    path = link.removeprefix("http://testserver")
    assert "Choisissez le nouveau mot de passe du compte hery" in member.get(path).content.decode()
    response = _set(member, path)
    assert response.status_code == 302
    assert int(member.session["_auth_user_id"]) == hery.pk
    hery.refresh_from_db()
    assert hery.check_password(NEW) and not hery.check_password(PASSWORD)
    assert Client().post(reverse("login"), {"username": "hery", "password": NEW}).status_code == 302


def test_the_link_works_once():
    hery = UserFactory(username="hery")
    _, token = password_reset_create(user=hery, created_by=OrganizerFactory())
    path = reverse("password_reset_use", args=[token])
    assert _set(Client(), path).status_code == 302
    again = Client()
    response = _set(again, path, "encore-une-autre-phrase-88")
    assert response.status_code == 410
    assert "n’est plus valable" in response.content.decode()
    hery.refresh_from_db()
    assert hery.check_password(NEW)


def test_an_expired_link_changes_nothing():
    hery = UserFactory(username="hery")
    reset, token = password_reset_create(user=hery, created_by=OrganizerFactory())
    PasswordReset.objects.filter(pk=reset.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert _set(Client(), reverse("password_reset_use", args=[token])).status_code == 410
    hery.refresh_from_db()
    assert hery.check_password(PASSWORD)


def test_a_newer_link_replaces_the_older_one():
    hery = UserFactory(username="hery")
    organizer = OrganizerFactory()
    _, old = password_reset_create(user=hery, created_by=organizer)
    _, new = password_reset_create(user=hery, created_by=organizer)
    assert _set(Client(), reverse("password_reset_use", args=[old])).status_code == 410
    assert _set(Client(), reverse("password_reset_use", args=[new])).status_code == 302


def test_a_weak_password_is_refused_and_the_link_still_works():
    hery = UserFactory(username="hery")
    _, token = password_reset_create(user=hery, created_by=OrganizerFactory())
    path = reverse("password_reset_use", args=[token])
    response = _set(Client(), path, "123")
    assert response.status_code == 200
    assert "Ce mot de passe est trop court" in response.content.decode()
    assert _set(Client(), path).status_code == 302


def test_the_accounts_old_sessions_end():
    hery = UserFactory(username="hery")
    old_phone = Client()
    old_phone.force_login(hery)
    assert old_phone.get(reverse("profile")).status_code == 200
    _, token = password_reset_create(user=hery, created_by=OrganizerFactory())
    _set(Client(), reverse("password_reset_use", args=[token]))
    response = old_phone.get(reverse("profile"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_the_reset_lifts_the_accounts_login_lock():
    hery = UserFactory(username="hery")
    attacker = Client()
    for _ in range(5):
        attacker.post(reverse("login"), {"username": "hery", "password": "wrong"}, REMOTE_ADDR="10.0.0.5")
    _, token = password_reset_create(user=hery, created_by=OrganizerFactory())
    _set(Client(), reverse("password_reset_use", args=[token]))
    assert Client().post(reverse("login"), {"username": "hery", "password": NEW}).status_code == 302


def test_a_player_cannot_make_a_reset_link():
    hery = UserFactory(username="hery")
    player = Client()
    player.force_login(UserFactory(username="tiana"))
    assert player.post(reverse("password_reset_create", args=[hery.pk])).status_code == 403
    assert not PasswordReset.objects.exists()


@pytest.mark.django_db(transaction=True)
async def test_a_table_socket_opened_with_an_old_session_is_refused_after_the_reset():
    from arf.asgi import application
    from poker import services as poker_services
    from tests.poker.wsclient import Client as TableClient

    def arrange():
        hery = UserFactory(username="hery")
        phone = Client()
        phone.force_login(hery)
        table = poker_services.table_open(name="T", kind="tournament")
        # (a transactional test empties the tables, the organizers' group too: any user makes it)
        _, token = password_reset_create(user=hery, created_by=UserFactory(username="org"))
        _set(Client(), reverse("password_reset_use", args=[token]))
        return table, phone.cookies["sessionid"].value

    table, session = await database_sync_to_async(arrange)()
    headers = [(b"origin", b"http://localhost"), (b"cookie", f"sessionid={session}".encode())]
    socket = TableClient(table.pk, app=application, headers=headers)
    del socket.comm.scope["user"]
    try:
        await socket.connect()
        assert socket.messages[0]["code"] == "login_required"
    finally:
        await socket.comm.disconnect()
