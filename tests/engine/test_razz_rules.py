"""docs/rules.md, "Razz": one test per rule, with the cards dealt spelled out.

Players are 0..n-1 clockwise, player 0 the first seat left of the dealer. ``deal`` builds the deck
with ``deck_for``: each player gets the cards written for him, in dealing order (down, down, up,
up, up, up, down); cards not written are filled from the unused cards (2c 2d 2h ... in order).
"""

from __future__ import annotations

import json

import pytest

from poker.engine import Action, IllegalAction, Pot, Razz, RazzHand, full_deck, parse_cards, visible_events
from poker.engine import events as ev
from poker.engine.razz import BRING_IN_EVENT, COMPLETE, RESHUFFLE, UP_CARDS, deck_for


def deal(stacks, cards=(), ante=5, bring_in=10, burns=(), dealt=None):
    cards = list(cards) + [""] * (len(stacks) - len(cards))
    return Razz(ante, bring_in).start_hand(stacks, deck_for(cards, burns, dealt))


def play(hand, *moves):
    """Moves: "bring_in", "fold", "check", "call", or an int: complete, bet or raise to that total."""
    produced = []
    for move in moves:
        action = Action.raise_to(move) if isinstance(move, int) else getattr(Action, move)()
        produced += hand.act(action)
    return produced


def of_type(hand, kind):
    return [event for event in hand.events if event["type"] == kind]


def options(hand):
    la = hand.legal_actions()
    return {
        "bring_in": la.bring_in,
        "fold": la.can_fold,
        "check": la.can_check,
        "call": la.call_amount if la.can_call else None,
        "raise": (la.min_raise_to, la.max_raise_to),
    }


def check_round(hand):
    street = hand.street
    while hand.actor is not None and hand.street == street:
        hand.act(Action.check())


def cards(text):
    return parse_cards(text)


# -- Players, antes, dealing ---------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 9])
def test_two_to_eight_players(count):
    with pytest.raises(ValueError, match="2 to 8 players"):
        Razz(5, 10).start_hand([1000] * count)
    for ok in (2, 8):
        assert Razz(5, 10).start_hand([1000] * ok).actor is not None


def test_every_player_posts_an_ante_and_a_short_stack_posts_it_all_in():
    hand = deal([1000, 3, 1000])
    assert [(e["player"], e["amount"], e["all_in"]) for e in of_type(hand, ev.ANTE)] == [
        (0, 5, False),
        (1, 3, True),
        (2, 5, False),
    ]
    assert hand.pots == [Pot(9, (0, 1, 2)), Pot(4, (0, 2))]  # he can win 3 from each player
    assert hand.stacks == [995, 0, 995]


def test_third_street_two_cards_down_and_one_up_dealt_one_at_a_time_from_the_dealers_left():
    deck = full_deck()
    hand = Razz(5, 10).start_hand([1000] * 3, deck)
    # One card at a time: player 0 gets the 1st, 4th and 7th card, the 7th face up.
    assert hand.hole_cards == [
        [deck[0], deck[3], deck[6]],
        [deck[1], deck[4], deck[7]],
        [deck[2], deck[5], deck[8]],
    ]
    assert hand.up_cards == [[deck[6]], [deck[7]], [deck[8]]]
    assert hand.board == []


def test_down_cards_are_private_and_up_cards_public():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    downs = of_type(hand, ev.HOLE_CARDS)
    assert downs[0] == {
        "type": "hole_cards",
        "player": 0,
        "street": "third",
        "cards": ["2c", "3c"],
        "private": True,
    }
    ups = of_type(hand, UP_CARDS)
    assert ups[0] == {"type": "up_cards", "player": 0, "street": "third", "cards": ["Kd"]}
    seen_by_1 = visible_events(hand.events, 1)
    assert [e["player"] for e in seen_by_1 if e["type"] == ev.HOLE_CARDS] == [1]
    assert [e["player"] for e in seen_by_1 if e["type"] == UP_CARDS] == [0, 1, 2]
    assert not any(e["type"] == ev.HOLE_CARDS for e in visible_events(hand.events, None))


