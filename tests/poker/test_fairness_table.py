"""A table's decks are the fair decks of docs/fairness.md: the players' pages contribute before the
epoch's first hand, the table's client seed is shown at that deal, every hand is dealt from the
seed the table committed to, and nothing of the seed leaves the server before the reveal."""

import io

import pytest
from channels.db import database_sync_to_async
from django.core.management import call_command
from django.db import transaction
from django.test import Client as PageClient
from django.urls import reverse

from poker import services
from poker.engine import fairness
from poker.engine.cards import card_names
from poker.engine.fairness import Difference, check_epoch
from poker.fairness.record import epoch_record
from poker.models import FairnessEpoch, Hand, Table, TableFairness
from poker.tables import fairness as table_fairness
from tests.factories import UserFactory

from .wsclient import Client

pytestmark = pytest.mark.django_db(transaction=True)


def _tournament(users):
    table = services.table_open(name="Fair", kind=Table.Kind.TOURNAMENT, action_seconds=30)
    for seat, user in zip((2, 5), users):
        services.table_seat_player(table=table, user=user, stack=1000, seat=seat)
    return table


async def test_the_players_contributions_make_the_client_seed_of_the_first_deal(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    hery, voahangy, tiana = [
        await database_sync_to_async(UserFactory)(username=n) for n in ("hery", "voahangy", "t")
    ]
    table = await database_sync_to_async(_tournament)([hery, voahangy])
    epoch = await database_sync_to_async(lambda: TableFairness.objects.get(table=table).epoch)()
    a, b, spectator = [await Client(table.pk, u).connect() for u in (hery, voahangy, tiana)]
    try:
        await b.send({"type": "client_seed", "seed": "cd"})
        assert (await b.next()) == {"type": "client_seed", "seed": "cd"}
        await a.send({"type": "client_seed", "seed": "é"})  # not ASCII: refused, nothing changed
        error = await a.error()
        assert (
            error["code"] == "bad_client_seed"
            and "de 1 à 64 caractères ASCII imprimables" in error["message"]
        )
        await a.send({"type": "client_seed", "seed": "x" * 65})
        assert (await a.error())["code"] == "bad_client_seed"
        await spectator.send({"type": "client_seed", "seed": "mine"})
        assert (await spectator.error())["code"] == "not_seated"
        await a.send({"type": "client_seed", "seed": "ab"})
        assert (await a.next())["seed"] == "ab"

        await database_sync_to_async(services.table_start)(table=table)
        view = (await spectator.until(lambda m: m.get("view") and m["view"]["hand"]))["view"]
        assert view["hand"]["client_seed"] == "ab|cd"  # seat 2's, then seat 5's
        await a.send({"type": "client_seed", "seed": "late"})
        assert (await a.error())["code"] == "client_seed_fixed"
        await spectator.drain(0.1)
    finally:
        for client in (a, b, spectator):
            await client.close()

    hand = await database_sync_to_async(Hand.objects.get)(table=table, number=1)
    assert hand.epoch_id == epoch.pk and hand.client_seed == "ab|cd"
    deck = fairness.deal_deck(epoch.seed, table.pk, 1, "ab|cd")
    # Heads-up: the button (seat 2's player 0) is dealt second: player 1 gets cards 0 and 2.
    dealt = sorted(card_names(deck[:4]))
    assert sorted(hand.state["hole_cards"][0] + hand.state["hole_cards"][1]) == dealt
    for client in (a, b, spectator):
        assert not any(epoch.server_seed in raw for raw in client.raw)


def test_a_table_outside_a_session_commits_the_next_epoch_before_hand_101_and_reveals_the_last():
    table = services.table_open(name="Open", kind=Table.Kind.CASH)
    first = TableFairness.objects.get(table=table).epoch
    with transaction.atomic():
        for number in range(1, 100):
            table_fairness.deal(table, number)
    row = TableFairness.objects.get(table=table)
    assert row.epoch == first and row.next_epoch is None
    with transaction.atomic():
        table_fairness.deal(table, 100)
    row.refresh_from_db()
    assert row.next_epoch is not None and table_fairness.open_contributions(row)  # shown during hand 100
    nxt = row.next_epoch
    page = PageClient()
    page.force_login(UserFactory())
    html = page.get(reverse("poker:table", args=[table.pk])).content.decode()
    assert first.commitment in html and nxt.commitment in html
    assert first.server_seed not in html and nxt.server_seed not in html
    with transaction.atomic():
        deal = table_fairness.deal(table, 101)
    first.refresh_from_db()
    assert deal.epoch == nxt and first.revealed and not FairnessEpoch.objects.get(pk=nxt.pk).revealed


def test_a_finished_tables_epoch_is_revealed_and_checks_out(players):
    table = _tournament(players[:2])
    services.table_start(table=table)
    epoch = TableFairness.objects.get(table=table).epoch
    response = PageClient().get(reverse("poker:fairness_record", args=[epoch.pk]))
    assert response.json() == {
        "version": 1,
        "epoch": epoch.pk,
        "kind": "table",
        "commitment": epoch.commitment,
        "revealed": False,
    }
    assert (
        epoch.server_seed
        not in PageClient().get(reverse("poker:fairness_verify", args=[epoch.pk])).content.decode()
    )
    Table.objects.filter(pk=table.pk).update(status=Table.Status.FINISHED)
    record = epoch_record(FairnessEpoch.objects.get(pk=epoch.pk))
    assert record["revealed"] and record["server_seed"] == epoch.server_seed
    assert check_epoch(record) == [f"button:{table.pk}: matches", f"table {table.pk} hand 1: matches"]
    # The first button is drawn from the epoch's stream among seats 2 and 5 (player 0 is seat 2).
    player = fairness.first_button(fairness.seed_from_hex(epoch.server_seed), table.pk, 2)
    assert record["buttons"] == [
        {"table": table.pk, "label": f"button:{table.pk}", "seats": [2, 5], "button": player}
    ]
    assert Hand.objects.get(table=table, number=1).button_seat == (2, 5)[player]
    call_command("verify_fairness", f"table:{table.pk}", stdout=io.StringIO())
    record["buttons"][0]["button"] = 1 - player
    with pytest.raises(Difference, match=f"button:{table.pk}: the button should go to player {player + 1}"):
        check_epoch(record)
    page = PageClient().get(reverse("poker:fairness_verify", args=[epoch.pk])).content.decode()
    assert epoch.server_seed in page
    viewer = PageClient()
    viewer.force_login(players[2])
    history = viewer.get(reverse("poker:hand_list", args=[table.pk])).content.decode()
    assert reverse("poker:fairness_verify", args=[epoch.pk]) in history  # the history links its epochs
