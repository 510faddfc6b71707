"""The player says yes on one device, from his profile or the session page: the button is there
only when the server has its keys, and nothing is asked before he clicks. The page posts what its
browser's PushManager gave; the server keeps it for him, and forgets it when he says no more."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from poker.push.models import Subscription
from tests.factories import UserFactory, season_with_session

from .conftest import b64url

pytestmark = pytest.mark.django_db

NOT_A_PUSH_SERVICE = "Ce n’est pas l’adresse d’un service de notifications."

P256DH = b64url(b"\x04" + bytes(range(64)))
AUTH = b64url(bytes(16))


def _browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _post(client: Client, name: str, data) -> tuple[int, dict]:
    response = client.post(reverse(name), json.dumps(data), content_type="application/json")
    return response.status_code, response.json()


def _subscription(endpoint="https://fcm.googleapis.com/fcm/send/abc123"):
    return {"endpoint": endpoint, "keys": {"p256dh": P256DH, "auth": AUTH}}


def test_the_button_shows_on_the_profile_and_the_session_page_only_with_the_server_keys(vapid, settings):
    hery = UserFactory(username="hery")
    _, session = season_with_session()
    browser = _browser(hery)
    pages = [reverse("profile"), reverse("session_detail", args=[session.pk])]
    for page in pages:
        html = browser.get(page).content.decode()
        assert "Recevoir les notifications" in html and settings.WEBPUSH_VAPID_PUBLIC_KEY in html
        assert "js/push.js" in html
    settings.WEBPUSH_VAPID_PUBLIC_KEY = settings.WEBPUSH_VAPID_PRIVATE_KEY = ""
    for page in pages:
        html = browser.get(page).content.decode()
        assert "Recevoir les notifications" not in html and "js/push.js" not in html


def test_a_device_subscribes_once_and_moves_with_the_login_that_subscribes_it_again(vapid):
    hery, voahangy = UserFactory(username="hery"), UserFactory(username="voahangy")
    assert _post(_browser(hery), "push:subscribe", _subscription()) == (200, {"subscribed": True})
    assert _post(_browser(hery), "push:subscribe", _subscription()) == (200, {"subscribed": True})
    (kept,) = Subscription.objects.all()
    assert (kept.user, kept.p256dh, kept.auth, kept.language) == (hery, P256DH, AUTH, "fr")
    _post(_browser(voahangy), "push:subscribe", _subscription())  # the family's shared tablet
    assert list(Subscription.objects.values_list("user__username", flat=True)) == ["voahangy"]


@pytest.mark.parametrize(
    ("subscription", "error"),
    [
        (
            _subscription("http://fcm.googleapis.com/x"),
            "Ce n’est pas l’adresse d’un service de notifications.",
        ),
        (_subscription("https://127.0.0.1/x"), NOT_A_PUSH_SERVICE),
        (_subscription("https://10.0.0.5/x"), NOT_A_PUSH_SERVICE),
        (_subscription("https://localhost/x"), NOT_A_PUSH_SERVICE),
        ({**_subscription(), "keys": {"p256dh": b64url(b"\x04" * 10), "auth": AUTH}}, "La clé de l’appareil"),
        ({**_subscription(), "keys": {"p256dh": P256DH, "auth": "???"}}, "Le secret de l’appareil"),
        ({"endpoint": "https://fcm.googleapis.com/x"}, "Ce champ est obligatoire."),
        ("not an object", "Ce champ est obligatoire."),
    ],
)
def test_a_bad_subscription_is_refused_with_its_reason_and_nothing_kept(vapid, subscription, error):
    status, answer = _post(_browser(UserFactory()), "push:subscribe", subscription)
    assert status == 400 and answer["error"].startswith(error)
    assert not Subscription.objects.exists()


def test_unsubscribing_forgets_this_device_of_his_only(vapid):
    hery, voahangy = UserFactory(username="hery"), UserFactory(username="voahangy")
    _post(_browser(hery), "push:subscribe", _subscription("https://fcm.googleapis.com/fcm/send/hery"))
    _post(_browser(voahangy), "push:subscribe", _subscription("https://fcm.googleapis.com/fcm/send/voa"))
    endpoint = {"endpoint": "https://fcm.googleapis.com/fcm/send/voa"}
    assert _post(_browser(hery), "push:unsubscribe", endpoint) == (200, {"subscribed": False})
    assert Subscription.objects.count() == 2  # not his: nothing changed
    _post(_browser(voahangy), "push:unsubscribe", endpoint)
    assert list(Subscription.objects.values_list("user__username", flat=True)) == ["hery"]


def test_without_keys_or_login_nothing_is_kept(settings):
    assert Client().post(reverse("push:subscribe"), "{}", content_type="application/json").status_code == 302
    status, _ = _post(_browser(UserFactory()), "push:subscribe", _subscription())
    assert status == 404 and not Subscription.objects.exists()
