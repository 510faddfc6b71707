"""docs/rules.md, "Texas Hold'em, no limit": one test per rule, with the cards dealt spelled out.

Players are 0..n-1 clockwise. ``deal`` builds the deck with ``deck_for`` so that each player gets
the hole cards written next to him and the board comes out as written.
"""

from __future__ import annotations

import json
import re

import pytest

from poker.engine import Action, IllegalAction, NoLimitHoldem, Pot, full_deck, parse_cards
from poker.engine import events as ev
from poker.engine.holdem import deck_for


def deal(stacks, button=0, holes=(), board="", sb=100, bb=200, ante=0, **options):
    holes = list(holes) + [""] * (len(stacks) - len(holes))
    deck = deck_for(holes, board, button)
    return NoLimitHoldem(sb, bb, ante).start_hand(stacks, button, deck, **options)


def play(hand, *moves):
    """Moves: "fold", "check", "call", or an int: raise (or bet) to that total."""
    produced = []
    for move in moves:
        action = Action.raise_to(move) if isinstance(move, int) else getattr(Action, move)()
        produced += hand.act(action)
    return produced


def of_type(hand, kind):
    return [event for event in hand.events if event["type"] == kind]


def check_down(hand):
    """Everybody checks to the end of the hand."""
    while hand.actor is not None:
        hand.act(Action.check())


def check_round(hand):
    """Everybody checks to the end of this betting round."""
    street = hand.street
    while hand.actor is not None and hand.street == street:
        hand.act(Action.check())


# -- Players, forced bets, dealing ---------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 9])
def test_two_to_eight_players(count):
    with pytest.raises(ValueError, match="2 to 8 players"):
        NoLimitHoldem(100, 200).start_hand([1000] * count, 0)
    for ok in (2, 8):
        assert NoLimitHoldem(100, 200).start_hand([1000] * ok, 0).actor is not None


def test_small_blind_left_of_the_button_big_blind_next_and_left_of_the_big_blind_acts_first():
    hand = deal([5000] * 5, button=2)
    blinds = of_type(hand, ev.SMALL_BLIND) + of_type(hand, ev.BIG_BLIND)
    assert [(e["player"], e["amount"]) for e in blinds] == [(3, 100), (4, 200)]
    assert hand.actor == 0
    assert hand.stacks == [5000, 5000, 5000, 4900, 4800]


def test_antes_are_posted_by_every_player_dealt_in():
    hand = deal([5000] * 4, button=0, ante=20)
    assert [(e["player"], e["amount"]) for e in of_type(hand, ev.ANTE)] == [
        (1, 20),
        (2, 20),
        (3, 20),
        (0, 20),
    ]
    assert hand.pots == [Pot(80, (0, 1, 2, 3))]
    assert hand.stacks == [4980, 4880, 4780, 4980]


def test_a_forced_bet_that_does_not_fit_the_stack_puts_the_player_all_in():
    hand = deal([5000, 60, 5000, 15], button=0, ante=20)
    assert of_type(hand, ev.ANTE)[-2] == {"type": "ante", "player": 3, "amount": 15, "all_in": True}
    assert of_type(hand, ev.SMALL_BLIND) == [
        {"type": "small_blind", "player": 1, "amount": 40, "all_in": True}
    ]
    assert hand.stacks == [4980, 0, 4780, 0]
    assert hand.actor == 0  # the all-in players have no decision
    la = hand.legal_actions()
    assert (la.call_amount, la.min_raise_to) == (200, 400)


def test_big_blind_all_in_for_less_still_counts_as_a_full_big_blind():
    hand = deal([5000, 5000, 150, 5000], button=0)
    assert of_type(hand, ev.BIG_BLIND)[0]["amount"] == 150
    la = hand.legal_actions()
    assert hand.actor == 3
    assert (la.call_amount, la.min_raise_to) == (200, 400)  # the full big blind, a raise to 2 BB
    play(hand, "call", "call")
    assert hand.legal_actions().call_amount == 100  # the small blind completes to the full big blind
    play(hand, "call")
    assert hand.street_name == "flop"
    assert hand.pots == [Pot(600, (0, 1, 2, 3)), Pot(150, (0, 1, 3))]