def test_fourth_to_sixth_street_one_card_up_seventh_street_one_card_down_each_after_a_burn():
    holes = ["2c 3c Kd 4h 5h 6h 7h", "Ac As Qd 8s 9s Ts Js"]
    hand = deal([1000, 1000], holes, burns="2s 3s 4s 5s")
    play(hand, "bring_in", "call")  # player 0 shows the king: he brings in, player 1 calls
    for _ in range(4):
        check_round(hand)
    assert hand.is_over
    assert hand.hole_cards == [cards(holes[0]), cards(holes[1])]
    assert hand.up_cards == [cards("Kd 4h 5h 6h"), cards("Qd 8s 9s Ts")]
    assert [e["street"] for e in of_type(hand, ev.BURN)] == ["fourth", "fifth", "sixth", "seventh"]
    sevenths = [e for e in of_type(hand, ev.HOLE_CARDS) if e["street"] == "seventh"]
    assert sevenths == [
        {"type": "hole_cards", "player": 0, "street": "seventh", "cards": ["7h"], "private": True},
        {"type": "hole_cards", "player": 1, "street": "seventh", "cards": ["Js"], "private": True},
    ]


def test_no_burn_before_third_street_and_one_before_each_later_street():
    deck = deck_for(["2c 3c Kd 4h", "Ac As Qd 8s"], burns="9d")
    assert deck[6] == cards("9d")[0]  # 3rd street takes 6 cards, then the burn, then 4th street
    hand = Razz(5, 10).start_hand([1000, 1000], deck)
    play(hand, "bring_in", "call")
    assert hand.up_cards == [cards("Kd 4h"), cards("Qd 8s")]


# -- The bring-in ----------------------------------------------------------------------------------


def test_the_highest_up_card_brings_in():
    hand = deal([1000] * 3, ["2c 3c 9d", "4c 5c Kh", "7c 8c Qd"])
    assert hand.actor == 1
    assert options(hand) == {"bring_in": 10, "fold": False, "check": False, "call": None, "raise": (20, 20)}


def test_the_king_is_highest_and_the_ace_lowest_for_the_bring_in():
    hand = deal([1000] * 3, ["2c 3c Ad", "4c 5c 2h", "7c 8c 3d"])
    assert hand.actor == 2  # the three; the ace is the lowest card
    hand = deal([1000] * 2, ["2c 3c Kd", "4c 5c Ah"])
    assert hand.actor == 0


@pytest.mark.parametrize(
    ("ups", "brings_in"),
    [
        (["Kh", "Ks"], 1),  # spades > hearts
        (["Kh", "Kd"], 0),  # hearts > diamonds
        (["Kc", "Kd"], 1),  # diamonds > clubs
        (["Ks", "Kc", "Kh"], 0),
    ],
)
def test_equal_up_cards_the_highest_suit_brings_in(ups, brings_in):
    downs = ["2c 3c", "4c 5c", "6c 7c"]
    hand = deal([1000] * len(ups), [f"{downs[i]} {up}" for i, up in enumerate(ups)])
    assert hand.actor == brings_in


def test_the_bring_in_player_must_bring_in_or_complete_and_cannot_fold_before():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    before = hand.to_dict()
    for action in (Action.fold(), Action.check(), Action.call()):
        with pytest.raises(IllegalAction, match="must bring in or complete"):
            hand.act(action)
    with pytest.raises(IllegalAction, match="fixed limit"):
        hand.act(Action.raise_to(15))
    assert hand.to_dict() == before
    assert play(hand, "bring_in") == [{"type": BRING_IN_EVENT, "player": 0, "amount": 10, "all_in": False}]
    assert hand.actor == 1
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 10, "raise": (20, 20)}
    with pytest.raises(IllegalAction, match="bring-in has been posted"):
        hand.act(Action.bring_in())


def test_the_bring_in_is_not_a_bet_when_everybody_calls_it_the_round_is_over():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in", "call", "call")
    assert hand.street_name == "fourth"
    assert hand.pots == [Pot(45, (0, 1, 2))]


def test_when_everybody_folds_to_the_bring_in_he_wins_the_antes():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in", "fold", "fold")
    assert hand.is_over
    assert hand.stacks == [1010, 995, 995]
    assert of_type(hand, ev.UNCALLED_BET_RETURNED) == [
        {"type": "uncalled_bet_returned", "player": 0, "amount": 10}
    ]


def test_the_bring_in_player_may_complete_to_the_small_bet():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    assert play(hand, 20) == [{"type": COMPLETE, "player": 0, "amount": 20, "total": 20, "all_in": False}]
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 20, "raise": (40, 40)}


