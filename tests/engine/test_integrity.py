"""The pair figures of docs/integrity.md on hands worked out by hand: each count, the chips between
two players, the tests behind the score, and a ranking that puts a planted pair first."""

from __future__ import annotations

import math
import random

import pytest

from poker.engine import Action, NoLimitHoldem, shuffled_deck
from poker.engine.holdem import deck_for
from poker.engine.integrity import PairBook, hand_pairs
from poker.engine.integrity.hand import (
    AGGRESSION,
    CHECKED_RIVERS,
    FEATURES,
    FOLDS_TO,
    RAISE_FOLDS,
    STRONG_FOLDS,
    STRONG_UNBET,
    HandPairs,
    strong_hand,
)
from poker.engine.integrity.odds import heads_up_equity, river_strength
from poker.engine.integrity.pairs import Counts, binomial_mid_p, expected_rate, fisher_combined

GAME = NoLimitHoldem(small_blind=10, big_blind=20)


def play(holes, board, actions, stacks=None):
    """Players 0..n-1, the button on player 0 (3+ players: 1 small blind, 2 big blind, 0 or 3 first)."""
    n = len(holes)
    hand = GAME.start_hand(stacks=stacks or [1000] * n, button=0, deck=deck_for(holes, board, button=0))
    for action in actions:
        hand.act(action)
    assert hand.is_over
    return hand_pairs(hand.events)


def counts(pairs: HandPairs, i: int, j: int, feature: str) -> tuple[int, int]:
    tally = pairs.tally.get((i, j))
    return (tally.hits[feature], tally.chances[feature]) if tally else (0, 0)


def test_a_fold_of_the_better_hand_to_the_others_bet_is_a_strong_fold():
    # 3 players: 0 (button) raises to 60 with kings, 1 (small blind) folds aces: a strong fold to 0
    # (aces against kings about 82 %, the price 50 / (90 + 50) = 36 %); 2 folds 8-3 (about 12 %).
    pairs = play(
        ["Ks Kc", "As Ah", "8c 3d"],
        "Qd 9c 4h 5c 2s",
        [Action.raise_to(60), Action.fold(), Action.fold()],
    )
    assert counts(pairs, 1, 0, STRONG_FOLDS) == (1, 1)
    assert counts(pairs, 2, 0, STRONG_FOLDS) == (0, 1)
    assert counts(pairs, 0, 1, STRONG_FOLDS) == (0, 0)
    # 1's 10 chips and 2's 20 went to 0; 1 gave them up by folding.
    assert pairs.flow == {(1, 0): 10, (2, 0): 20}
    assert pairs.fold_flow == {(1, 0): 10, (2, 0): 20}
    # Nobody put chips in of his own will but 0: no pot contested, no flop.
    assert pairs.contested == set()


def test_bets_and_raises_are_counted_towards_each_player_still_in_with_chips():
    # Heads-up: the button (small blind) raises, the big blind calls; flop: the big blind checks,
    # the button bets, the big blind folds.
    pairs = play(
        ["Ks Kd", "9c 8c"],
        "2h 7d Jc 3s 4d",
        [Action.raise_to(60), Action.call(), Action.check(), Action.raise_to(80), Action.fold()],
    )
    assert counts(pairs, 0, 1, AGGRESSION) == (2, 2)  # the raise and the bet
    assert counts(pairs, 1, 0, AGGRESSION) == (0, 3)  # a call, a check and a fold
    assert pairs.contested == {(0, 1)}
    assert pairs.flow == {(1, 0): 60}


def test_raising_then_folding_to_the_others_raise_is_a_raise_fold():
    # 3 players: 0 folds, 1 (small blind) raises to 60, 2 (big blind) raises to 200, 1 folds.
    pairs = play(
        ["7c 2d", "Qs Qh", "9c 8d"],
        "2h 7d Jc 3s 4d",
        [Action.fold(), Action.raise_to(60), Action.raise_to(200), Action.fold()],
    )
    assert counts(pairs, 1, 2, RAISE_FOLDS) == (1, 1)
    # Queens against 9-8 (about 79 %) at a price of 140 / (260 + 140) = 35 %: strong too.
    assert counts(pairs, 1, 2, STRONG_FOLDS) == (1, 1)
    assert pairs.flow == {(1, 2): 60}


