"""The organizer's integrity page (docs/integrity.md) after a session played at the real tables:
two players who never bet or raise into each other are the first pair; the page and the replays
with every card are the organizer's only."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import call_command
from django.urls import reverse

from championship.models import GameTable, HandPairs, Session
from championship.services import sessions as run
from poker.engine.holdem import HoldemHand
from poker.models import Hand, Table
from tests.factories import MemberFactory, OrganizerFactory, UserFactory, season_with_session
from tests.poker.helpers import act, actor, fire_deadline

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = 60


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    settings.POKER_PAUSE_MS = 0
    settings.POKER_REVEAL_MS = 0
    settings.POKER_BOT_MS = 0
    settings.POKER_DEADLINE_LOOP = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _online_session(players: int):
    from championship.services.registrations import fee_record, registration_create

    season, session = season_with_session(players=0)
    Session.objects.filter(pk=session.pk).update(mode=Session.Mode.ONLINE)
    session.refresh_from_db()
    users = []
    for i in range(players):
        user = UserFactory(username=f"p{i}")
        registration = registration_create(
            session=session, member=MemberFactory(user=user, nickname=f"P{i}"), by=None
        )
        fee_record(registration=registration, amount="1", paid=True, method="cash")
        users.append(user)
    return season, session, users


def _decide(hand: HoldemHand, soft: dict[int, int], rng: random.Random) -> tuple[str, int | None]:
    """Small bets so nobody busts: raise the minimum once a street half the time, call cheap bets.
    A soft player never bets or raises while his partner is still in the hand."""
    p = hand.actor
    legal = hand.legal_actions()
    partner = soft.get(p)
    gentle = partner is not None and not hand.folded[partner]
    if legal.can_raise and not gentle and hand.aggressor is None and rng.random() < 0.5:
        return "raise", legal.min_raise_to
    if legal.can_check:
        return "check", None
    if legal.call_amount <= 3 * hand.big_blind and rng.random() < 0.6:
        return "call", None
    return "fold", None


def play_soft_session(users, session, hands: int) -> Table:
    """Round 1 of a 4-player online session; users 0 and 1 soft-play each other."""
    run.session_start(session=session, by=None)
    table = GameTable.objects.get(session=session, round_number=1).poker_table
    fire_deadline(table)  # the get-ready countdown: the first hand
    rng = random.Random(5)
    for _ in range(hands):
        table.refresh_from_db()
        hand = Hand.objects.get(pk=table.hand_id)
        a, b = hand.user_ids.index(users[0].pk), hand.user_ids.index(users[1].pk)
        soft = {a: b, b: a}
        number = hand.number
        while True:
            table.refresh_from_db()
            if table.hand_id != hand.pk or table.actor_seat is None:
                break
            engine = HoldemHand.from_dict(Hand.objects.get(pk=hand.pk).state)
            action, amount = _decide(engine, soft, rng)
            act(table, actor(table), action, amount)
        while table.hands_dealt == number and fire_deadline(table):
            pass
    return table


def test_a_pair_that_soft_plays_comes_first_and_the_page_is_the_organizers_only(client):
    _season, session, users = _online_session(4)
    table = play_soft_session(users, session, HANDS)
    assert HandPairs.objects.filter(session=session).count() >= HANDS  # recorded as each hand ended

    # The command reads the stored hands again and finds the same counts.
    kept = dict(HandPairs.objects.filter(session=session).values_list("hand_id", "data"))
    call_command("compute_integrity", "--session", str(session.pk), stdout=io.StringIO())
    assert dict(HandPairs.objects.filter(session=session).values_list("hand_id", "data")) == kept

    client.force_login(OrganizerFactory())
    html = client.get(reverse("session_integrity", args=[session.pk])).content.decode()
    first = html.split('id="pair-1"')[1].split('id="pair-2"')[0]
    assert "P0 &amp; P1" in first
    assert "à regarder" in first
    assert "tricheur" not in html.lower()
    season_html = client.get(reverse("season_integrity", args=[session.season_id])).content.decode()
    assert "P0 &amp; P1" in season_html.split('id="pair-1"')[1].split('id="pair-2"')[0]

    # The replays with every card wait for the table to finish.
    hand = Hand.objects.filter(table=table, ended_at__isnull=False).first()
    replay_all = reverse("poker:hand_replay_all", args=[table.pk, hand.number])
    assert client.get(replay_all).status_code == 404

    client.force_login(users[2])
    for url in (
        reverse("session_integrity", args=[session.pk]),
        reverse("season_integrity", args=[session.season_id]),
        replay_all,
    ):
        assert client.get(url).status_code == 403
    client.logout()
    for url in (reverse("session_integrity", args=[session.pk]), replay_all):
        response = client.get(url)
        assert response.status_code == 302 and "/connexion/" in response["Location"]