def test_after_the_bring_in_the_next_players_may_complete_and_the_bring_in_may_raise_it():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    events = play(hand, "bring_in", 20)
    assert events[-1] == {"type": COMPLETE, "player": 1, "amount": 20, "total": 20, "all_in": False}
    play(hand, "call")
    assert hand.actor == 0
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 10, "raise": (40, 40)}
    raised = play(hand, 40)
    assert raised == [{"type": ev.RAISE, "player": 0, "amount": 30, "total": 40, "by": 20, "all_in": False}]


def test_the_bring_in_passes_to_the_next_player_with_chips_when_the_highest_card_is_all_in():
    hand = deal([5, 1000, 1000], ["2c 3c Kd", "4c 5c 3d", "7c 8c Qd"])  # player 0 all-in from his ante
    assert hand.actor == 1
    assert hand.legal_actions().bring_in == 10


def test_a_bring_in_bigger_than_the_stack_is_posted_all_in_and_the_others_call_what_was_posted():
    hand = deal([11, 1000, 1000], ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    assert options(hand) == {
        "bring_in": 6,
        "fold": False,
        "check": False,
        "call": None,
        "raise": (None, None),
    }
    play(hand, "bring_in")
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 6, "raise": (20, 20)}


# -- Fixed limit and the cap -----------------------------------------------------------------------


def test_fixed_limit_small_bet_on_third_and_fourth_street_big_bet_from_fifth():
    hand = deal([1000] * 2, ["2c 3c Kd 4h 5h", "Ac As Qd Kh 9s"])
    play(hand, "bring_in", 20, "call")
    assert hand.street_name == "fourth" and hand.actor == 0  # K-4 shows better than K-Q
    assert options(hand)["raise"] == (20, 20)
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="fixed limit: player 0 may bet only to 20, not to 40"):
        hand.act(Action.bet(40))
    assert hand.to_dict() == before
    play(hand, 20)
    assert options(hand)["raise"] == (40, 40)
    play(hand, "call")
    assert hand.street_name == "fifth"
    assert options(hand)["raise"] == (40, 40)
    play(hand, 40)
    assert options(hand)["raise"] == (80, 80)


def test_the_cap_is_four_bets_a_round_the_completion_and_three_raises():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in", 20, 40, 60)  # completion, raise, raise
    assert options(hand)["raise"] == (80, 80)
    play(hand, 80)  # player 1: the fourth bet
    assert hand.actor == 2
    assert options(hand) == {
        "bring_in": None,
        "fold": True,
        "check": False,
        "call": 40,
        "raise": (None, None),
    }
    with pytest.raises(IllegalAction, match="capped at 4 bets"):
        hand.act(Action.raise_to(100))
    play(hand, "call", "call")
    assert hand.street_name == "fourth" and hand.raises == 0
    assert hand.pots == [Pot(255, (0, 1, 2))]


def test_the_cap_counts_the_opening_bet_on_later_streets():
    hand = deal([1000] * 2, ["2c 3c Kd 4h", "Ac As Qd 8s"])
    play(hand, "bring_in", "call")
    play(hand, 20, 40, 60, 80)
    assert options(hand)["raise"] == (None, None)


def test_a_short_stack_raises_all_in_for_less():
    hand = deal([1000, 30, 1000], ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in")
    assert options(hand)["raise"] == (20, 20)
    play(hand, 20)
    play(hand, "call")
    assert options(hand)["raise"] == (40, 40)
    play(hand, 40)
    assert hand.actor == 1
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 5, "raise": (None, None)}


# -- Short all-ins in fixed limit (TDA rule 47B): half a bet reopens the betting ----------------------
# Bring-in 10, small bet 20: half a bet is 10 on 3rd and 4th street, 20 (half the big bet) from 5th.
# Player 0 shows the king and brings in, player 1 completes to 20, player 2 goes all-in for less.

THREE = ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"]


def call_or_fold_only(hand, call):
    return {"bring_in": None, "fold": True, "check": False, "call": call, "raise": (None, None)}


def test_47b_an_all_in_raising_a_player_by_less_than_half_a_bet_does_not_reopen_the_betting_for_him():
    hand = deal([1000, 1000, 34], THREE)  # player 2: 29 after his ante
    play(hand, "bring_in", 20, 29)  # all-in to 29: 9 more than the completion, less than half of 20
    assert options(hand)["raise"] == (49, 49)  # the bring-in has not acted since the completion
    play(hand, "call")
    assert hand.actor == 1  # he completed and faces 9 more
    assert options(hand) == call_or_fold_only(hand, 9)
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(Action.raise_to(49))
    assert hand.to_dict() == before  # refused, nothing changed
    play(hand, "call")
    assert hand.street_name == "fourth"