def test_each_answer_to_the_others_bet_is_a_chance_to_fold_to_him():
    # 3 players: 0 (button) raises to 60, 1 (small blind) calls, 2 (big blind) folds; flop: 1
    # checks, 0 bets 80, 1 folds. The blinds are no bet to answer: 0 had no such chance.
    pairs = play(
        ["Ks Kd", "9c 8c", "7h 2s"],
        "2h 7d Jc 3s 4d",
        [
            Action.raise_to(60),
            Action.call(),
            Action.fold(),
            Action.check(),
            Action.raise_to(80),
            Action.fold(),
        ],
    )
    assert counts(pairs, 1, 0, FOLDS_TO) == (1, 2)  # the call, then the fold
    assert counts(pairs, 2, 0, FOLDS_TO) == (1, 1)
    assert counts(pairs, 0, 1, FOLDS_TO) == (0, 0) and counts(pairs, 0, 2, FOLDS_TO) == (0, 0)


def test_a_river_checked_through_with_a_near_certain_winner_is_counted_for_its_holder():
    # Heads-up to the river, checked on every street: 0 holds the nut flush on the river.
    checks = [Action.call(), Action.check()] + [Action.check()] * 6
    pairs = play(["Ah Kh", "9c 8d"], "2h 7h Jh 3s 4d", checks)
    assert river_strength(["Ah", "Kh"], ["2h", "7h", "Jh", "3s", "4d"]) >= 0.95
    assert counts(pairs, 0, 1, CHECKED_RIVERS) == (1, 1)
    assert counts(pairs, 1, 0, CHECKED_RIVERS) == (0, 0)  # nine high is no near-certain winner
    assert pairs.flow == {(1, 0): 20}  # the big blind's 20 chips, lost at the showdown


def test_a_river_bet_with_a_near_certain_winner_is_a_chance_taken():
    actions = [Action.call(), Action.check()] + [Action.check()] * 4 + [Action.check(), Action.raise_to(40)]
    actions += [Action.fold()]
    pairs = play(["Ah Kh", "9c 8d"], "2h 7h Jh 3s 4d", actions)
    assert counts(pairs, 0, 1, CHECKED_RIVERS) == (0, 1)


def test_strong_hands_are_read_from_the_ranks():
    assert strong_hand(["As", "Kd"], []) and strong_hand(["Ts", "Td"], [])
    assert not strong_hand(["As", "Qd"], []) and not strong_hand(["9s", "9d"], [])
    assert strong_hand(["As", "Kd"], ["Ah", "Kc", "2d"])  # two pair, both hole cards
    assert strong_hand(["7s", "7d"], ["7h", "Kc", "2d"])  # a set
    assert not strong_hand(["As", "Kd"], ["Ah", "5c", "5d"])  # one pair of his own
    assert not strong_hand(["Qs", "Qd"], ["7h", "Kc", "2d"])  # an overpair is one pair


def test_a_strong_hand_checked_or_called_with_the_other_in_is_counted():
    # Heads-up: 0 (button) holds kings and flops a set on K-7-J. Before the flop he calls (strong,
    # no raise: 1 of 1); on the flop he bets (a chance, no hit), on the turn he checks (a hit), on
    # the river he bets and 1 folds: 2 of 4. Nine-eight never pairs: 1 has no chance.
    actions = [Action.call(), Action.check(), Action.check(), Action.raise_to(40), Action.call()]
    actions += [Action.check(), Action.check(), Action.check(), Action.raise_to(40), Action.fold()]
    pairs = play(["Ks Kd", "9c 8c"], "Kh 7d Jc 3s 4d", actions)
    assert counts(pairs, 0, 1, STRONG_UNBET) == (2, 4)
    assert counts(pairs, 1, 0, STRONG_UNBET) == (0, 0)


def test_side_pots_send_each_players_chips_to_who_won_them():
    # 0 has 100, 1 has 400, 2 has 1000. All in preflop; 0 wins the main pot, 2 the side pot.
    pairs = play(
        ["As Ah", "7c 2d", "Ks Kh"],
        "Qd 9c 4h 3s 2h",
        [Action.raise_to(100), Action.raise_to(400), Action.call()],
        stacks=[100, 400, 1000],
    )
    # Each of 1 and 2 put 100 in the main pot (won by 0) and 300 in the side pot (won by 2).
    assert pairs.flow == {(1, 0): 100, (2, 0): 100, (1, 2): 300}