def test_big_blind_all_in_for_less_heads_up_asks_nothing_that_nobody_could_match():
    hand = deal([5000, 100], button=0, holes=["AsAh", "KsKh"], board="2c 7d 9c 3h 4s")
    # The button's small blind already matches all the big blind could put in: nothing to decide.
    assert hand.is_over
    assert hand.stacks == [5100, 0]


def test_heads_up_button_posts_small_blind_and_acts_first_preflop():
    hand = deal([5000, 5000], button=1, holes=["2c 2d", "As Ah"])
    assert of_type(hand, ev.SMALL_BLIND)[0]["player"] == 1
    assert of_type(hand, ev.BIG_BLIND)[0]["player"] == 0
    assert hand.actor == 1
    play(hand, "call")
    assert hand.actor == 0  # the big blind's option
    play(hand, "check")
    assert hand.street_name == "flop"
    assert hand.actor == 0  # after the flop, the button acts last
    play(hand, "check")
    assert hand.actor == 1
    assert [str(c) for c in hand.hole_cards[0]] == ["2c", "2d"]


def test_hole_cards_one_at_a_time_from_the_button_left_then_burn_flop_burn_turn_burn_river():
    deck = full_deck()  # 2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d ...
    hand = NoLimitHoldem(100, 200).start_hand([5000, 5000, 5000], 0, deck)
    assert [[str(c) for c in cards] for cards in hand.hole_cards] == [
        ["2h", "3d"],
        ["2c", "2s"],
        ["2d", "3c"],
    ]
    assert [e["player"] for e in of_type(hand, ev.HOLE_CARDS)] == [1, 2, 0]
    play(hand, "call", "call", "check")
    check_down(hand)
    assert [str(c) for c in hand.board] == ["3s", "4c", "4d", "4s", "5d"]
    assert [str(c) for c in hand.burned] == ["3h", "4h", "5c"]
    burns = of_type(hand, ev.BURN)
    assert [e["street"] for e in burns] == ["flop", "turn", "river"]
    assert all(set(e) == {"type", "street"} for e in burns)  # burned cards are never shown


def test_after_the_flop_the_first_player_still_in_left_of_the_button_acts_first():
    hand = deal([5000] * 4, button=0)
    play(hand, "call", "call", "fold", "check")
    assert hand.street_name == "flop"
    assert hand.actor == 2  # player 1 folded


def test_dead_button_overrides_who_posts_the_blinds():
    # The small blind busted last hand: no small blind; player 1 posts the big blind, button on 0.
    hand = deal([5000, 5000, 5000], button=0, blind_players=(None, 1))
    assert of_type(hand, ev.SMALL_BLIND) == []
    assert of_type(hand, ev.BIG_BLIND)[0]["player"] == 1
    assert hand.actor == 2
    play(hand, "call", "call", "check")
    assert hand.actor == 1  # first player left of the button after the flop
    assert of_type(hand, ev.HAND_STARTED)[0]["small_blind_player"] is None


def test_dead_button_blinds_given_explicitly():
    hand = deal([5000, 5000, 5000, 5000], button=3, blind_players=(1, 2))
    assert [e["player"] for e in of_type(hand, ev.SMALL_BLIND) + of_type(hand, ev.BIG_BLIND)] == [1, 2]
    assert hand.actor == 3
    assert [e["player"] for e in of_type(hand, ev.HOLE_CARDS)] == [0, 1, 2, 3]


# -- Betting ---------------------------------------------------------------------------------------


def test_bet_at_least_one_big_blind():
    hand = deal([5000, 5000, 5000], button=0)
    play(hand, "call", "call", "check")
    la = hand.legal_actions()
    assert (la.can_check, la.min_raise_to, la.max_raise_to) == (True, 200, 4800)
    with pytest.raises(IllegalAction, match="minimum bet 200"):
        hand.act(Action.raise_to(150))
    assert play(hand, 200)[0] == {"type": "bet", "player": 1, "amount": 200, "total": 200, "all_in": False}