def test_47b_an_all_in_raising_a_player_by_exactly_half_a_bet_reopens_the_betting_for_him():
    hand = deal([1000, 1000, 35], THREE)  # player 2: 30 after his ante
    play(hand, "bring_in", 20, 30, "call")  # all-in to 30: 10 more, half a small bet
    assert hand.actor == 1
    assert options(hand)["raise"] == (50, 50)  # a full bet over the all-in
    raised = play(hand, 50)
    assert raised[0] == {"type": ev.RAISE, "player": 1, "amount": 30, "total": 50, "by": 20, "all_in": False}
    assert hand.actor == 0


def test_47b_an_all_in_raising_a_player_by_more_than_half_a_bet_reopens_the_betting_for_him():
    hand = deal([1000, 1000, 40], THREE)  # player 2: 35 after his ante
    play(hand, "bring_in", 20, 35, "call")  # 15 more
    assert hand.actor == 1
    assert options(hand)["raise"] == (55, 55)


def test_47b_from_fifth_street_half_a_bet_is_half_the_big_bet():
    # Player 0 shows 2-3-4 on 5th street and bets first; player 2 is all-in for 15, then for 20, more.
    cards = ["Ac 2c 2d 3d 4d", "Kc Qc Kh Qh Jh", "Jc Tc Ks Qs Js"]
    for stack, raised, reopened in ((70, 15, False), (75, 20, True)):
        hand = deal([1000, 1000, stack], cards)
        play(hand, "bring_in", "call", "call")  # 3rd street: 10 each
        play(hand, "check", "check", "check")  # 4th street
        assert hand.street_name == "fifth" and hand.actor == 0
        play(hand, 40, "call", 40 + raised, "call")  # player 2 all-in, 40 + raised
        assert hand.actor == 1
        assert options(hand)["raise"] == ((80 + raised, 80 + raised) if reopened else (None, None))


def test_47b_two_short_all_ins_that_add_up_to_half_a_bet_reopen_the_betting():
    # Player 1 completes to 20; player 2 is all-in to 26 (6 more); player 3 calls 26; player 4 is
    # all-in to 31 (5 more). Each all-in alone is below half a bet.
    cards = [*THREE, "Tc Jc Qh", "As 2s 3s"]
    hand = deal([1000, 1000, 31, 1000, 36], cards)
    play(hand, "bring_in", 20, 26, "call", 31, "call")  # player 0, the bring-in, calls 31
    assert hand.actor == 1  # he completed to 20 and faces 11 more: 6 + 5, reopened
    assert options(hand)["raise"] == (51, 51)
    play(hand, "call")
    assert hand.actor == 3  # he called 26 and faces only the second all-in, 5 more
    assert options(hand) == call_or_fold_only(hand, 5)
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(Action.raise_to(51))


def test_an_all_in_completion_for_less_leaves_the_completion_open():
    hand = deal([1000, 20, 1000], ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in", 15)  # player 1: 15 all-in, less than the small bet
    assert of_type(hand, COMPLETE)[-1]["all_in"]
    assert options(hand) == {"bring_in": None, "fold": True, "check": False, "call": 15, "raise": (20, 20)}
    play(hand, "call")
    assert hand.actor == 0
    assert options(hand)["raise"] == (20, 20)  # the bring-in may still complete


def test_a_player_may_not_fold_when_he_can_check():
    hand = deal([1000] * 2, ["2c 3c Kd 4h", "Ac As Qd 8s"])
    play(hand, "bring_in", "call")
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="may not fold"):
        hand.act(Action.fold())
    assert hand.to_dict() == before


# -- Acting order from 4th street -----------------------------------------------------------------


def test_from_fourth_street_the_best_showing_low_acts_first():
    hand = deal([1000] * 3, ["2c 3c Kd 2h", "4c 5c 9d 5h", "7c 8c Qd 3h"])  # K-2, 9-5, Q-3 showing
    play(hand, "bring_in", "call", "call")
    assert hand.actor == 1  # 9-5 is the best low showing


