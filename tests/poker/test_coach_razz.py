"""The coach on a Razz hand: each decision with his down and up cards, the opponents' up cards, his
equity (Monte Carlo, its error stated) and, in hindsight, the hands shown; a folded opponent's down
cards stay hidden. Seats 1-3, the dealer in seat 3: Hery is player 0."""

from __future__ import annotations

import pytest
from django.urls import reverse

from poker.engine.strategy.coach import review
from poker.models import Hand
from poker.pages.downloads import seen_by

from .helpers import act, actor, fire_until_next_hand, stack_razz_decks, start_razz_table

pytestmark = pytest.mark.django_db

# Cards in dealing order: down, down, up (3rd street), up, up, up, down (7th street).
# Hery ends with A-2-3-9-10-J-Q: a ten low. Voahangy ends with 3-4-5-6-7-8-K: a seven low.
# Tiana shows the king, brings in, and folds her queens on 3rd street: never shown.
CARDS = {
    "cards": ["As 2s 3h 9d Tc Jh Qs", "4c 5c 6d 7s 8h Kh 3c", "Qh Qd Kd"],
    "dealt": [7, 7, 3],
}


@pytest.fixture
def razz_hand(players, monkeypatch):
    stack_razz_decks(monkeypatch, CARDS, dealer=3)
    hery, voahangy, tiana = players[:3]
    table = start_razz_table([hery, voahangy, tiana])
    act(table, tiana, "bring_in")  # 10
    act(table, hery, "raise", 20)  # the completion
    act(table, voahangy, "call")
    act(table, tiana, "fold")
    for _ in range(6):  # 4th, 5th and 6th streets: both check (the best low showing first)
        act(table, actor(table), "check")
    # 7th street: Hery checks, Voahangy bets the big bet, Hery calls; both show.
    act(table, hery, "check")
    act(table, voahangy, "bet", 40)
    act(table, hery, "call")
    fire_until_next_hand(table)
    return table, hery, voahangy, tiana


def hery_decisions(table, hery):
    hand = Hand.objects.get(table=table, number=1)
    events = seen_by(hand, hand.events.order_by("seq").values_list("payload", flat=True), hery.pk)
    return review(events, hand.player_of(hery.pk))


def test_the_seventh_street_call_worked_out_by_hand(razz_hand):
    table, hery, _, _ = razz_hand
    decisions = hery_decisions(table, hery)
    assert [(d.street, d.action) for d in decisions] == [
        ("third", "complete"),
        ("fourth", "check"),
        ("fifth", "check"),
        ("sixth", "check"),
        ("seventh", "check"),
        ("seventh", "call"),
    ]
    call = decisions[-1]
    # What he knew: his three down cards, his four up cards, Voahangy's four up cards.
    assert call.hole == ["As", "2s", "Qs"] and call.up == ["3h", "9d", "Tc", "Jh"]
    assert call.opponents_up == [["6d", "7s", "8h", "Kh"]] and call.opponents == 1
    # The pot: three antes of 5, Tiana's bring-in of 10, Hery's completion to 20 and Voahangy's
    # call: 65; then Voahangy's 40 on 7th street: 105. He pays 40 to win 145: he needs 40/145.
    assert (call.pot, call.to_call, call.needed) == (105, 40, pytest.approx(40 / 145))
    # In hindsight nothing was to come: his ten low against her seven low loses, equity 0;
    # 27.6 points short of the price: costly, and it cost (40/145 - 0) x 145 = the 40 he paid.
    assert call.hindsight.equity == 0 and call.hindsight.error == 0
    assert call.hindsight.verdict == "costly" and call.hindsight.cost == 40
    # As he could weigh it: her down cards drawn from those he had not seen, her first two eights
    # or lower since she bet (a quarter of the 3,000 deals): about 37 %, the error stated (under
    # two points). Against the hands she was likely to hold, the price was right: sound.
    assert 0 < call.now.error < 0.02 and 0.3 < call.now.equity < 0.45
    assert call.now.verdict == "sound" and call.now.cost == 0
    assert decisions[1].now.verdict == "sound" and decisions[1].now.cost == 0  # a check costs nothing
    # On 3rd street, two opponents were in: Voahangy's 6 and Tiana's king showing.
    assert decisions[0].opponents_up == [["6d"], ["Kd"]] and decisions[0].to_call == 10


def test_a_folded_opponents_down_cards_stay_hidden(client, razz_hand):
    table, hery, _, tiana = razz_hand
    decisions = hery_decisions(table, hery)
    cards = {c for d in decisions for c in (*d.hole, *d.up, *(c for up in d.opponents_up for c in up))}
    assert "Kd" in cards and not {"Qh", "Qd"} & cards  # Tiana's king showed, her queens never did
    client.force_login(hery)
    replay = client.get(reverse("poker:hand_replay", args=[table.pk, 1])).content.decode()
    assert "Revoir mes décisions" in replay
    page = client.get(reverse("poker:hand_review", args=[table.pk, 1])).content.decode()
    assert page.count('class="card coach-decision') == 6
    assert "7e rue · suivre" in page and "vos cartes cachées" in page and "Avec le recul" in page
    assert "cela a coûté 40 jetons en moyenne" in page
    assert "Q♥" not in page and "Q♦" not in page and "K♦" in page
    # Tiana reviews her own hand: her queens, her only decision (the bring-in is forced).
    client.force_login(tiana)
    page = client.get(reverse("poker:hand_review", args=[table.pk, 1])).content.decode()
    assert "Q♥" in page and page.count('class="card coach-decision') == 1
