"""Razz at the online tables (docs/rules.md, "Razz"): the same table app as Hold'em, dealt by the Razz
engine. Three players sit in seats 1-3 and the dealer is seat 3, so seat 1 is player 0."""

import pytest
from django.urls import reverse

from poker import services
from poker.models import Hand, Table
from poker.services import TableError
from poker.tables import rows
from tests.factories import OrganizerFactory

from .helpers import (
    act,
    actor,
    chips_on_table,
    fire_deadline,
    fire_until_next_hand,
    stack_razz_decks,
    start_razz_table,
)

pytestmark = pytest.mark.django_db

# Seat 1 (hery): a wheel in the making; seat 2 (voahangy) shows the king and brings in; seat 3
# (tiana) pairs up.
CARDS = {"cards": ["As 2s 3h 4d 5c 9s Td", "Qh Jc Kd 8h 7d 6s 2c", "3c 4c 5h 5d 9c 9d Th"]}


@pytest.fixture
def razz_table(players, monkeypatch):
    stack_razz_decks(monkeypatch, CARDS, dealer=3)
    table = start_razz_table(players[:3])
    table.refresh_from_db()
    return table, players[:3]


def seats_seen_by(table, user):
    view = rows.viewer_snapshot(table.pk, user.pk if user else None)
    return {s["number"]: s for s in view["seats"]}, view


def test_a_razz_table_needs_a_small_bet_twice_the_bring_in(players):
    with pytest.raises(ValueError):
        services.table_open(name="Razz", variant=Table.Variant.RAZZ, bring_in=10, small_bet=30)


def test_every_player_antes_and_the_highest_up_card_brings_in(razz_table):
    table, (hery, voahangy, _tiana) = razz_table
    hand = Hand.objects.get(pk=table.hand_id)
    assert hand.seats == [1, 2, 3] and hand.starting_stacks == [1000, 1000, 1000]
    assert actor(table) == voahangy  # the king of diamonds
    assert table.legal["bring_in"] == 10 and table.legal["min"] == table.legal["max"] == 20
    assert table.legal["complete"] and not table.legal["fold"]
    seats, view = seats_seen_by(table, hery)
    assert [seats[n]["stack"] for n in (1, 2, 3)] == [995, 995, 995]
    assert (
        view["hand"]["game"] == "razz" and view["hand"]["small_bet"] == 20 and view["hand"]["big_bet"] == 40
    )


def test_the_bring_in_player_cannot_fold_or_check_before_posting(razz_table):
    table, (_hery, voahangy, _tiana) = razz_table
    seq = table.seq
    for action in ("fold", "check", "call"):
        with pytest.raises(TableError) as refused:
            act(table, voahangy, action)
        assert refused.value.code == "bring_in_due"
    table.refresh_from_db()
    assert table.seq == seq and actor(table) == voahangy


def test_fixed_limit_refuses_any_other_amount_than_the_completion(razz_table):
    table, (_hery, voahangy, tiana) = razz_table
    with pytest.raises(TableError) as too_much:
        act(table, voahangy, "raise", 40)
    assert too_much.value.code == "amount_too_high"
    with pytest.raises(TableError) as too_little:
        act(table, voahangy, "raise", 15)
    assert too_little.value.code == "amount_too_low"
    act(table, voahangy, "raise", 20)
    assert actor(table) == tiana and table.legal["call"] == 20 and table.legal["min"] == 40


def test_everyone_sees_the_up_cards_and_only_his_own_down_cards(razz_table):
    table, (_hery, voahangy, _tiana) = razz_table
    spectator, _ = seats_seen_by(table, None)
    assert spectator[2]["up"] == ["Kd"] and spectator[2]["down"] == 2 and not spectator[2]["cards"]
    mine, _ = seats_seen_by(table, voahangy)
    assert mine[2]["cards"] == ["Qh", "Jc"] and mine[1]["up"] == ["3h"] and not mine[1]["cards"]


def test_a_hand_to_seventh_street_goes_to_the_best_low(razz_table):
    table, (hery, voahangy, tiana) = razz_table
    act(table, voahangy, "bring_in")
    seen_seventh = False
    while actor(table) is not None:
        act(table, actor(table), "check" if table.legal["check"] else "call")
        if actor(table) is not None and Hand.objects.get(pk=table.hand_id).state["street"] == 4:
            seats, _ = seats_seen_by(table, hery)
            assert seats[1]["cards"] == ["As", "2s", "Td"] and seats[1]["down"] == 3
            assert seats[2]["cards"] is None and seats[2]["down"] == 3
            seen_seventh = True
    assert seen_seventh
    seats, view = seats_seen_by(table, tiana)
    assert view["hand"]["over"]
    assert seats[1]["cards"] == ["As", "2s", "Td"]  # shown: the down cards
    assert seats[1]["up"] == ["3h", "4d", "5c", "9s"]
    assert view["hand"]["results"][0]["winners"][0]["name"] == "Hery"
    assert "5" in view["hand"]["results"][0]["hand"]["fr"]  # Cinq bas: the wheel
    assert chips_on_table(table) == 3000