def test_a_raise_adds_at_least_the_largest_bet_or_raise_increment_of_the_round():
    hand = deal([50000] * 4, button=0)
    assert hand.legal_actions().min_raise_to == 400
    play(hand, 600)
    assert hand.legal_actions().min_raise_to == 1000
    play(hand, 1000)
    assert hand.legal_actions().min_raise_to == 1400
    event = play(hand, 2400)[0]
    assert (event["type"], event["by"], event["amount"], event["total"]) == ("raise", 1400, 2300, 2400)
    assert hand.legal_actions().min_raise_to == 3800


def test_no_limit_a_player_may_bet_all_his_chips():
    hand = deal([5000, 5000, 5000], button=0)
    la = hand.legal_actions()
    assert la.max_raise_to == 5000
    with pytest.raises(IllegalAction, match="5000 chips in all"):
        hand.act(Action.raise_to(5001))
    assert play(hand, 5000)[0]["all_in"]


def test_all_in_short_of_a_full_raise_is_the_only_raise_left():
    hand = deal([5000, 5000, 5000, 700], button=3)  # blinds 0 and 1, player 2 first
    play(hand, 600)
    la = hand.legal_actions()  # player 3 has 700: more than a call, less than a raise to 1000
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (600, 700, 700)
    with pytest.raises(IllegalAction, match="minimum raise is to 700"):
        hand.act(Action.raise_to(650))
    assert play(hand, 700)[0]["all_in"]


def test_short_all_in_does_not_reopen_betting():
    hand = deal([5000, 5000, 5000, 900], button=3)
    play(hand, 600)  # player 2 raises: a full raise of 400
    play(hand, 900)  # player 3 all-in: 300 more, short of a full raise
    assert hand.legal_actions().min_raise_to == 1300  # player 0 has not acted: he may raise
    play(hand, "call", "call")
    la = hand.legal_actions()
    assert hand.actor == 2
    assert (la.can_call, la.call_amount, la.min_raise_to) == (True, 300, None)
    with pytest.raises(IllegalAction, match="not reopened"):
        hand.act(Action.raise_to(1300))


def test_short_all_in_below_one_big_blind_does_not_reopen_for_players_who_already_acted():
    hand = deal([5000, 5000, 5000, 5000, 250], button=4)  # blinds 0 and 1
    play(hand, "call")  # player 2 limps
    play(hand, "call")  # player 3 limps
    play(hand, 250)  # player 4 all-in: 50 more
    assert hand.legal_actions().min_raise_to == 450  # the small blind has not acted
    play(hand, "call", "call")
    assert hand.actor == 2
    assert hand.legal_actions().min_raise_to is None  # a limper may only call or fold
    # After the flop: a check, then an all-in bet of less than one big blind.
    hand = deal([5000, 5000, 5000, 320], button=0)
    play(hand, "call", "call", "call", "check")
    play(hand, "check", "check", 120)  # players 1 and 2 check, player 3 bets his last 120
    assert hand.legal_actions().min_raise_to == 320  # player 0 has not acted
    play(hand, "call")
    assert hand.actor == 1
    assert (hand.legal_actions().call_amount, hand.legal_actions().min_raise_to) == (120, None)


def test_several_short_all_ins_together_reopen_betting():
    hand = deal([5000, 5000, 5000, 500, 5000, 650], button=5)  # blinds 0 and 1
    play(hand, 400)  # player 2: a full raise of 200
    play(hand, 500)  # player 3 all-in: 100 more, short
    play(hand, "call")  # player 4 calls 500
    play(hand, 650)  # player 5 all-in: 150 more, short; 250 more than player 2 faced
    play(hand, "fold", "call")
    assert hand.actor == 2
    assert hand.legal_actions().min_raise_to == 850  # together a full raise over his 400: reopened
    play(hand, "call")
    assert hand.actor == 4
    assert hand.legal_actions().min_raise_to is None  # only 150 more than his 500: not reopened


def test_a_full_raise_stays_the_largest_full_raise_increment_after_a_short_all_in():
    hand = deal([5000, 5000, 5000, 800], button=3)
    play(hand, 600, 800)  # a raise of 400, then an all-in 200 more
    assert hand.legal_actions().min_raise_to == 1200


def test_players_who_have_not_acted_may_raise_after_a_short_all_in():
    hand = deal([5000, 5000, 5000, 5000, 700], button=4)
    play(hand, 600, "fold", 700)
    assert hand.actor == 0 and hand.legal_actions().min_raise_to == 1100
    assert play(hand, 1100)[0]["type"] == "raise"
    assert hand.actor == 1


