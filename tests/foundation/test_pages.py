import re

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_the_home_page_speaks_french_by_default(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Championnat de poker ARF" in html


def test_english_can_be_chosen(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"}, follow=True)
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "ARF poker championship" in html


def test_a_phone_set_to_english_still_gets_french(client):
    # The championship speaks French whatever the device's language; English is the visitor's choice.
    html = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="fr">' in html
    assert "Championnat de poker ARF" in html


def test_english_once_chosen_stays_on_every_page(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert '<html lang="en">' in response.content.decode()
    assert response["Content-Language"] == "en"
    assert "Cookie" in response["Vary"]


def test_the_page_loads_htmx_from_our_own_server(client):
    html = client.get(reverse("home")).content.decode()
    assert "/static/vendor/htmx-2.0.11.min.js" in html
    # Every script and stylesheet comes from our own /static/ (no CDN at run time).
    assert re.findall(r'<script src="([^"]+)"', html) and all(
        url.startswith("/static/") for url in re.findall(r'(?:src|href)="([^"]+\.(?:js|css))"', html)
    )


def test_the_health_check_answers(client):
    assert client.get(reverse("healthz")).json()["status"] == "ok"


def test_a_wrong_password_says_so_and_logs_nobody_in(client):
    UserFactory(username="hery")
    response = client.post(reverse("login"), {"username": "hery", "password": "wrong"})
    assert response.status_code == 200
    assert "Saisissez un nom d’utilisateur et un mot de passe valides" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_player_logs_in_and_out(client):
    UserFactory(username="hery")
    response = client.post(reverse("login"), {"username": "hery", "password": PASSWORD}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("home")
    assert "Déconnexion" in response.content.decode()
    client.post(reverse("logout"))
    assert "_auth_user_id" not in client.session


def test_a_player_chooses_his_display_name(client):
    user = UserFactory(username="hery")
    client.force_login(user)
    response = client.post(reverse("profile"), {"first_name": "  Hery   le Grand "}, follow=True)
    user.refresh_from_db()
    assert user.first_name == "Hery le Grand"
    assert "Hery le Grand" in response.content.decode()


def test_an_empty_display_name_is_refused(client):
    user = UserFactory(username="hery", first_name="Hery")
    client.force_login(user)
    response = client.post(reverse("profile"), {"first_name": "   "})
    assert response.status_code == 200
    user.refresh_from_db()
    assert user.first_name == "Hery"


def test_a_player_changes_his_password(client):
    user = UserFactory(username="hery")
    client.force_login(user)
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another-long-pass-77",
            "new_password2": "another-long-pass-77",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another-long-pass-77")


def test_forms_refuse_posts_without_the_csrf_token():
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "x", "password": "y"})
    assert response.status_code == 403
