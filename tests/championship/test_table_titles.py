"""A championship table is named in the reader's language, from its parts (session, round, table)
when it is shown: an English reader reads no French sentence stored when the organizer opened it."""

import pytest
from django.conf import settings
from django.urls import reverse

from championship.models import GameTable
from championship.services import sessions as run
from tests.factories import UserFactory
from tests.kit.online import online_session

pytestmark = pytest.mark.django_db


def test_an_online_table_is_named_in_each_readers_language(client):
    _, session, _users = online_session(9)
    run.session_start(session=session, by=None)  # the organizer's page is in French
    table = GameTable.objects.filter(session=session, round_number=1, number=1).get().poker_table
    player = table.seats.first().user
    client.force_login(player)
    pages = [reverse("poker:table", args=[table.pk]), reverse("poker:hand_list", args=[table.pk])]
    lists = reverse("poker:table_list")

    for url in pages:
        assert "Saison 2026 – Séance 1 – tour 1 – table 1" in client.get(url).content.decode()
    assert "Saison 2026 – Séance 1 – tour 1 – table 1" in client.get(lists).content.decode()

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    for url in [*pages, lists]:
        html = client.get(url).content.decode()
        assert "Saison 2026 – Session 1 – round 1 – table 1" in html, url
        assert "Séance" not in html and "tour 1" not in html, url


def test_a_demo_table_is_named_in_each_readers_language(client):
    from django.core.management import call_command

    call_command("load_demo_tables", stdout=open("/dev/null", "w"))  # noqa: SIM115
    client.force_login(UserFactory())
    lists = reverse("poker:table_list")
    html = client.get(lists).content.decode()
    assert "Table de démonstration" in html and "Razz de démonstration" in html
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(lists).content.decode()
    assert "Demonstration table" in html and "Razz demonstration" in html and "démonstration" not in html