def test_a_pair_showing_is_worse_than_no_pair():
    hand = deal([1000] * 3, ["2c 3c 4d 4h", "4c 5c Kd Qh", "7c 8c 9d Jh"])  # 4-4, K-Q, J-9
    play(hand, "bring_in", "call", "call")  # player 1 shows the king: he brought in
    assert hand.actor == 2  # J-9 beats K-Q, and any pair
    check_round(hand)
    assert hand.street_name == "fifth"


def test_equal_showing_lows_the_lowest_seat_acts_first():
    hand = deal([1000] * 3, ["2c 3c Kd 2h", "4c 5c 8d 5h", "7c 9c 8s 5d"])  # K-2, 8-5, 8-5
    play(hand, "bring_in", "call", "call")
    assert hand.actor == 1


def test_when_the_best_showing_hand_is_all_in_the_next_player_acts_first():
    hand = deal([1000, 15, 1000], ["2c 3c Kd 2h", "4c 5c 8d 3h", "7c 9c Qs Jd"])
    play(hand, "bring_in", "call", "call")  # player 1: all-in calling the bring-in
    assert hand.street_name == "fourth"
    assert hand.actor == 2  # 8-3 is best but all-in: the next player clockwise


# -- The deck runs out -----------------------------------------------------------------------------


def eight_to_seventh(burns="As Ah Ad", stacks=None):
    """Eight players who all call the bring-in and check to the end (explicit deck)."""
    holes = [f"{r}c {r}d {r}h" for r in "23456789"]  # player 7 shows the nine: he brings in
    deck = deck_for(holes, burns, dealt=[6] * 8)
    hand = Razz(1, 2).start_hand(stacks or [100] * 8, deck)
    play(hand, "bring_in", *["call"] * 7)
    for _ in range(3):
        check_round(hand)
    return hand, deck


def test_with_eight_players_on_seventh_street_the_card_is_one_community_card():
    hand, _ = eight_to_seventh()
    assert hand.street_name == "seventh"
    # 51 cards dealt and burned; the last one is burned; the burned cards come back in order.
    board = of_type(hand, ev.BOARD)
    assert board == [{"type": "board", "street": "seventh", "cards": ["As"], "board": ["As"]}]
    assert hand.board == cards("As")
    assert [len(c) for c in hand.hole_cards] == [6] * 8
    assert of_type(hand, RESHUFFLE) == [{"type": RESHUFFLE, "street": "seventh", "count": 4}]
    check_round(hand)
    assert hand.is_over  # everybody plays the ace: player 0 wins with the lowest pair, 2-2-A-T-Q
    assert [e["winners"] for e in of_type(hand, ev.POT_AWARDED)] == [[0]]
    assert of_type(hand, ev.SHOW)[0]["hand"]["category"] == "pair"


def test_with_seven_players_on_seventh_street_everybody_gets_his_card():
    holes = [f"{r}c {r}d {r}h" for r in "2345678"]
    deck = deck_for(holes, "As Ah Ad", dealt=[6] * 7)  # 45 cards, then 7 left for 7th street
    hand = Razz(1, 2).start_hand([100] * 7, deck)
    play(hand, "bring_in", *["call"] * 6)
    for _ in range(3):
        check_round(hand)
    assert hand.board == []
    assert [len(c) for c in hand.hole_cards] == [7] * 7
    # Burn one of the 7, six for players 0-5; player 6's card comes from the burned cards put back.
    assert [c[6] for c in hand.hole_cards[:6]] == deck[46:52]
    assert hand.hole_cards[6][6] == cards("As")[0]


def test_when_the_deck_runs_out_the_burned_and_folded_cards_are_put_back():
    holes = ["Kc Kd Kh"] + [f"{r}c {r}d {r}h" for r in "2345678"]  # player 0 shows the king
    deck = deck_for(holes, "As Ah Ad", dealt=[6] * 7 + [3])  # player 7 folds on 3rd street
    hand = Razz(1, 2).start_hand([100] * 8, deck)
    play(hand, "bring_in", *["call"] * 6, "fold")
    for _ in range(3):
        check_round(hand)
    assert hand.street_name == "seventh" and hand.board == []
    # 4 cards left: one burned, three for players 0-2; then the burned cards (in the order they were
    # burned) and player 7's folded cards come back for players 3-6.
    assert [c[6] for c in hand.hole_cards[:3]] == deck[49:52]
    assert [c[6] for c in hand.hole_cards[3:7]] == [*cards("As Ah Ad"), deck[48]]
    assert of_type(hand, RESHUFFLE) == [{"type": RESHUFFLE, "street": "seventh", "count": 7}]
    assert hand.deck == cards("8c 8d 8h")


