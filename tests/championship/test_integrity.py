"""The organizer's integrity page (docs/integrity.md) after a session played over the tables'
websockets: two players who never bet or raise into each other are the first pair; the page and the replays
with every card are the organizer's only."""

from __future__ import annotations

import asyncio
import io
import random

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command
from django.urls import reverse

from championship.models import GameTable, HandPairs
from championship.services import sessions as run
from poker.models import Hand, Table
from tests.factories import UserFactory
from tests.kit.online import online_session
from tests.poker.helpers import fire_deadline
from tests.poker.wsclient import Client

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fast_tables")]


HANDS = 60


def _decide(view: dict, soft_partner: int | None, rng: random.Random) -> tuple[str, int | None]:
    """What a player decides from his page's view: small bets so nobody busts (raise the minimum
    once a street half the time, call cheap bets); a soft player never bets or raises while his
    partner (a seat number) is still in the hand."""
    legal = view["legal"]
    seats = {s["number"]: s for s in view["seats"]}
    partner = seats.get(soft_partner)
    gentle = partner is not None and partner.get("in_hand") and not partner.get("folded")
    raised = any((s.get("last_action") or {}).get("type") in ("bet", "raise") for s in view["seats"])
    if legal["min"] and not gentle and not raised and rng.random() < 0.5:
        return "raise", legal["min"]
    if legal["check"]:
        return "check", None
    if legal["call"] is not None and legal["call"] <= 60 and rng.random() < 0.6:
        return "call", None
    return "fold", None


async def play_over_the_sockets(users, session, hands: int) -> Table:
    """Round 1 of a 4-player online session, every decision sent from the players' websockets;
    users 0 and 1 soft-play each other."""
    from channels.db import database_sync_to_async as db

    await db(run.session_start)(session=session, by=None)
    table = (
        await db(GameTable.objects.select_related("poker_table").get)(session=session, round_number=1)
    ).poker_table
    clients = []
    for k, user in enumerate(users):  # all there: the first hand
        client = Client(table.pk, user)
        # Users 0 and 1 from one address (one household), each in his own browser.
        client.comm.scope["client"] = ("203.0.113.7" if k < 2 else f"198.51.100.{k}", 50000 + k)
        client.comm.scope["cookies"] = {"arf_browser": f"token-{k}"}
        clients.append(await client.connect())
    rng = random.Random(5)
    try:
        while True:
            await db(table.refresh_from_db)()
            for client in clients:  # each page up to date, as a player sees it
                while (
                    client.view is None
                    or client.view["seq"] < table.visible_seq
                    or (table.hand_id and (client.mine or {}).get("hand_id") != table.hand_id)
                ):
                    await client.next(timeout=30)
            if table.actor_seat is None:
                if table.hands_dealt >= hands or not await db(fire_deadline)(table):
                    return table
                continue
            client = next(c for c in clients if c.view["me"]["seat"] == table.actor_seat)
            seats = {c.user.pk: c.view["me"]["seat"] for c in clients}
            partner = {users[0].pk: seats[users[1].pk], users[1].pk: seats[users[0].pk]}.get(client.user.pk)
            decision = _decide(client.view, partner, rng)
            await client.act(*decision)
            try:
                reply = await client.until(lambda m: m["type"] in ("update", "error"), timeout=5)
            except TimeoutError:
                reply = None  # not served: the socket's rate limit answers "too_fast" once a second
            if reply is None or reply["type"] == "error":
                await asyncio.sleep(0.3)  # then sent again, as the page does
    finally:
        for client in clients:
            await client.close()


def test_a_pair_that_soft_plays_comes_first_and_the_page_is_the_organizers_only(client):
    _season, session, users = online_session(4)
    table = async_to_sync(play_over_the_sockets)(users, session, HANDS)
    assert HandPairs.objects.filter(session=session).count() >= HANDS  # recorded as each hand ended

    # The command reads the stored hands again and finds the same counts.
    kept = dict(HandPairs.objects.filter(session=session).values_list("hand_id", "data"))
    call_command("compute_integrity", "--session", str(session.pk), stdout=io.StringIO())
    assert dict(HandPairs.objects.filter(session=session).values_list("hand_id", "data")) == kept

    # (A superuser: an earlier transactional test may have flushed the organizers' group.)
    client.force_login(UserFactory(username="organizer", is_superuser=True))
    html = client.get(reverse("session_integrity", args=[session.pk])).content.decode()
    first = html.split('id="pair-1"')[1].split('id="pair-2"')[0]
    assert "P0 &amp; P1" in first
    assert "à regarder" in first
    # Seated at one table from one address: said beside the pair, for that pair only.
    assert '<span class="badge shared">même adresse</span>' in first
    assert html.count('<span class="badge shared">') == 1
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
