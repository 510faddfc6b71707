"""The organizer's live view says where each player is in one word (issue 32): playing, away since
hand N, disconnected for mm:ss, or not yet connected; never "connected" and "away" at once."""

from datetime import timedelta

import pytest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from championship.online_presence import online_seats
from poker import services
from poker.models import Seat, Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def word(online) -> str:
    with translation.override("fr"):
        html = render_to_string("championship/partials/online_seat.html", {"online": online})
    return html.split('class="badge')[1].split(">", 1)[1].split("<", 1)[0]


def test_each_player_is_in_one_state_said_in_one_word():
    table = services.table_open(name="Table 1", kind=Table.Kind.TOURNAMENT)
    users = [UserFactory(username=name) for name in ("hery", "lova", "soa", "tiana")]
    for k, user in enumerate(users):
        services.table_seat_player(table=table, user=user, seat=k + 1)
    hery, lova, soa, _tiana = users
    for user in (hery, lova):
        services.table_presence(table_id=table.pk, user=user, connected=True)
    services.table_sit_out(table_id=table.pk, user=lova)  # page open, away
    services.table_presence(table_id=table.pk, user=soa, connected=True)
    services.table_presence(table_id=table.pk, user=soa, connected=False)
    Seat.objects.filter(user=soa).update(offline_since=timezone.now() - timedelta(minutes=2, seconds=5))
    Seat.objects.filter(user=lova).update(away_since_hand=7)

    seats = online_seats([table.pk])
    states = {user.username: seats[(table.pk, user.pk)] for user in users}
    assert {name: s.state for name, s in states.items()} == {
        "hery": "playing",
        "lova": "away",
        "soa": "disconnected",
        "tiana": "disconnected",
    }
    assert word(states["hery"]) == "en jeu"
    assert word(states["lova"]) == "absence depuis la main n° 7"
    assert word(states["soa"]) in ("hors ligne depuis 02:05", "hors ligne depuis 02:06")
    assert word(states["tiana"]) == "pas encore en ligne"