def test_the_heads_up_equity_is_exact_after_the_flop_and_close_before():
    assert heads_up_equity(["Ts", "Td"], ["Ah", "Kh"], ["2h", "7h", "Tc"]) == pytest.approx(
        737 / 990, abs=0.01
    )
    assert heads_up_equity(["As", "Ad"], ["Kc", "Kd"], []) == pytest.approx(0.8195, abs=0.025)
    assert heads_up_equity(["As", "Ad"], ["Kc", "Kd"], ["2c", "3d", "7h", "9s", "Js"]) == 1.0


def test_fishers_combination():
    assert fisher_combined([0.05]) == pytest.approx(0.05)
    # Two p-values of 0.05: x = -2 ln(0.05^2) = 11.98 on 4 degrees of freedom: e^(-x/2) (1 + x/2).
    x = -2 * math.log(0.05**2)
    assert fisher_combined([0.05, 0.05]) == pytest.approx(math.exp(-x / 2) * (1 + x / 2))
    assert fisher_combined([0.05, 0.05]) == pytest.approx(0.0175, abs=1e-4)


def test_the_expected_rate_takes_both_players_habits():
    # The others bet 10 times in 100 decisions against B (with the prior: 10.5 / 101). A bet 20
    # times against the others, where everybody's rates against those players give 10: his habit
    # is (20 + 0.5) / (10 + 0.5), about twice the others'. Into B he is expected at
    # 10.5 / 101 x 20.5 / 10.5 = 20.5 / 101, about 20 %.
    assert expected_rate(Counts(20, 100), 10.0, Counts(10, 100)) == pytest.approx(20.5 / 101)
    # Nobody ever did it: the prior keeps the rate above zero (his habit is 0.5 / 0.5 = 1).
    assert expected_rate(Counts(0, 50), 0.0, Counts(0, 50)) == pytest.approx(0.5 / 51)


def test_the_binomial_test_against_the_expected_rate():
    # 0 hits in 10 chances at a rate of 1/2: P(0) = 1/1024; the mid-p is half of it.
    assert binomial_mid_p(0, 10, 0.5, lower=True) == pytest.approx(1 / 2048)
    # 3 hits in 3 chances at 1/10: P(3) = 1/1000, nothing above: mid-p 1/2000.
    assert binomial_mid_p(3, 3, 0.1, lower=False) == pytest.approx(1 / 2000)
    # 2 hits in 3 at 1/10: P(3) + P(2) / 2 = 0.001 + 3 x 0.01 x 0.9 / 2 = 0.0145.
    assert binomial_mid_p(2, 3, 0.1, lower=False) == pytest.approx(0.0145)
    # On the innocent side of the mean the p-value is one half or more; no chance tells nothing.
    assert binomial_mid_p(5, 10, 0.2, lower=True) > 0.5
    assert binomial_mid_p(0, 10, 0.2, lower=False) >= 0.5
    assert binomial_mid_p(0, 0, 0.2, lower=False) is None


def test_a_player_everybody_folds_to_does_not_make_a_pair():
    """Opponent 9 makes everybody fold the better hand (he bluffs): player 1's strong folds to
    him are 9's doing, not the pair's. Player 1 folds to 9 as the others do (6 strong of 10); the
    others fold to 9 12 strong of 20 (12.5 / 21 with the prior); player 1's habit is 0.5 / (0.5 +
    40 x 0.5 / 121) = 0.75 (nobody folds strong to 50): expected rate 0.447, 4.5 of 10, and 6 is
    no surprise."""
    book = PairBook()
    from poker.engine.integrity.hand import Tally

    def hand(i, j, strong):
        t = Tally()
        t.add(STRONG_FOLDS, strong)
        return HandPairs(3, 20, {(i, j): t}, set(), {}, {}, {})

    for player in (1, 2, 3):
        for k in range(10):  # each of 1, 2, 3 folds to 9 ten times, 6 of them strong
            book.add(hand(0, 1, k < 6), [player, 9, 100 + player], ref=k)
        for k in range(40):  # and to 50 forty times, never strong
            book.add(hand(0, 1, False), [player, 50, 200 + player], ref=k)
    report = next(r for r in book.ranked() if r.players == (1, 9))
    into = report.directions[0]
    assert (into.towards[STRONG_FOLDS].hits, into.towards[STRONG_FOLDS].chances) == (6, 10)
    assert (into.into[STRONG_FOLDS].hits, into.into[STRONG_FOLDS].chances) == (12, 20)
    assert into.expected[STRONG_FOLDS] == pytest.approx(10 * 12.5 / 21 * 0.5 / (0.5 + 40 * 0.5 / 121))
    assert into.p_values[STRONG_FOLDS] > 0.05
    assert not report.flagged