def test_the_action_goes_to_the_best_low_showing_from_fourth_street(razz_table):
    table, (hery, voahangy, tiana) = razz_table
    act(table, voahangy, "bring_in")
    act(table, tiana, "call")
    act(table, hery, "call")
    # 4th street: hery 3-4, voahangy K-8, tiana 5-5: hery first
    assert actor(table) == hery and table.legal["check"] and table.legal["min"] == 20


def test_an_away_player_who_owes_the_bring_in_posts_it_when_his_time_runs_out(razz_table):
    table, (_hery, _voahangy, tiana) = razz_table
    assert fire_deadline(table)
    table.refresh_from_db()
    hand = Hand.objects.get(pk=table.hand_id)
    assert not hand.state["folded"][1] and hand.state["bets"][1] == 10
    assert table.seats.get(number=2).sitting_out and actor(table) == tiana


def test_a_razz_practice_table_of_bots_plays_on_by_itself(players):
    table = services.practice_table_open(user=None, bots=4, variant=Table.Variant.RAZZ)
    assert table.variant == "razz" and table.ante == 5 and table.hand_id is not None
    total = chips_on_table(table)
    for _ in range(400):
        if table.hands_dealt > 5:
            break
        if table.deadline_kind in (Table.DeadlineKind.REVEAL, Table.DeadlineKind.NEXT_HAND):
            fire_until_next_hand(table)
        else:
            fire_deadline(table)
    assert table.hands_dealt > 5
    assert chips_on_table(table) == total
    assert Hand.objects.filter(table=table).exclude(ended_at=None).count() >= 5


def test_a_player_opens_a_razz_practice_table_from_the_list(client, players):
    client.force_login(players[0])
    response = client.post(reverse("poker:practice_open"), {"variant": "razz"})
    table = Table.objects.get()
    assert response.url == table.get_absolute_url() and table.variant == "razz"
    assert "Razz" in client.get(reverse("poker:table_list")).content.decode()


def test_an_organizer_opens_a_razz_table_with_its_bring_in(client):
    client.force_login(OrganizerFactory())
    response = client.post(
        reverse("poker:table_create"),
        {
            "name": "Razz du dimanche",
            "variant": "razz",
            "kind": "cash",
            "max_seats": 8,
            "bring_in": 25,
            "ante": 10,
            "starting_stack": 3000,
            "action_seconds": 30,
            "time_bank_seconds": 0,
            "chat_enabled": "on",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert (table.variant, table.bring_in, table.small_bet, table.ante) == ("razz", 25, 50, 10)
    assert (table.small_blind, table.big_blind) == (0, 0)  # a Razz table has no blinds


def test_the_form_asks_razz_for_a_bring_in(client):
    client.force_login(OrganizerFactory())
    data = {"name": "R", "variant": "razz", "kind": "cash", "max_seats": 8, "ante": 0, "starting_stack": 3000}
    data.update(action_seconds=30, time_bank_seconds=0)
    response = client.post(reverse("poker:table_create"), data)
    assert response.status_code == 200 and not Table.objects.exists()
    assert "bring_in" in response.context["form"].errors


def test_a_finished_razz_hand_replays_and_exports_as_text(client, razz_table):
    table, (hery, voahangy, tiana) = razz_table
    act(table, voahangy, "bring_in")
    act(table, tiana, "fold")
    act(table, hery, "raise", 20)
    act(table, voahangy, "fold")
    fire_until_next_hand(table)
    client.force_login(tiana)
    steps = client.get(reverse("poker:hand_replay", args=[table.pk, 1])).context["config"]["steps"]
    first = {s["number"]: s for s in steps[1]["seats"]}
    assert first[3]["cards"] == ["3c", "4c"] and first[2]["up"] == ["Kd"] and not first[2]["cards"]
    text = client.get(reverse("poker:hand_text", args=[table.pk, 1])).content.decode()
    assert "Razz" in text and "Qh" not in text  # voahangy's down cards were never shown
