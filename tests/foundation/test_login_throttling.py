"""Login throttling (django-axes) through the real login page: a few wrong passwords for one
username, or from one address, and logging in is refused for a while; the organizer sees the locks
and lifts one; no other page or the table's websocket logs anyone in around it."""

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from arf.asgi import application as full_application
from poker import services as poker_services
from tests.factories import PASSWORD, MemberFactory, OrganizerFactory, UserFactory
from tests.poker.wsclient import Client as TableClient

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


LIMIT = 5  # settings.AXES_FAILURE_LIMIT
ADDRESS_LIMIT = 20  # settings.LOGIN_ADDRESS_FAILURE_LIMIT


def _login(client: Client, username: str, password: str, address: str = "127.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def _fail(client: Client, username: str, times: int, address: str = "127.0.0.1") -> None:
    for _ in range(times):
        _login(client, username, "wrong", address)


def test_after_five_wrong_passwords_even_the_right_one_is_refused_with_a_french_message(client):
    UserFactory(username="hery")
    for _ in range(LIMIT - 1):
        assert _login(client, "hery", "wrong").status_code == 200  # the form's own error
    response = _login(client, "hery", "wrong")
    assert response.status_code == 429
    response = _login(client, "hery", PASSWORD)
    assert response.status_code == 429
    html = response.content.decode()
    assert "Trop de mauvais mots de passe" in html
    assert "15 minutes" in html
    assert "_auth_user_id" not in client.session


def test_four_wrong_passwords_still_let_the_member_in(client):
    UserFactory(username="hery")
    _fail(client, "hery", LIMIT - 1)
    response = _login(client, "hery", PASSWORD)
    assert response.status_code == 302
    assert client.session["_auth_user_id"]


def test_a_locked_username_is_locked_from_every_address(client):
    UserFactory(username="hery")
    _fail(client, "hery", LIMIT, address="10.0.0.1")
    assert _login(Client(), "hery", PASSWORD, address="10.0.0.2").status_code == 429


def test_one_address_trying_many_usernames_is_locked_but_not_the_others(client):
    UserFactory(username="tiana")
    for k in range(ADDRESS_LIMIT):
        _fail(client, f"guess{k}", 1, address="10.0.0.66")
    assert _login(client, "tiana", PASSWORD, address="10.0.0.66").status_code == 429
    assert _login(Client(), "tiana", PASSWORD, address="10.0.0.7").status_code == 302


def test_the_admin_login_is_throttled_too(client):
    UserFactory(username="hery")
    _fail(client, "hery", LIMIT)
    response = client.post(
        "/admin/login/?next=/admin/", {"username": "hery", "password": PASSWORD}, REMOTE_ADDR="10.0.0.9"
    )
    assert response.status_code == 429


def test_the_organizer_sees_the_locked_account_and_unlocks_it(client):
    UserFactory(username="hery")
    _fail(client, "hery", LIMIT, address="10.0.0.1")
    organizer = Client()
    organizer.force_login(OrganizerFactory())
    html = organizer.get(reverse("account_list")).content.decode()
    assert "Bloqués en ce moment" in html
    assert "hery" in html.split("Bloqués en ce moment")[1].split("</table>")[0]
    response = organizer.post(reverse("lockout_clear"), {"username": "hery"}, follow=True)
    assert "hery peut de nouveau se connecter" in response.content.decode()
    assert "Aucun compte n’est bloqué" in organizer.get(reverse("account_list")).content.decode()
    assert _login(Client(), "hery", PASSWORD, address="10.0.0.2").status_code == 302


def test_a_few_cousins_mistyping_on_one_wifi_do_not_lock_the_room_out(client):
    UserFactory(username="tiana")
    for k in range(ADDRESS_LIMIT - 1):  # nineteen mistakes by several people, none five times
        _fail(client, f"cousin{k % 5}", 1, address="10.0.0.66")
    assert _login(client, "tiana", PASSWORD, address="10.0.0.66").status_code == 302


def test_the_organizer_unlocks_an_address(client):
    for k in range(ADDRESS_LIMIT):
        _fail(client, f"guess{k}", 1, address="10.0.0.66")
    organizer = Client()
    organizer.force_login(OrganizerFactory())
    assert "10.0.0.66" in organizer.get(reverse("account_list")).content.decode()
    organizer.post(reverse("lockout_clear"), {"ip_address": "10.0.0.66"})
    UserFactory(username="tiana")
    assert _login(client, "tiana", PASSWORD, address="10.0.0.66").status_code == 302


def test_a_player_cannot_see_or_lift_the_locks(client):
    UserFactory(username="hery")
    _fail(client, "hery", LIMIT)
    player = Client()
    player.force_login(UserFactory(username="tiana"))
    assert player.get(reverse("account_list")).status_code == 403
    assert player.post(reverse("lockout_clear"), {"username": "hery"}).status_code == 403
    assert _login(Client(), "hery", PASSWORD, address="10.0.0.3").status_code == 429


def test_an_invitation_page_logs_nobody_into_a_locked_account(client):
    from championship.services.members import invitation_create

    UserFactory(username="hery")
    _fail(client, "hery", LIMIT)
    organizer = OrganizerFactory()
    _, token = invitation_create(member=MemberFactory(), created_by=organizer)
    # Naming the locked account on the invitation form creates nothing and logs nobody in.
    response = client.post(
        reverse("invitation_accept", args=[token]),
        {"username": "hery", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    # A made-up link is refused, however many times it is tried.
    for _ in range(3):
        assert client.get(reverse("invitation_accept", args=["made-up-token"])).status_code == 410


@pytest.mark.django_db(transaction=True)
async def test_the_websocket_takes_no_password_only_the_login_pages_session():
    hery = await database_sync_to_async(UserFactory)(username="hery")
    table = await database_sync_to_async(poker_services.table_open)(name="T", kind="tournament")
    # Credentials in the address or the headers are ignored: the socket knows only the session
    # cookie the login page (throttled) gave.
    headers = [
        (b"origin", b"http://localhost"),
        (b"authorization", f"Basic {hery.username}:{PASSWORD}".encode()),
    ]
    socket = TableClient(table.pk, AnonymousUser(), app=full_application, headers=headers)
    socket.comm.scope["query_string"] = f"username=hery&password={PASSWORD}".encode()
    try:
        await socket.connect()
        assert socket.messages[0]["code"] == "login_required"
    finally:
        await socket.comm.disconnect()