def test_a_hand_dealt_from_a_shuffled_deck_puts_the_cards_back_in_an_order_drawn_at_the_deal():
    hand = Razz(1, 2).start_hand([100] * 8)
    assert sorted(hand.reshuffle_keys) == list(range(52))
    assert hand.reshuffle_keys != list(range(52))  # one chance in 52! to fail
    assert Razz(1, 2).start_hand([100] * 8, full_deck()).reshuffle_keys is None


# -- Showdown --------------------------------------------------------------------------------------


def showdown(holes, stacks=None):
    hand = deal(stacks or [1000] * len(holes), holes)
    play(hand, "bring_in", *["call"] * (len(holes) - 1))
    for _ in range(4):
        check_round(hand)
    assert hand.is_over
    return hand


def test_the_wheel_beats_everything():
    hand = showdown(["Ac 2d 3h Kc 4s 5c Kd", "Ad 2c 3s Qh 4d 6h 7h"])
    assert hand.stacks == [1015, 985]
    award = of_type(hand, ev.POT_AWARDED)[0]
    assert award["winners"] == [0]
    assert award["hand"] == {
        "category": "high_card",
        "en": "Five low, 5-4-3-2-A",
        "fr": "5 bas, 5-4-3-2-A",
        "phrase": {"en": "a five low, 5-4-3-2-A", "fr": "un 5 bas, 5-4-3-2-A"},
    }


def test_straights_and_flushes_do_not_count():
    hand = showdown(["Ac 2c 3c Kc 4c 5c Kd", "Ad 2h 3s Qh 4d 6h Qd"])  # a straight flush is the wheel
    assert hand.stacks == [1015, 985]


def test_a_pair_loses_to_no_pair():
    hand = showdown(["Kc Qc Jd 9h Td Kd Qd", "Ac Ad 2c Qh 2d 3c 3d"])  # K-Q-J-T-9 vs A-A-2-3-Q
    assert hand.stacks == [1015, 985]
    shown = {e["player"]: e["hand"] for e in of_type(hand, ev.SHOW)}
    assert shown[1]["category"] == "pair"


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("Ac 2c 5d 6h 7s", "2d 4h 6d 7c 8s"),  # the source: A-2-5-6-7 beats 2-4-6-7-8 (seven vs eight)
        ("2c 3d 4h 5s 8c", "3c 4d 6h 7d 8d"),  # the source: 2-3-4-5-8 beats 3-4-6-7-8 (then five vs seven)
    ],
)
def test_lows_compare_from_the_highest_card_down(winner, loser):
    w, lo = winner.split(), loser.split()
    # Seven cards each: the two extra cards pair the hand's own cards, so the five above play.
    hand = showdown(
        [
            " ".join([w[0], w[1], "Kd", w[2], w[3], w[4], w[0][0] + "h"]),
            " ".join([lo[0], lo[1], "Ks", *lo[2:], "Qs"]),
        ]
    )
    assert hand.stacks[0] > hand.stacks[1]


def test_the_best_five_of_seven_cards_play():
    # The source: A-5-6-J-T-9-T makes A-5-6-9-T.
    hand = showdown(["Ac 5d Kd 6h Jc 9s Tc", "2c 3c Ks Jd Td Js 8d"])
    shown = {e["player"]: e["hand"]["en"] for e in of_type(hand, ev.SHOW)}
    assert shown[0] == "Ten low, 10-9-6-5-A"


def test_equal_hands_split_the_pot_odd_chips_one_each_in_seat_order_from_the_dealers_left():
    holes = ["Ac 2c 3c 4c 6c Kc Kd", "Ad 2d 3d 4d 6d Qc Qd", "Ah 2h 3h 4h 6h Jc Jd", "Th Td Ks Kh Qh Qs Js"]
    hand = deal([1000] * 4, holes, ante=1)
    play(hand, "bring_in", "call", "call", "call")
    for _ in range(4):
        check_round(hand)
    award = of_type(hand, ev.POT_AWARDED)[0]
    assert award["winners"] == [0, 1, 2] and award["shares"] == [15, 15, 14]  # 44 chips
    assert hand.stacks == [1004, 1004, 1003, 989]


