"""A player's card settings, kept in his profile: the four-colour deck and bigger cards, on every
table page and replay he opens afterwards (the colours themselves: tests/e2e/test_turn_felt.py)."""

import re

import pytest
from django.urls import reverse

from accounts.models import DeckSettings
from poker import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _body_classes(html: str) -> set[str]:
    return set(re.search(r'<body [^>]*class="([^"]*)"', html).group(1).split())


def test_his_card_settings_are_kept_and_drawn_on_his_table_pages_only(client):
    hery, other = UserFactory(), UserFactory()
    table = services.practice_table_open(user=hery, bots=2)
    client.force_login(hery)
    assert _body_classes(client.get(table.get_absolute_url()).content.decode()) == {"table-page"}

    response = client.post(reverse("profile_deck"), {"four_colours": "on"}, follow=True)
    assert "Vos réglages des cartes sont enregistrés." in response.content.decode()
    assert re.search(r'<input type="checkbox" name="four_colours"[^>]* checked', response.content.decode())
    assert not re.search(r'<input type="checkbox" name="big_cards"[^>]* checked', response.content.decode())
    assert _body_classes(client.get(table.get_absolute_url()).content.decode()) == {"table-page", "deck-four"}
    client.post(reverse("profile_deck"), {"four_colours": "on", "big_cards": "on"})
    assert DeckSettings.objects.get(user=hery).big_cards
    assert {"deck-four", "cards-big"} <= _body_classes(client.get(table.get_absolute_url()).content.decode())

    client.force_login(other)  # another player keeps the classic deck
    assert _body_classes(client.get(table.get_absolute_url()).content.decode()) == {"table-page"}


def test_the_settings_need_a_login_and_a_post(client):
    assert client.post(reverse("profile_deck"), {"four_colours": "on"}).status_code == 302  # to log in
    client.force_login(UserFactory())
    assert client.get(reverse("profile_deck")).status_code == 405
    assert not DeckSettings.objects.exists()
