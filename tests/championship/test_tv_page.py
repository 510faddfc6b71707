"""The TV clock's page as the server writes it (its drawing at the room's screen sizes:
tests/e2e/test_tv_clock.py): before the start, during play, at the end."""

import re

import pytest
from django.urls import reverse

from championship.services import sessions as run
from tests.factories import season_with_session

pytestmark = pytest.mark.django_db


def _tv(client, session) -> str:
    return client.get(reverse("session_tv", args=[session.pk])).content.decode()


def test_before_the_start_the_tv_shows_the_countdown_the_entrants_and_a_qr_code(client):
    _, session = season_with_session(players=3)
    html = _tv(client, session)
    assert re.search(r'data-countdown data-seconds-left="\d+"', html)
    assert "3 joueurs inscrits" in html
    assert all(r.member.nickname in html for r in session.registrations.all())
    url = f"http://testserver/championnat/seances/{session.pk}/"
    assert f'aria-label="QR code de la page de la séance\u202f: {url}"' in html
    assert re.search(r'<svg viewBox="0 0 \d+ \d+" class="tv-qr-code">', html)  # drawn by the server
    assert "<script" not in html.split("<main", 1)[1].split("</main>")[0]  # the code is no script


def test_during_play_the_tv_shows_the_seating_and_who_is_out_in_order(client):
    _, session = season_with_session(players=10)
    run.session_start(session=session, by=None)
    out = []
    for table in (2, 1):
        seat = session.seats.filter(round_number=1, table=table, active=True).order_by("seat").first()
        run.knockout_record(session=session, table=table, busted=[(seat.registration, None)], by=None)
        out.append(seat.registration.member.nickname)
    html = _tv(client, session)
    assert "Placement, tour 1" in html and "Niveau 1" in html
    seated = session.seats.filter(round_number=1, active=True)
    assert html.count('<span class="tv-seat">') == seated.count() == 8
    knocked = re.search(r'<section class="tv-out".*?</section>', html, re.S).group(0)
    # The latest first, as on the session page; round 1 gives no place.
    assert re.findall(r"<li>([^<]+?) <small", knocked) == out[::-1]
    assert knocked.count('<small class="tv-ko-place">1er tour</small>') == 2
    assert "tv-qr" not in html  # no QR code during play
