"""What the table pages show around the game: the last actions numbered in their order, the table's
owner's panel, the table list, the forms' help."""

import re

import pytest
from django.urls import reverse

from poker import services
from poker.models import Table

from .helpers import act, actor

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_hand(players):
    table = services.table_open(name="Vendredi", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=players[0], stack=1000, seat=1)
    services.table_seat_player(table=table, user=players[1], stack=1000, seat=2)
    services.table_start(table=table)
    act(table, actor(table), "fold")
    return table


def log_list(html: str) -> str:
    return re.search(r'<ol id="log"[^>]*>', html).group(0)


def test_the_last_actions_newest_first_are_numbered_down_to_the_first(client, players, played_hand):
    """The page draws the newest action first: the list counts down (``reversed``), so action 1 is
    the first of the hand, at the bottom."""
    client.force_login(players[0])
    for url in (
        played_hand.get_absolute_url(),
        reverse("poker:hand_replay", args=[played_hand.pk, 1]),
    ):
        assert " reversed" in log_list(client.get(url).content.decode()), url