def test_round_ends_when_everybody_still_in_has_acted_and_put_in_the_same_amount():
    hand = deal([5000, 5000, 5000], button=0)
    play(hand, "call", "call")
    assert hand.actor == 2 and hand.legal_actions().can_check  # the big blind's option
    assert hand.legal_actions().min_raise_to == 400
    play(hand, 400)
    assert hand.street_name == "preflop" and hand.actor == 0
    play(hand, "call", "call")
    assert hand.street_name == "flop"


def test_a_player_may_not_fold_when_he_can_check_and_illegal_actions_change_nothing():
    hand = deal([5000, 5000, 5000], button=0)
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="cannot check: 200 to call"):
        hand.act(Action.check())
    play(hand, "call", "call")
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="nothing to call"):
        hand.act(Action.fold())
    with pytest.raises(IllegalAction, match="nothing to call"):
        hand.act(Action.call())
    assert hand.to_dict() == before
    assert not hand.can_act(Action.fold()) and hand.can_act(Action.check())
    assert issubclass(IllegalAction, ValueError)


def test_an_action_out_of_turn_is_refused():
    hand = deal([5000, 5000, 5000], button=0)  # player 0, the button, acts first
    before = hand.to_dict()
    with pytest.raises(IllegalAction, match="player 0's turn, not player 1's"):
        hand.act(Action.call(), player=1)
    assert hand.to_dict() == before
    assert not hand.can_act(Action.call(), player=1) and hand.can_act(Action.call(), player=0)
    hand.act(Action.call(), player=0)


def test_nobody_acts_after_the_hand_is_over():
    hand = deal([5000, 5000], button=0)
    play(hand, "fold")
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.act(Action.check())
    assert hand.legal_actions().can_check is False


# -- Pots and showdown -----------------------------------------------------------------------------


def test_when_all_but_one_fold_he_wins_every_pot_without_showing():
    hand = deal([5000, 5000, 5000], button=0, ante=20)
    play(hand, 600, "fold", "fold")
    assert hand.is_over
    assert of_type(hand, ev.SHOW) == []
    assert of_type(hand, ev.UNCALLED_BET_RETURNED) == [
        {"type": "uncalled_bet_returned", "player": 0, "amount": 400}
    ]
    [award] = of_type(hand, ev.POT_AWARDED)
    assert (award["winners"], award["amount"], award["uncontested"], award["hand"]) == ([0], 560, True, None)
    assert hand.stacks == [5340, 4880, 4780]
    assert of_type(hand, ev.HAND_OVER)[0] == {
        "type": "hand_over",
        "stacks": [5340, 4880, 4780],
        "winnings": [340, -120, -220],
    }


def test_side_pots_an_all_in_player_wins_from_each_other_at_most_what_he_put_in():
    hand = deal([1000, 5000, 5000], button=0, holes=["AsAh", "KsKh", "QsQh"], board="2c 7d 9c 3h 4s")
    play(hand, 1000, "call", "call")  # player 0 all-in
    play(hand, 2000, "call")  # a side pot between 1 and 2
    check_down(hand)
    awards = of_type(hand, ev.POT_AWARDED)
    assert [(a["pot"], a["amount"], a["players"], a["winners"]) for a in awards] == [
        (0, 3000, [0, 1, 2], [0]),
        (1, 4000, [1, 2], [1]),
    ]
    assert (awards[0]["hand"]["en"], awards[0]["hand"]["fr"]) == ("Pair of aces", "Paire d'as")
    assert hand.stacks == [3000, 6000, 2000]
    assert hand.pots == []


def test_each_pot_goes_to_the_best_hand_among_the_players_who_can_win_it():
    # The short stack has the worst hand: both pots go to the kings.
    hand = deal([1000, 5000, 5000], button=0, holes=["8d6h", "KsKh", "QsQh"], board="2c 7d 9c 3h 4s")
    play(hand, 1000, "call", "call", 2000, "call")
    check_down(hand)
    assert [a["winners"] for a in of_type(hand, ev.POT_AWARDED)] == [[1], [1]]
    assert hand.stacks == [0, 9000, 2000]


