"""The browser gets each date and number input in the format it reads (ISO dates, a dot for
decimals), so a form saved without retyping anything saves."""

import re

import pytest
from django.urls import reverse

from championship.models import Season
from tests.championship.forms_in_pages import form_of
from tests.factories import OrganizerFactory, season_with_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client):
    user = OrganizerFactory()
    client.force_login(user)
    return user


def test_the_season_settings_save_as_the_page_gives_them(client, organizer):
    season, _ = season_with_session(entry_fee="1.50")
    page = client.get(reverse("season_edit", args=[season.pk])).content.decode()
    fields, _inputs = form_of(page)
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", fields["starts_on"][0])
    assert fields["entry_fee"] == ["1.50"]
    fields["level_minutes"] = ["20"]
    response = client.post(reverse("season_edit", args=[season.pk]), fields)
    assert response.status_code == 302, response.content.decode()
    season.refresh_from_db()
    assert season.level_minutes == 20 and str(season.entry_fee) == "1.50"


def test_every_date_and_number_input_holds_a_value_the_browser_reads(client, organizer):
    from championship.services import sessions as run

    season, session = season_with_session(players=2)
    running = season.sessions.get(number=2)
    for registration in session.registrations.all():
        registration.pk, registration.session = None, running
        registration.save()
    run.session_start(session=running, by=organizer)
    pages = [
        reverse("session_detail", args=[running.pk]),
        reverse("poker:table_create"),
        reverse("profile"),
        reverse("season_edit", args=[season.pk]),
        reverse("session_edit", args=[session.pk]),
        reverse("session_registrations", args=[session.pk]),
        reverse("chips"),
    ]
    formats = {
        "date": r"\d{4}-\d{2}-\d{2}",
        "datetime-local": r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}",
        "number": r"-?\d+(\.\d+)?",
    }
    for url in pages:
        page = client.get(url).content.decode()
        for form in re.findall(r"<form.*?</form>", page, flags=re.S):
            _, inputs = form_of(form)
            for attrs in inputs:
                kind, value = attrs.get("type"), attrs.get("value")
                if kind in formats and value:
                    assert re.fullmatch(formats[kind], value), (url, attrs)


def test_a_session_date_saves_as_the_page_gives_it(client, organizer):
    _season, session = season_with_session()
    page = client.get(reverse("session_edit", args=[session.pk])).content.decode()
    fields, _ = form_of(page)
    response = client.post(reverse("session_edit", args=[session.pk]), fields)
    assert response.status_code == 302
    assert Season.objects.get().sessions.count() == 6


@pytest.mark.parametrize(
    "levels,says",
    [
        ("10 / 20 / 0\n\n20 / 40 / 0\n30 / sixty / 0", "Niveau 3 : écrivez petite blinde / grosse blinde"),
        ("10 / 20 / 0\n20 / 40 / 0\n30 / 60 / 0 / 5", "Niveau 3 : écrivez petite blinde / grosse blinde"),
        ("10 / 20 / 0\n20 / 40 / 0\n30 / 70 / 0", "Niveau 3 : la grosse blinde doit valoir le double"),
        ("10 / 20 / 0\n20 / 40 / 0\n30 / 60 / 99999999999", "Niveau 3 : les blindes et les antes valent"),
    ],
)
def test_the_blind_levels_form_says_which_level_is_wrong(client, organizer, levels, says):
    season, _ = season_with_session()
    fields, _inputs = form_of(client.get(reverse("season_edit", args=[season.pk])).content.decode())
    fields["levels"] = [levels]
    page = client.post(reverse("season_edit", args=[season.pk]), fields).content.decode()
    assert says in page.replace("\u202f", " ").replace("&nbsp;", " ")
    assert Season.objects.get(pk=season.pk).levels != [[10, 20, 0], [20, 40, 0], [30, 60, 0]]