def test_a_pair_that_never_bets_into_each_other_ranks_first():
    """Four players for 120 hands; 0 and 1 never bet or raise while the other is in the hand."""
    rng = random.Random(7)
    book = PairBook()
    for number in range(120):
        hand = GAME.start_hand(stacks=[1000] * 4, button=number % 4, deck=shuffled_deck(rng=rng))
        while not hand.is_over:
            p = hand.actor
            legal = hand.legal_actions()
            soft = p in (0, 1) and not hand.folded[1 - p]
            if legal.can_raise and not soft and hand.aggressor is None and rng.random() < 0.5:
                hand.act(Action.raise_to(legal.min_raise_to))
            elif legal.can_check:
                hand.act(Action.check())
            elif legal.call_amount <= 60 and rng.random() < 0.6:
                hand.act(Action.call())
            else:
                hand.act(Action.fold())
        book.add(hand_pairs(hand.events), [10, 11, 12, 13], ref=number)
    ranked = book.ranked()
    assert ranked[0].players == (10, 11)
    assert ranked[0].flagged
    assert not any(r.flagged for r in ranked[1:])
    first = ranked[0].directions[0]
    assert first.towards[AGGRESSION].hits == 0 and first.rest[AGGRESSION].hits > 20
    # The score tests each count once for the pair: both players' hits, chances and expected
    # counts added up (0 bets of all their chances into each other), then Fisher's method.
    a, b = ranked[0].directions
    chances = a.towards[AGGRESSION].chances + b.towards[AGGRESSION].chances
    rate = (a.expected[AGGRESSION] + b.expected[AGGRESSION]) / chances
    assert ranked[0].p_values[AGGRESSION] == pytest.approx(binomial_mid_p(0, chances, rate, lower=True))
    combined = fisher_combined(list(ranked[0].p_values.values()))
    assert ranked[0].score == pytest.approx(-math.log10(combined))


def test_the_stored_form_gives_back_the_same_counts():
    pairs = play(
        ["7c 2d", "Qs Qh", "9c 8d"],
        "2h 7d Jc 3s 4d",
        [Action.fold(), Action.raise_to(60), Action.raise_to(200), Action.fold()],
    )
    assert HandPairs.from_dict(pairs.to_dict()) == pairs
    # A hand stored before the folds to the other were counted reads them at 0 of 0.
    stored = pairs.to_dict()
    stored["tally"] = [[i, j, counts[: FEATURES.index(FOLDS_TO)]] for i, j, counts in stored["tally"]]
    older = HandPairs.from_dict(stored)
    assert older.tally[(1, 2)].chances[FOLDS_TO] == 0 and older.tally[(1, 2)].hits[RAISE_FOLDS] == 1


def test_chips_won_at_an_all_in_are_compared_with_the_tables_equities():
    # All in preflop, aces against kings; the table's equity event gives the aces 80 %: the aces
    # won the kings' 1,000 chips, 200 more than their equity of them (and the kings 200 fewer).
    hand = GAME.start_hand(
        stacks=[1000, 1000], button=0, deck=deck_for(["As Ah", "Ks Kh"], "Qd 9c 4h 3s 2h", button=0)
    )
    hand.act(Action.raise_to(1000))
    hand.act(Action.call())
    events = list(hand.events)
    events.insert(
        -2, {"type": "equity", "street": "preflop", "pots": [{"players": [0, 1], "equity": [0.8, 0.2]}]}
    )
    pairs = hand_pairs(events)
    assert pairs.flow == {(1, 0): 1000}
    assert pairs.luck == {(1, 0): pytest.approx(200), (0, 1): pytest.approx(-200)}