def test_split_pot_equal_shares():
    hand = deal([5000, 5000], button=0, holes=["2c3d", "4h5h"], board="As Ks Qs Js Ts")
    play(hand, "call", "check")
    check_down(hand)
    [award] = of_type(hand, ev.POT_AWARDED)
    assert (award["winners"], award["shares"]) == ([1, 0], [200, 200])
    assert award["hand"]["category"] == "royal_flush"
    assert hand.stacks == [5000, 5000]


def test_odd_chips_go_one_each_from_the_button():
    hand = deal([1000] * 4, button=0, sb=5, bb=10, board="As Ks Qs Js Ts")
    play(hand, "call", "call", "fold", "check")  # 35 in the pot: 3 players split it, 2 odd chips
    check_down(hand)
    [award] = of_type(hand, ev.POT_AWARDED)
    assert (award["winners"], award["shares"]) == ([2, 3, 0], [12, 12, 11])  # the button comes last
    assert hand.stacks == [1001, 995, 1002, 1002]


def test_showdown_order_the_last_river_bettor_shows_first():
    hand = deal([5000] * 3, button=0, holes=["AsAh", "KsKh", "QsQh"], board="2c 7d 9c 3h 4s")
    play(hand, "call", "call", "check")
    check_round(hand)  # flop
    check_round(hand)  # turn
    play(hand, "check", 200, "call", "call")
    assert [e["player"] for e in of_type(hand, ev.SHOW)] == [2, 0, 1]


def test_showdown_order_without_a_river_bet_starts_left_of_the_button():
    hand = deal([5000] * 3, button=0, holes=["AsAh", "KsKh", "QsQh"], board="2c 7d 9c 3h 4s")
    play(hand, "call", "call", "check")
    check_round(hand)
    play(hand, 400, "call", "call")  # a bet on the turn does not count
    check_down(hand)
    assert [e["player"] for e in of_type(hand, ev.SHOW)] == [1, 2, 0]
    shown = of_type(hand, ev.SHOW)[0]
    assert shown == {
        "type": "show",
        "player": 1,
        "cards": ["Ks", "Kh"],
        "hand": {
            "category": "pair",
            "en": "Pair of kings",
            "fr": "Paire de rois",
            "phrase": {"en": "a pair of kings", "fr": "une paire de rois"},
        },
    }


def test_all_in_hands_are_shown_at_once_and_the_board_is_dealt():
    hand = deal([3000, 5000, 5000], button=0, holes=["AsAh", "KsKh", ""], board="2c 7d 9c 3h Kd")
    events = play(hand, 3000, "call", "fold")
    kinds = [e["type"] for e in events]
    assert kinds == ["raise", "call", "fold", "pots", "show", "show"] + ["burn", "board"] * 3 + [
        "pot_awarded",
        "hand_over",
    ]
    assert [e["player"] for e in of_type(hand, ev.SHOW)] == [0, 1]  # the all-in raiser first
    assert of_type(hand, ev.SHOW)[0]["hand"] is None  # no board yet
    assert hand.is_over and hand.stacks == [0, 8200, 4800]


def test_a_hand_in_which_nobody_can_act_any_more_runs_itself_out():
    hand = deal([150, 100, 5000], button=0, holes=["AsAh", "KsKh", "QsQh"], board="2c 7d 9c 3h 4s", ante=20)
    # Player 1 is all-in on the small blind; player 0 must call the big blind or fold.
    assert hand.actor == 0
    events = play(hand, "call")
    assert hand.is_over and hand.actor is None
    assert len(hand.board) == 5
    assert [e["type"] for e in events][-2:] == ["pot_awarded", "hand_over"]
    assert sum(hand.stacks) == 5250
    # Everybody all-in on the forced bets: the hand is over as soon as it is dealt.
    hand = deal([20, 100, 150], button=0, ante=20)
    assert hand.is_over and len(hand.board) == 5 and sum(hand.stacks) == 270


def test_chips_are_never_created_or_lost():
    hand = deal([1000, 2500, 700, 5000], button=1, ante=20)
    total = sum([1000, 2500, 700, 5000])
    for move in (700, "call", "call", "call", 1500, "call", "fold"):
        play(hand, move)
        assert sum(hand.stacks) + sum(p.amount for p in hand.pots) + sum(hand.bets) == total
    check_down(hand)
    assert sum(hand.stacks) == total


