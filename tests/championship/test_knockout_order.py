"""Knock-outs are listed in one order on every page that shows them (the session page, which the
organizer and the players share, and the TV clock): the latest first, each with the place it gave
(round 2), or said to be out in round 1."""

import re

import pytest
from django.urls import reverse

from championship.models import GameTable
from championship.services import sessions as run
from tests.factories import OrganizerFactory, season_with_session
from tests.kit.live import active_seats

pytestmark = pytest.mark.django_db


def _out(session, round_number, seat, stack=None):
    run.knockout_record(session=session, table=seat.table, busted=[(seat.registration, stack)], by=None)
    return seat.registration.member.nickname


def test_the_session_page_and_the_tv_list_the_knockouts_latest_first_with_their_places(client):
    _, session = season_with_session(players=10)
    run.session_start(session=session, by=None)
    order = []
    for table in GameTable.objects.filter(session=session, round_number=1):
        while len(seats := [s for s in active_seats(session, 1) if s.table == table.number]) > 3:
            order.append((_out(session, 1, seats[0]), "élimination au 1er tour"))
    run.round2_draw(session=session, by=None)
    in_round2 = len(active_seats(session, 2))
    assert in_round2 == 6
    # Two out one by one, then two in the same hand: the bigger stack takes the better place.
    order.append((_out(session, 2, active_seats(session, 2)[0]), "6e place"))
    order.append((_out(session, 2, active_seats(session, 2)[0]), "5e place"))
    small, big = active_seats(session, 2)[:2]
    busted = [(small.registration, 100), (big.registration, 900)]
    run.knockout_record(session=session, table=small.table, busted=busted, by=None)
    order.append((small.registration.member.nickname, "4e place"))
    order.append((big.registration.member.nickname, "3e place"))

    client.force_login(OrganizerFactory())
    page = client.get(reverse("session_detail", args=[session.pk])).content.decode()
    listed = re.search(r'<section class="card" id="knockouts">.*?</section>', page, re.S).group(0)
    on_page = re.findall(r'<strong>([^<]+)</strong>\s*<span class="ko-place">([^<]+)</span>', listed)
    assert on_page == order[::-1]

    tv = client.get(reverse("session_tv", args=[session.pk])).content.decode()
    listed = re.search(r'<section class="tv-out".*?</section>', tv, re.S).group(0)
    on_tv = re.findall(r'<li>([^<]+?) <small class="tv-ko-place">([^<]+)</small>', listed)
    # The TV's narrow column says round 1 shortly.
    assert on_tv == [
        (name, "1er tour" if said == "élimination au 1er tour" else said) for name, said in order[::-1]
    ]