def test_side_pots_an_all_in_player_wins_from_each_other_at_most_what_he_put_in():
    holes = ["Ac 2c Kc 3c 4c 5c Kd", "Ad 2d Qh 3d 4d 6d Qd", "9h 9d Jc Th Jd Ts Js"]
    hand = deal([25, 1000, 1000], holes)  # player 0 has the wheel and 20 after his ante
    play(hand, "bring_in", 20, "call")  # player 0 brings in, 1 completes, 2 calls
    assert hand.actor == 0
    play(hand, "call")  # all-in for 20
    play(hand, 20, "call")  # 4th street: player 2 (J-T showing) bets, player 1 calls
    for _ in range(3):
        check_round(hand)
    awards = of_type(hand, ev.POT_AWARDED)
    assert [(a["amount"], a["players"], a["winners"]) for a in awards] == [
        (75, [0, 1, 2], [0]),
        (40, [1, 2], [1]),
    ]
    assert hand.stacks == [75, 995, 955]


# -- State, events, bad input ----------------------------------------------------------------------


def test_chips_are_never_created_or_lost():
    hand = deal([300, 45, 1000, 80], ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d", "Tc Jc 5s"])
    total = sum(hand.starting_stacks)
    for k in range(200):
        if hand.actor is None:
            break
        la = hand.legal_actions()
        if la.min_raise_to is not None and k % 3 == 0:
            hand.act(Action.raise_to(la.min_raise_to))
        elif la.bring_in is not None:
            hand.act(Action.bring_in())
        else:
            hand.act(Action.check() if la.can_check else Action.call())
        assert hand.total_chips == total
    assert hand.is_over
    assert sum(hand.stacks) == total


def test_events_and_state_are_json_and_the_state_plays_on_after_a_round_trip():
    hand = deal([1000] * 3, ["2c 3c Kd", "4c 5c 6d", "7c 8c 9d"])
    play(hand, "bring_in", 20, "call", "call")
    copy = RazzHand.from_dict(json.loads(json.dumps(hand.to_dict())))
    assert copy.to_dict() == hand.to_dict()
    for h in (hand, copy):
        play(h, 20, "call", "call")
        while h.actor is not None:
            h.act(Action.check())
    assert copy.to_dict() == hand.to_dict()
    assert json.loads(json.dumps(hand.events)) == hand.events


def test_nobody_acts_after_the_hand_is_over():
    hand = deal([1000] * 2, ["2c 3c Kd", "4c 5c 6d"])
    play(hand, "bring_in", "fold")
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.act(Action.check())
    assert hand.legal_actions().min_raise_to is None


def test_an_action_out_of_turn_is_refused():
    hand = deal([1000] * 2, ["2c 3c Kd", "4c 5c 6d"])
    with pytest.raises(IllegalAction, match="player 0's turn, not player 1's"):
        hand.act(Action.bring_in(), player=1)


@pytest.mark.parametrize(
    ("stakes", "message"),
    [
        ((-1, 10), "ante must be"),
        ((5, 0), "bring-in must be positive"),
        ((5, 10, 25, 50), "small bet must be twice the bring-in"),
        ((5, 10, 20, 60), "big bet must be twice the small bet"),
        ((5, 2.5), "bring_in must be a whole number"),
    ],
)
def test_bad_stakes_raise_value_error(stakes, message):
    with pytest.raises(ValueError, match=message):
        Razz(*stakes)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [([1000, 0], "must be positive"), ([1000, 10.5], "whole number"), ([1000, True], "whole number")],
)
def test_bad_stacks_raise_value_error(stacks, message):
    with pytest.raises(ValueError, match=message):
        Razz(5, 10).start_hand(stacks)


def test_bad_deck_raises_value_error_naming_the_cards():
    deck = full_deck()
    deck[1] = deck[0]
    with pytest.raises(ValueError, match="repeated cards: 2c"):
        Razz(5, 10).start_hand([1000, 1000], deck)


def test_from_dict_rejects_what_is_not_a_stored_razz_hand():
    hand = deal([1000] * 2)
    with pytest.raises(ValueError, match="not a stored Razz hand"):
        RazzHand.from_dict({"game": "no_limit_holdem", "version": 1})
    data = hand.to_dict()
    data["stacks"][0] += 1
    with pytest.raises(ValueError, match="chips do not add up"):
        RazzHand.from_dict(data)
    del data["deck"]
    with pytest.raises(ValueError, match="no 'deck'"):
        RazzHand.from_dict(data)


def test_the_example_in_the_module_docs_plays():
    import doctest

    from poker.engine import razz

    assert doctest.testmod(razz).failed == 0