# -- Events, state, bad input ----------------------------------------------------------------------


def test_hole_cards_are_private_to_their_owner():
    hand = deal([5000] * 3, button=0, holes=["AsAh", "KsKh", "QsQh"])
    hole = of_type(hand, ev.HOLE_CARDS)
    assert hole[0] == {"type": "hole_cards", "player": 1, "cards": ["Ks", "Kh"], "private": True}
    seen_by_1 = ev.visible_events(hand.events, 1)
    assert [e["player"] for e in seen_by_1 if e["type"] == ev.HOLE_CARDS] == [1]
    assert all(e["type"] != ev.HOLE_CARDS for e in ev.visible_events(hand.events, None))
    assert all(not e.get("private") for e in hand.events if e["type"] != ev.HOLE_CARDS)


def test_events_and_state_are_json_and_the_state_plays_on_after_a_round_trip():
    hand = deal([5000, 3000, 800], button=0, ante=20)
    play(hand, 600, "call")
    stored = json.loads(json.dumps(hand.to_dict()))
    again = type(hand).from_dict(stored)
    for h in (hand, again):
        play(h, "call", "check", 180, "call", "call")  # player 2 bets his last 180
        check_down(h)
    assert again.to_dict() == hand.to_dict()
    assert json.loads(json.dumps(hand.events)) == hand.events
    assert {e["type"] for e in hand.events} <= set(ev.EVENT_TYPES)


def test_from_dict_rejects_what_is_not_a_stored_hand():
    hand = deal([5000, 5000], button=0)
    data = hand.to_dict()
    with pytest.raises(ValueError, match="not a stored no-limit Hold'em hand"):
        type(hand).from_dict({**data, "version": 99})
    with pytest.raises(ValueError, match="no 'stacks'"):
        type(hand).from_dict({k: v for k, v in data.items() if k != "stacks"})
    with pytest.raises(ValueError, match="chips do not add up"):
        type(hand).from_dict({**data, "stacks": [9999, 9999]})


@pytest.mark.parametrize(
    ("stacks", "button", "message"),
    [
        ([5000, -5], 0, "stack of player 1 must be positive"),
        ([5000, 0, 300], 0, "stack of player 1 must be positive"),
        ([5000, 2.5], 0, "whole number of chips"),
        ([5000, 5000], 2, "button 2 is not a player"),
        ([5000, 5000], -1, "button -1 is not a player"),
    ],
)
def test_bad_table_raises_value_error_naming_the_problem(stacks, button, message):
    with pytest.raises(ValueError, match=message):
        NoLimitHoldem(100, 200).start_hand(stacks, button)


def test_bad_blinds_raise_value_error():
    with pytest.raises(ValueError, match=re.escape("big blind (200) is smaller than the small blind (300)")):
        NoLimitHoldem(300, 200)
    with pytest.raises(ValueError, match="ante must be a whole number"):
        NoLimitHoldem(100, 200, -1)
    with pytest.raises(ValueError, match="cannot post both blinds"):
        NoLimitHoldem(100, 200).start_hand([5000] * 3, 0, blind_players=(1, 1))
    with pytest.raises(ValueError, match="big blind player 5 is not a player"):
        NoLimitHoldem(100, 200).start_hand([5000] * 3, 0, blind_players=(None, 5))


def test_bad_deck_raises_value_error_naming_the_cards():
    deck = full_deck()
    with pytest.raises(ValueError, match="missing cards: As"):
        NoLimitHoldem(100, 200).start_hand([5000] * 3, 0, deck[:-1])
    with pytest.raises(ValueError, match="repeated cards: 2c"):
        NoLimitHoldem(100, 200).start_hand([5000] * 3, 0, [deck[0], *deck[:-1]])
    with pytest.raises(ValueError, match="not a card"):
        NoLimitHoldem(100, 200).start_hand([5000] * 3, 0, ["Zz", *deck[1:]])
    assert parse_cards("As Kd") == deck_for([["As", "Kd"], []], button=1)[:3:2]


def test_the_module_example_plays_as_documented():
    import doctest

    from poker.engine import holdem

    assert doctest.testmod(holdem).failed == 0
