"""The coach ("Revoir mes décisions"): a player's own Hold'em hand, decision by decision, with a
hand worked out by hand; only his own hands, and never a card he was not shown."""

from __future__ import annotations

import pytest
from django.urls import reverse

from poker import services
from poker.engine.strategy.coach import review
from poker.models import Hand, Table
from poker.pages.downloads import seen_by

from .helpers import act, fire_until_next_hand, stack_decks

pytestmark = pytest.mark.django_db

# Hand 1: Hery (seat 1, the button and small blind) holds A♠ K♣, Voahangy (big blind) 9♥ 8♥.
# Hand 2: the button moves to Voahangy; Hery holds Q♠ Q♦ and folds them on the river: never shown.
HAND_1 = {"hole_cards": ["As Kc", "9h 8h"], "board": "Ah 7h 2c 3s Kd"}
HAND_2 = {"hole_cards": ["Qs Qd", "5c 4c"], "board": "Kh 9s 2d 7c Jh"}


@pytest.fixture
def two_hands(players, monkeypatch):
    stack_decks(monkeypatch, HAND_1, HAND_2, button=1)
    hery, voahangy = players[:2]
    table = services.table_open(name="Coach", kind=Table.Kind.TOURNAMENT)
    services.table_seat_player(table=table, user=hery, stack=2000, seat=1)
    services.table_seat_player(table=table, user=voahangy, stack=2000, seat=2)
    services.table_start(table=table)
    # Hand 1: a limp and a check; on the flop and the turn Voahangy calls Hery's bets with her
    # flush draw; both check the river and show.
    act(table, hery, "call")
    act(table, voahangy, "check")
    act(table, voahangy, "check")
    act(table, hery, "bet", 40)
    act(table, voahangy, "call")
    act(table, voahangy, "check")
    act(table, hery, "bet", 120)
    act(table, voahangy, "call")
    act(table, voahangy, "check")
    act(table, hery, "check")
    fire_until_next_hand(table)
    # Hand 2: Voahangy raises, Hery calls; Hery folds his queens to her river bet.
    act(table, voahangy, "raise", 60)
    act(table, hery, "call")
    act(table, hery, "check")
    act(table, voahangy, "bet", 60)
    act(table, hery, "call")
    act(table, hery, "check")
    act(table, voahangy, "check")
    act(table, hery, "check")
    act(table, voahangy, "bet", 200)
    act(table, hery, "fold")
    fire_until_next_hand(table)
    return table, hery, voahangy


def test_the_turn_call_worked_out_by_hand(two_hands):
    table, _, voahangy = two_hands
    hand = Hand.objects.get(table=table, number=1)
    events = seen_by(hand, hand.events.order_by("seq").values_list("payload", flat=True), voahangy.pk)
    decisions = review(events, hand.player_of(voahangy.pk))
    assert [(d.street, d.action) for d in decisions] == [
        ("preflop", "check"),
        ("flop", "check"),
        ("flop", "call"),
        ("turn", "check"),
        ("turn", "call"),
        ("river", "check"),
    ]
    turn = decisions[4]
    # The pot before her call: 40 before the flop, 40 + 40 on the flop, then Hery's 120: 240.
    # She pays 120 to win 360: she needs 120 / 360 = a third.
    assert (turn.pot, turn.to_call, turn.needed) == (240, 120, pytest.approx(1 / 3))
    assert turn.hole == ["9h", "8h"] and turn.board == ["Ah", "7h", "2c", "3s"]
    # In hindsight, against A♠ K♣: only a heart wins (13 - 4 seen = 9 of the 44 unseen cards).
    assert turn.hindsight.equity == pytest.approx(9 / 44)
    # 9/44 is 12.9 points short of a third: costly, (1/3 - 9/44) x 360 = 46.4 chips on average.
    assert turn.hindsight.verdict == "costly" and turn.hindsight.cost == 46
    # What she knew then: a flush draw against the range Hery's bets imply, about a fifth.
    assert 0.1 < turn.now.equity < 0.3 and turn.now.verdict in ("costly", "doubtful")
    assert turn.now.error < 0.01
    assert decisions[1].now.verdict == "sound" and decisions[1].now.cost == 0  # a check costs nothing


def test_her_review_page_shows_each_decision_with_equity_and_verdict(client, two_hands):
    table, _, voahangy = two_hands
    client.force_login(voahangy)
    replay = client.get(reverse("poker:hand_replay", args=[table.pk, 1])).content.decode()
    assert "Revoir mes décisions" in replay
    page = client.get(reverse("poker:hand_review", args=[table.pk, 1])).content.decode()
    assert page.count('class="card coach-decision') == 6
    assert "équité nécessaire 33\u202f%" in page
    assert "Avec le recul" in page and "équité 20\u202f%" in page and "coûteux" in page
    assert "cela a coûté 46 jetons en moyenne" in page


def test_the_coach_never_shows_a_card_that_was_not_shown(client, two_hands):
    table, hery, voahangy = two_hands
    client.force_login(voahangy)
    page = client.get(reverse("poker:hand_review", args=[table.pk, 2])).content.decode()
    assert "coach-decision" in page
    assert "Q♠" not in page and "Q♦" not in page  # Hery folded his queens: never shown
    assert "Avec le recul" not in page  # nothing was shown to weigh her decisions against
    # Hery sees his own review, with his queens.
    client.force_login(hery)
    assert "Q♠" in client.get(reverse("poker:hand_review", args=[table.pk, 2])).content.decode()


def test_a_player_sees_the_coach_for_his_own_hands_only(client, two_hands, players):
    table, _, _ = two_hands
    client.force_login(players[2])  # Tiana did not play
    assert client.get(reverse("poker:hand_review", args=[table.pk, 1])).status_code == 404
    assert (
        "Revoir mes décisions"
        not in client.get(reverse("poker:hand_replay", args=[table.pk, 1])).content.decode()
    )


def test_her_player_page_lists_the_decisions_to_look_at_for_her_alone(client, two_hands, players):
    from tests.factories import MemberFactory

    table, _, voahangy = two_hands
    member = MemberFactory(user=voahangy)
    client.force_login(voahangy)
    page = client.get(reverse("player_detail", args=[member.pk])).content.decode()
    assert "Votre dernière séance\u202f: trois décisions à revoir" in page
    # Her costliest decision, as she could weigh it: the turn call of hand 1 (its 5th decision).
    review_link = reverse("poker:hand_review", args=[table.pk, 1]) + "#decision-5"
    assert f'href="{review_link}"' in page and "Turn · suivre · coûteux" in page
    assert f'href="{reverse("poker:hand_replay", args=[table.pk, 1])}"' in page
    client.force_login(players[2])  # another player on her page: no coach
    assert "décisions à revoir" not in client.get(reverse("player_detail", args=[member.pk])).content.decode()
