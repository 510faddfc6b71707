"""docs/rules.md, "Five-card draw against the dealer": one test per rule, with the cards spelled out.

``play_round`` builds the deck with ``deck_for``: each player and the dealer get the five cards
written for them and the replacements written for them; cards not written are filled from the
unused cards (2c 2d 2h ... in order).
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker.engine import (
    Action,
    DealerDraw,
    DrawRound,
    IllegalAction,
    evaluate_high,
    full_deck,
    parse_cards,
    visible_events,
)
from poker.engine import events as ev
from poker.engine.dealer_draw import (
    DEALER_DRAW,
    DEALER_SHOWS,
    DRAW_EVENT,
    NEW_CARDS,
    RESHUFFLE,
    RESULT,
    dealer_discards,
    deck_for,
    hand_value,
    payout_multiple,
)


def cards(text):
    return parse_cards(text, allow_duplicates=True)


def start(hands, dealer="", draws=(), dealer_draws="", bets=None, decks=1):
    deck = deck_for(hands, dealer, draws, dealer_draws, decks)
    return DealerDraw(decks).start_round(bets or [10] * len(hands), deck)


def play_round(hands, dealer, draws=(), dealer_draws="", thrown=(), bets=None, decks=1):
    """A whole round: player i throws ``thrown[i]`` (default: nothing, he stands pat)."""
    rnd = start(hands, dealer, draws, dealer_draws, bets, decks)
    for i in range(len(hands)):
        text = thrown[i] if i < len(thrown) else ""
        rnd.act(Action("draw", cards=tuple(cards(text))))
    assert rnd.is_over
    return rnd


def of_type(rnd, kind):
    return [event for event in rnd.events if event["type"] == kind]


def value(text):
    return hand_value(cards(text))


# -- Decks, bets, dealing --------------------------------------------------------------------------


@pytest.mark.parametrize("decks", [0, 3, "1", True, 1.0])
def test_one_or_two_decks(decks):
    with pytest.raises(ValueError, match="1 or 2 decks"):
        DealerDraw(decks)


def test_two_decks_deal_identical_cards():
    deck = [card for card in full_deck() for _ in range(2)]  # 2c 2c 2d 2d ...
    rnd = DealerDraw(2).start_round([10], deck)
    assert rnd.hole_cards[0] == cards("2c 2d 2h 2s 3c")
    assert rnd.dealer_cards == cards("2c 2d 2h 2s 3c")
    with pytest.raises(ValueError, match="repeated cards"):
        DealerDraw(1).start_round([10], deck[:52])


@pytest.mark.parametrize(
    ("bets", "message"),
    [
        ([], "1 to 8 players"),
        ([10] * 9, "1 to 8 players"),
        ([10, 0], "bet of player 1 must be a positive whole number"),
        ([10, 2.5], "bet of player 1"),
        ([-5], "bet of player 0"),
    ],
)
def test_every_player_bets_before_the_deal(bets, message):
    with pytest.raises(ValueError, match=message):
        DealerDraw(1).start_round(bets)


def test_the_dealer_deals_one_card_at_a_time_to_the_players_in_seat_order_then_himself_five_times():
    deck = full_deck()
    rnd = DealerDraw(1).start_round([10, 20], deck)
    assert rnd.hole_cards == [deck[0:15:3], deck[1:15:3]]
    assert rnd.dealer_cards == deck[2:15:3]
    assert rnd.actor == 0
    assert rnd.legal_actions().can_draw and rnd.legal_actions().max_draw == 3


def test_replacements_come_off_the_top_in_seat_order_the_dealers_last():
    deck = full_deck()
    rnd = DealerDraw(1).start_round([10, 10], deck)  # 15 cards dealt; the dealer holds 2h 3d 4c 4s 5h
    rnd.act(Action.draw(rnd.hole_cards[0][:2]))
    assert rnd.hole_cards[0][3:] == deck[15:17]  # kept cards first, then the new ones
    rnd.act(Action.draw(rnd.hole_cards[1][:3]))
    assert rnd.hole_cards[1][2:] == deck[17:20]
    # The dealer's pair of fours: he keeps them and draws three, the next cards.
    assert rnd.dealer_cards == [*cards("4c 4s"), *deck[20:23]]


def test_hole_cards_and_new_cards_are_private_the_number_drawn_public():
    rnd = start(["As Ad 7c 4h 2s", "Ks Kd 9c 8h 3s"], "Th Tc 9d 6s 3c", ["Qs Qd"])
    events = rnd.act(Action.draw(cards("7c 4h")))
    assert events[0] == {"type": DRAW_EVENT, "player": 0, "count": 2}
    assert events[1] == {
        "type": NEW_CARDS,
        "player": 0,
        "discarded": ["7c", "4h"],
        "received": ["Qs", "Qd"],
        "cards": ["As", "Ad", "2s", "Qs", "Qd"],
        "private": True,
    }
    assert all(e["private"] for e in of_type(rnd, ev.HOLE_CARDS))
    assert [
        e["player"] for e in visible_events(rnd.events, 1) if e["type"] in (ev.HOLE_CARDS, NEW_CARDS)
    ] == [1]
    assert [e["player"] for e in visible_events(rnd.events, None) if e["type"] == DRAW_EVENT] == [0]


# -- The draw --------------------------------------------------------------------------------------


def test_each_player_may_exchange_up_to_three_cards():
    rnd = start(["As Ad 7c 4h 2s"], "Th Tc 9d 6s 3c")
    before = rnd.to_dict()
    with pytest.raises(IllegalAction, match="at most 3 cards, not 4"):
        rnd.act(Action.draw(cards("Ad 7c 4h 2s")))
    assert rnd.to_dict() == before
    rnd.act(Action.draw(cards("7c 4h 2s")))
    assert rnd.is_over


def test_a_player_draws_only_from_his_own_hand():
    rnd = start(["As Ad 7c 4h 2s", "Ks Kd 9c 8h 3s"], "Th Tc 9d 6s 3c")
    before = rnd.to_dict()
    with pytest.raises(IllegalAction, match="player 0 does not hold Ks"):
        rnd.act(Action.draw(cards("Ks")))
    assert rnd.to_dict() == before


def test_a_player_draws_once_in_seat_order():
    rnd = start(["As Ad 7c 4h 2s", "Ks Kd 9c 8h 3s"], "Th Tc 9d 6s 3c")
    with pytest.raises(IllegalAction, match="player 0's turn to draw, not player 1's"):
        rnd.act(Action.draw(), player=1)
    rnd.act(Action.draw(cards("7c")), player=0)
    before = rnd.to_dict()
    with pytest.raises(IllegalAction, match="player 0 has already drawn"):
        rnd.act(Action.draw(), player=0)
    assert rnd.to_dict() == before
    rnd.act(Action.draw(), player=1)  # standing pat
    with pytest.raises(IllegalAction, match="already drawn"):
        rnd.act(Action.draw(), player=1)
    with pytest.raises(IllegalAction, match="the round is over"):
        rnd.act(Action.draw())


def test_the_only_action_is_a_draw():
    rnd = start(["As Ad 7c 4h 2s"], "Th Tc 9d 6s 3c")
    for action in (Action.fold(), Action.check(), Action.raise_to(20), Action.bring_in()):
        with pytest.raises(IllegalAction, match="not an action of draw against the dealer"):
            rnd.act(action)


def test_with_two_decks_a_player_may_throw_two_identical_cards():
    rnd = start(["As As 7c 4h 2s"], "Th Tc 9d 6s 3c", decks=2)
    with pytest.raises(IllegalAction, match="does not hold 7c that often"):
        rnd.act(Action("draw", cards=tuple(cards("7c 7c"))))
    rnd.act(Action("draw", cards=tuple(cards("As As"))))
    assert rnd.hole_cards[0][:3] == cards("7c 4h 2s")


def test_with_two_decks_action_draw_takes_two_identical_cards():
    rnd = start(["As As 7c 4h 2s"], "Th Tc 9d 6s 3c", decks=2)
    throw = Action.draw("As As")
    assert throw.cards == tuple(cards("As As"))
    assert Action.from_dict(json.loads(json.dumps(throw.to_dict()))) == throw
    with pytest.raises(IllegalAction, match="does not hold 7c that often"):
        rnd.act(Action.draw("7c 7c"))
    rnd.act(throw)
    assert rnd.hole_cards[0][:3] == cards("7c 4h 2s")
    assert rnd.is_over


def test_when_the_deck_runs_out_the_discards_come_back_but_never_to_the_player_who_threw_them():
    deck = full_deck()
    rnd = DealerDraw(1).start_round([10] * 8, deck)  # 45 cards dealt, 7 left
    rnd.act(Action.draw(rnd.hole_cards[0][:3]))
    thrown_0 = deck[0:27:9]
    assert rnd.hole_cards[0][2:] == deck[45:48]
    rnd.act(Action.draw(rnd.hole_cards[1][:3]))
    assert rnd.hole_cards[1][2:] == deck[48:51]
    rnd.act(Action.draw(rnd.hole_cards[2][:3]))  # one card left, then player 0's discards, in order
    assert rnd.hole_cards[2][2:] == [deck[51], *thrown_0[:2]]
    assert of_type(rnd, RESHUFFLE) == [{"type": RESHUFFLE, "count": 6}]
    thrown_2 = cards(" ".join(of_type(rnd, NEW_CARDS)[2]["discarded"]))
    assert not set(thrown_2) & set(rnd.hole_cards[2])


# -- The dealer's house rule ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "thrown"),
    [
        ("6c 7d 8h 9s Tc", ""),  # a straight stands pat
        ("2h 7h 9h Jh Kh", ""),  # a flush
        ("9c 9d 9h 4s 4c", ""),  # a full house
        ("9c 9d 9h 9s 4c", ""),  # four of a kind
        ("5h 6h 7h 8h 9h", ""),  # a straight flush
        ("9c 9d 2h 5s Kc", "2h 5s Kc"),  # a pair: keeps it, draws three
        ("9c 9d 5h 5s Kc", "Kc"),  # two pair: keeps them, draws one
        ("9c 9d 9h 5s Kc", "5s Kc"),  # three of a kind: keeps them, draws two
        ("2h 7h 9h Kh Tc", "Tc"),  # four to a flush: draws one
        ("5h 6h 7h Kh 8c", "8c"),  # four to a flush before four to a straight (5-6-7-8)
        ("5c 6d 7h 8s Kc", "Kc"),  # four to an open-ended straight
        ("2c 3d 4h 5s Kc", "Kc"),  # 2-3-4-5 is open-ended: an ace or a six
        ("Ac 2d 3h 4s 9c", "2d 3h 4s"),  # A-2-3-4 is not: keeps his two highest, ace and nine
        ("Jc Qd Kh As 3c", "Jc 3c Qd"),  # J-Q-K-A is not: keeps ace and king
        ("5c 6d 8h 9s Kc", "5c 6d 8h"),  # an inside straight draw does not count
        ("2c 4d 7h 9s Jc", "2c 4d 7h"),  # nothing: keeps his two highest
    ],
)
def test_the_dealer_draws_by_the_published_house_rule(hand, thrown):
    assert sorted(dealer_discards(cards(hand))) == sorted(cards(thrown))


def test_with_two_decks_the_dealer_keeps_a_pair_of_identical_cards():
    assert sorted(dealer_discards(cards("As As 7c 4h 2s"))) == sorted(cards("7c 4h 2s"))
    assert dealer_discards(cards("As As Ks 9s 4s")) == []  # a flush holding a pair stands pat


def test_the_dealer_draws_last_and_his_final_hand_is_shown():
    rnd = play_round(["As Ad 7c 4h 2s"], "Th Tc 9d 6s 3c", ["Ks Qd Jc"], "8h 5d 4c", ["7c 4h 2s"])
    assert rnd.dealer_cards == cards("Th Tc 8h 5d 4c")
    assert of_type(rnd, DEALER_DRAW) == [{"type": DEALER_DRAW, "count": 3}]
    shows = of_type(rnd, DEALER_SHOWS)
    assert shows == [
        {
            "type": DEALER_SHOWS,
            "cards": ["Th", "Tc", "8h", "5d", "4c"],
            "hand": {
                "category": "pair",
                "en": "Pair of tens",
                "fr": "Paire de dix",
                "phrase": {"en": "a pair of tens", "fr": "une paire de dix"},
            },
        }
    ]


# -- Showdown and the paytable --------------------------------------------------------------------


def test_the_sources_example_a_pair_of_aces_against_the_dealers_pair_of_tens_pays_one_time_the_bet():
    rnd = play_round(["As Ad 7c 4h 2s"], "Th Tc 9d 6s 3c", ["Ks Qd Jc"], "8h 5d 4c", ["7c 4h 2s"])
    assert rnd.results == [10]
    assert of_type(rnd, RESULT) == [
        {"type": RESULT, "player": 0, "bet": 10, "outcome": "win", "multiple": 1, "net": 10}
    ]


def test_the_sources_example_two_pair_against_a_pair_pays_two_times():
    rnd = play_round(["As Ad Ks Kd 2s"], "Th Tc 9d 6s 3c", (), "8h 5d 4c", bets=[25])
    assert rnd.results == [50]


def test_the_sources_example_against_three_of_a_kind_a_straight_pays_one_time():
    rnd = play_round(["6c 7d 8h 9s Tc"], "Th Td Ts 6s 3c", (), "8c 5d", bets=[10])
    assert value(" ".join(str(c) for c in rnd.dealer_cards))[0] == 3
    assert rnd.results == [10]


def test_the_sources_example_against_three_of_a_kind_a_royal_flush_pays_six_times():
    rnd = play_round(["As Ks Qs Js Ts"], "Th Td Tc 6s 3c", (), "8c 5d", bets=[10])
    assert rnd.results == [60]


DEALER_BELOW_TRIPS = {  # what each winning hand pays against a dealer's high card, pair or two pair
    "high_card": 1,  # at least 1
    "pair": 1,
    "two_pair": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 6,
    "four_of_a_kind": 7,
    "straight_flush": 8,
    "royal_flush": 9,
    "five_of_a_kind": 10,
}
DEALER_TRIPS_OR_BETTER = {  # (dealer's hand, player's hand): multiple
    ("three_of_a_kind", "three_of_a_kind"): 1,  # higher trips: 3 - 3 = 0, at least 1
    ("three_of_a_kind", "straight"): 1,
    ("three_of_a_kind", "flush"): 2,
    ("three_of_a_kind", "full_house"): 3,
    ("three_of_a_kind", "four_of_a_kind"): 4,
    ("three_of_a_kind", "straight_flush"): 5,
    ("three_of_a_kind", "royal_flush"): 6,
    ("three_of_a_kind", "five_of_a_kind"): 7,
    ("straight", "straight"): 1,
    ("straight", "flush"): 1,
    ("straight", "royal_flush"): 5,
    ("flush", "full_house"): 1,
    ("full_house", "four_of_a_kind"): 1,
    ("full_house", "royal_flush"): 3,
    ("four_of_a_kind", "straight_flush"): 1,
    ("four_of_a_kind", "five_of_a_kind"): 3,
    ("straight_flush", "royal_flush"): 1,
    ("royal_flush", "five_of_a_kind"): 1,
}
NUMBER = {name: k for k, name in enumerate(DEALER_BELOW_TRIPS)}


@pytest.mark.parametrize(
    ("player", "multiple", "dealer"),
    [
        (player, multiple, dealer)
        for player, multiple in DEALER_BELOW_TRIPS.items()
        for dealer in ("high_card", "pair", "two_pair")
        if NUMBER[player] >= NUMBER[dealer]  # a winning hand: the dealer's category or better
    ],
)
def test_paytable_against_a_dealer_below_three_of_a_kind_the_multiple_is_the_category_number(
    player, multiple, dealer
):
    assert payout_multiple(NUMBER[player], NUMBER[dealer]) == multiple


@pytest.mark.parametrize(("hands", "multiple"), DEALER_TRIPS_OR_BETTER.items())
def test_paytable_against_three_of_a_kind_or_better_the_dealers_number_is_taken_off_at_least_one(
    hands, multiple
):
    dealer, player = hands
    assert payout_multiple(NUMBER[player], NUMBER[dealer]) == multiple


@pytest.mark.parametrize(
    ("player", "dealer", "dealer_draws", "net"),
    [
        ("Ac Kd 9h 7s 4c", "Kc Qd 2s 3h 6h", "9d 7h 4d", 10),  # A-high beats K-high: pays at least 1
        ("Kh Qs 9c 7c 4h", "Ac Kd 2s 3h 6h", "9h 7s 4c", -10),  # worse: the bet is lost
        ("Ac Kd 9h 7s 4c", "Ad Kc 2s 3h 6h", "9c 7d 4h", 0),  # equal: returned (suits never count)
        ("7c 7d 7h 2s 2c", "Ac Ad Ah Kc Kd", "", -10),  # full house against a higher full house
        ("Ac Ad Ah Kc Kd", "7c 7d 7h 2s 2c", "", 10),  # full house against full house: 6 - 6, at least 1
    ],
)
def test_each_hand_is_compared_with_the_dealers(player, dealer, dealer_draws, net):
    rnd = play_round([player], dealer, dealer_draws=dealer_draws, bets=[10])
    assert rnd.results == [net]
    assert of_type(rnd, RESULT)[0]["outcome"] == {10: "win", 0: "push", -10: "lose"}[net]


def test_with_two_decks_five_of_a_kind_is_the_best_hand_of_all():
    assert value("As As Ah Ad Ac") > value("As Ks Qs Js Ts")
    rnd = play_round(["As As Ah Ad Ac"], "Kh Qh Jh Th Ah", bets=[10], decks=2)  # a royal flush stands pat
    assert of_type(rnd, ev.SHOW)[0]["hand"] == {
        "category": "five_of_a_kind",
        "en": "Five aces",
        "fr": "Cinq as",
        "phrase": {"en": "five aces", "fr": "cinq as"},
    }
    assert rnd.results == [10]  # 10 - 9
    rnd = play_round(["As As Ah Ad Ac"], "Kh Qs Js Ts 9s", bets=[10], decks=2)  # a straight: 10 - 4
    assert rnd.results == [60]
    rnd = play_round(["As As Ah Ad Ac"], "Kh Kd Js 7s 2c", "", "Qh Jd 5c", bets=[10], decks=2)
    assert rnd.results == [100]  # against a pair: 10


def test_results_are_per_player_against_the_dealer_alone():
    rnd = play_round(
        ["As Ad Ks Kd 2s", "3c 4d 8h 9s Jc", "Ah Ac 5c 5d 5h"],
        "Th Tc 9d 6s 3h",
        (),
        "8d 7s 4c",
        bets=[10, 20, 30],
    )
    assert rnd.results == [20, -20, 180]
    assert [e["outcome"] for e in of_type(rnd, RESULT)] == ["win", "lose", "win"]
    assert of_type(rnd, ev.HAND_OVER) == []
    assert rnd.events[-1] == {"type": "round_over", "results": [20, -20, 180]}


# -- Hand values, state, bad input ---------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.lists(st.permutations(full_deck()).map(lambda d: d[:5]), min_size=2, max_size=2))
def test_one_deck_hand_values_agree_with_the_evaluator(hands):
    a, b = hands
    va, vb = hand_value(a), hand_value(b)
    ha, hb = evaluate_high(a), evaluate_high(b)
    assert va[0] == ha.category_number and vb[0] == hb.category_number
    assert (va > vb) == (ha > hb) and (va == vb) == (ha == hb)


@settings(max_examples=150, deadline=None)
@given(
    decks=st.sampled_from([1, 2]),
    bets=st.lists(st.integers(1, 500), min_size=1, max_size=8),
    order=st.randoms(use_true_random=False),
    data=st.data(),
)
def test_random_rounds_end_pay_by_the_table_and_play_on_after_a_json_round_trip(decks, bets, order, data):
    deck = full_deck(decks)
    order.shuffle(deck)
    rnd = DealerDraw(decks).start_round(bets, deck)
    copy = None
    for i in range(len(bets)):
        if copy is None and data.draw(st.integers(0, 3), label="copy now") == 0:
            copy = DrawRound.from_dict(json.loads(json.dumps(rnd.to_dict())))
        hand = rnd.hole_cards[i]
        thrown = data.draw(st.lists(st.sampled_from(range(5)), max_size=3, unique=True), label="thrown")
        action = Action("draw", cards=tuple(hand[k] for k in thrown))
        produced = rnd.act(action)
        assert rnd.events[-len(produced) :] == produced
        if copy is not None:
            assert copy.act(action) == produced
        every = [c for h in rnd.hole_cards for c in h] + rnd.dealer_cards + rnd.deck + rnd.discards
        assert sorted(every) == sorted(full_deck(decks))  # no card made or lost
    assert rnd.is_over and rnd.actor is None and len(rnd.results) == len(bets)
    dealer = hand_value(rnd.dealer_cards)
    for bet, net, cards_ in zip(bets, rnd.results, rnd.hole_cards):
        mine = hand_value(cards_)
        if mine < dealer:
            assert net == -bet
        elif mine == dealer:
            assert net == 0
        else:
            assert net == payout_multiple(mine[0], dealer[0]) * bet and 1 <= net // bet <= 10
    if copy is not None:
        assert copy.to_dict() == rnd.to_dict()


def test_hand_names_in_english_and_french():
    rnd = play_round(["As Ad Ks Kd 2s"], "Th Tc 9d 6s 3c", (), "8h 5d 4c")
    shown = of_type(rnd, ev.SHOW)[0]["hand"]
    assert shown == {
        "category": "two_pair",
        "en": "Two pair, aces and kings",
        "fr": "Double paire aux as par les rois",
        "phrase": {"en": "two pair, aces and kings", "fr": "une double paire aux as par les rois"},
    }


def test_a_player_who_beats_the_dealer_on_the_kicker_is_told_so():
    # Aces for both; the player's king beats the dealer's queen (the dealer keeps his pair, draws three).
    rnd = play_round(["As Ad Kc 7h 2s"], "Ah Ac 9d 6s 3c", (), "Qd 5d 4c")
    assert rnd.results == [10]
    shown = of_type(rnd, ev.SHOW)[0]["hand"]
    assert (shown["fr"], shown["en"]) == ("Paire d'as, roi en kicker", "Pair of aces, king kicker")
    assert of_type(rnd, DEALER_SHOWS)[0]["hand"]["fr"] == "Paire d'as"


def test_state_and_events_are_json_and_a_round_trip_plays_on_identically():
    rng = random.Random(3)
    for decks in (1, 2):
        rnd = DealerDraw(decks).start_round([10] * 8)  # shuffled: the discards come back in a drawn order
        copy = None
        for i in range(8):
            if i == 2:
                copy = DrawRound.from_dict(json.loads(json.dumps(rnd.to_dict())))
            action = Action("draw", cards=tuple(rng.sample(rnd.hole_cards[i], rng.randint(0, 3))))
            rnd.act(action)
            if copy is not None:
                copy.act(action)
        assert copy is not None and copy.to_dict() == rnd.to_dict()
        assert json.loads(json.dumps(rnd.events)) == rnd.events


def test_from_dict_rejects_what_is_not_a_stored_round():
    rnd = start(["As Ad 7c 4h 2s"], "Th Tc 9d 6s 3c")
    with pytest.raises(ValueError, match="not a stored round"):
        DrawRound.from_dict({"game": "razz", "version": 1})
    data = rnd.to_dict()
    data["deck"] = data["deck"][1:]
    with pytest.raises(ValueError, match="missing cards"):
        DrawRound.from_dict(data)
    del data["bets"]
    with pytest.raises(ValueError, match="no 'bets'"):
        DrawRound.from_dict(data)


def test_the_example_in_the_module_docs_plays():
    import doctest

    from poker.engine import dealer_draw

    assert doctest.testmod(dealer_draw).failed == 0
