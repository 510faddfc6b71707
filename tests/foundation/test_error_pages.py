"""With DEBUG off, an error shows a page of the app in the visitor's language with a way home."""

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken_standings(monkeypatch, settings):
    settings.DEBUG = False

    def crash(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("championship.views.standings.selectors.standings", crash)
    from championship.services.seasons import season_create

    season_create(name="S", starts_on=date(2026, 1, 10))


def test_a_server_error_shows_a_french_page_with_a_link_home(broken_standings):
    response = Client(raise_request_exception=False).get(reverse("standings"))
    assert response.status_code == 500
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Une erreur est survenue" in html
    assert 'href="/"' in html and "Retour à l’accueil" in html
    assert "Server Error" not in html


def test_a_server_error_speaks_english_to_who_chose_english(broken_standings):
    client = Client(raise_request_exception=False)
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(reverse("standings")).content.decode()
    assert '<html lang="en">' in html and "Something went wrong" in html
    assert "Back to the home page" in html


def test_a_server_error_page_that_cannot_be_drawn_still_answers(broken_standings, monkeypatch):
    def no_template(name):
        raise RuntimeError("templates broken too")

    monkeypatch.setattr("arf.views.loader.get_template", no_template)
    response = Client(raise_request_exception=False).get(reverse("standings"))
    assert response.status_code == 500
    assert "Une erreur est survenue" in response.content.decode()


def test_a_missing_page_and_a_refused_page_lead_home(client, settings):
    settings.DEBUG = False
    html = client.get("/championnat/nulle-part/").content.decode()
    assert "Page introuvable" in html and 'href="/"' in html
    client.force_login(UserFactory())
    response = client.get(reverse("dashboard"))
    assert response.status_code == 403
    html = response.content.decode()
    assert "Accès refusé" in html and "Retour à l’accueil" in html and 'class="topbar"' in html


def test_a_page_without_its_database_says_the_server_is_busy_in_one_line(
    broken_standings, monkeypatch, caplog
):
    """The database full or away (here a pool with no connection free) is no bug of the page: 503,
    the busy page in French with a way to try again, and one line in the log, without traceback."""
    from django.db import OperationalError

    def pool_full(*args, **kwargs):
        raise OperationalError("couldn't get a connection after 5.00 sec")

    monkeypatch.setattr("championship.views.standings.selectors.standings", pool_full)
    response = Client(raise_request_exception=False).get(reverse("standings"))
    assert response.status_code == 503 and response["Retry-After"] == "5"
    html = response.content.decode()
    assert "Le serveur est occupé" in html and "Réessayer" in html
    lines = [record for record in caplog.records if record.levelname in ("WARNING", "ERROR")]
    assert [record.name for record in lines] == ["arf.database"], lines
    assert "couldn't get a connection" in lines[0].getMessage() and not lines[0].exc_info


def test_a_failure_outside_the_view_for_want_of_the_database_is_the_busy_page_too(settings, monkeypatch):
    """The 500 handler, reached by what fails after the view (a session saved, a message stored)."""
    from django.db import OperationalError
    from django.test import RequestFactory

    from arf.views import server_error

    settings.DEBUG = False
    request = RequestFactory().get("/")
    try:
        raise OperationalError("FATAL: sorry, too many clients already")
    except OperationalError:
        response = server_error(request)
    assert response.status_code == 503 and "Le serveur est occupé" in response.content.decode()
