"""The practice bots' decisions (poker.engine.strategy): legal at every level in every game, made
from the seat's own view, and the choices docs/practice.md promises (push or fold when short,
equity against a range, the price of a call)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from poker.engine import Action, NoLimitHoldem, Razz, equity, parse_cards, shuffled_deck, visible_events
from poker.engine.holdem import deck_for
from poker.engine.strategy import BASELINES, LEVELS, PLAYERS, SeatView, decide
from poker.engine.strategy.odds import holdem_equity, low_values
from poker.engine.strategy.ranges import combos, opponent_range, percentile
from poker.engine.strategy.seat import offer


def play_hand(hand, kinds, rng):
    while not hand.is_over:
        p = hand.actor
        view = SeatView.from_events(visible_events(hand.events, p), p, offer(hand))
        hand.act({**PLAYERS, **BASELINES}[kinds[p]](view, rng))  # IllegalAction if a bot errs
    return hand


@pytest.mark.parametrize("players", [2, 6, 8])
def test_every_level_plays_only_legal_actions_in_holdem_and_razz(players):
    rng = random.Random(players)
    kinds = [LEVELS[k % 3] for k in range(players)]
    for k in range(12):
        stacks = [rng.choice((120, 400, 2000)) for _ in range(players)]  # short and deep stacks
        holdem = NoLimitHoldem(10, 20, 0).start_hand(stacks, k % players, shuffled_deck())
        assert sum(play_hand(holdem, kinds, rng).stacks) == sum(stacks)
        razz = Razz(ante=5, bring_in=10, small_bet=20).start_hand([1000] * players, shuffled_deck())
        assert sum(play_hand(razz, kinds, rng).stacks) == 1000 * players


def test_a_view_refuses_another_players_cards():
    hand = NoLimitHoldem(10, 20, 0).start_hand([2000] * 3, 0, shuffled_deck())
    me = hand.actor
    view = SeatView.from_events(visible_events(hand.events, me), me, offer(hand))
    assert len(view.hole) == 2 and view.board == []
    with pytest.raises(ValueError, match="private to player"):
        SeatView.from_events(hand.events, me, offer(hand))  # every player's hole cards: refused


def test_the_view_counts_the_pot_and_the_price_as_the_table_shows_them():
    hand = NoLimitHoldem(10, 20, 0).start_hand([2000] * 3, 0, shuffled_deck())
    hand.act(Action.raise_to(60))
    me = hand.actor  # the small blind, facing a raise to 60
    view = SeatView.from_events(visible_events(hand.events, me), me, offer(hand))
    assert view.pot == 10 + 20 + 60 and view.to_call == 50 and view.raises() == 1


def holdem_hand(holes, board="", button=0, stacks=None):
    n = len(holes)
    deck = deck_for(holes, board, button=button)
    return NoLimitHoldem(10, 20, 0).start_hand(stacks or [2000] * n, button, deck)


def test_a_short_stack_pushes_aces_and_folds_seven_deuce():
    # Six players, 8 big blinds each: first to act (under the gun) moves all in or folds.
    for hole, expected in (("As Ah", "raise"), ("7c 2d", "fold")):
        holes = ["Kc Kd", "Qc Qd", "Jc Jd", hole, "9c 9d", "8c 8d"]
        hand = holdem_hand(holes, stacks=[160] * 6)
        me = hand.actor
        assert me == 3
        action = decide("strong", visible_events(hand.events, me), me, offer(hand), random.Random(1))
        assert action.kind == expected
        if expected == "raise":
            assert action.amount == 160  # all in


def test_facing_an_all_in_the_bot_calls_when_the_price_is_right_and_folds_when_it_is_not():
    # Heads-up, 100 big blinds; the button (small blind) moves all in. The big blind's call costs
    # 1,980 to win 4,000: it needs 49.5 %. Against a shove range, aces call and seven-deuce folds.
    for hole, expected in (("As Ah", "call"), ("7c 2d", "fold")):
        hand = holdem_hand(["Kc Qd", hole])
        hand.act(Action.raise_to(2000))
        me = hand.actor
        action = decide("regular", visible_events(hand.events, me), me, offer(hand), random.Random(2))
        assert action.kind == expected


def test_the_monte_carlo_equity_agrees_with_the_exact_one_within_its_stated_error():
    # A range of one kind, kings, against aces: the exact equity counts every board.
    exact = equity(["As Ah", "Kc Kd"])[0].equity
    cards, _, _ = combos()
    kings = np.array([(a >> 2) == 11 and (b >> 2) == 11 for a, b in cards])
    est = holdem_equity(parse_cards("As Ah"), [], [kings], np.random.default_rng(3), samples=4000)
    assert abs(est.equity - exact) < 4 * est.error + 0.01  # the sample of kings differs by suit
    assert 0 < est.error < 0.01


def test_on_the_river_against_one_range_the_equity_is_exact():
    cards, _, _ = combos()
    board = parse_cards("2c 7d 9h Js Kd")
    mine = parse_cards("Ah Ad")
    only = np.zeros(len(cards), dtype=bool)
    only[
        np.flatnonzero(
            (cards[:, 0] == int(parse_cards("Kc")[0])) & (cards[:, 1] == int(parse_cards("Kh")[0]))
        )
    ] = True
    est = holdem_equity(mine, board, [only], np.random.default_rng(4))
    assert est.exact and est.equity == 0.0  # a set of kings beats the aces every time


def test_a_raise_narrows_the_range_to_the_best_starting_hands():
    hand = holdem_hand(["Kc Qd", "As Ah", "7c 2d"], button=0)
    hand.act(Action.raise_to(60))  # the button opens
    me = hand.actor
    view = SeatView.from_events(visible_events(hand.events, me), me, offer(hand))
    opener = opponent_range(view, 0)
    cards, _, pct = combos()
    assert opener.sum() < 0.4 * len(cards)  # about a fifth of the hands, not all of them
    assert pct[opener].max() <= 0.23 * 1.7  # three players: no widening beyond heads-up's
    assert percentile(parse_cards("As Ah")) < 0.01 and percentile(parse_cards("7c 2d")) > 0.95


def test_razz_low_values_put_the_wheel_first_and_pairs_last():
    hands = [parse_cards(h) for h in ("Ac 2d 3h 4s 5c Kd Kh", "Ac 2d 3h 4s 6c Kd Qh", "Ac Ad 2h 2s 3c 3d 4h")]
    values = low_values(np.array([[int(c) for c in h] for h in hands]))
    assert values[0] < values[1] < values[2]


def test_razz_bots_post_the_bring_in_or_complete_and_never_fold_it():
    for seed in range(10):
        rng = random.Random(seed)
        hand = Razz(ante=5, bring_in=10, small_bet=20).start_hand([1000] * 4, shuffled_deck())
        me = hand.actor
        for level in LEVELS:
            action = decide(level, visible_events(hand.events, me), me, offer(hand), rng)
            assert action.kind in ("bring_in", "raise")


def test_the_best_draw_keeps_a_pair_of_aces_and_four_to_a_royal_flush_and_stands_pat_on_a_flush():
    from poker.engine.strategy.draw import best_draws

    assert {str(c) for c in best_draws(parse_cards("As Ad 7c 4h 2s"))[0].thrown} == {"7c", "4h", "2s"}
    assert [str(c) for c in best_draws(parse_cards("Kh Qh Jh Th 2c"))[0].thrown] == ["2c"]
    assert best_draws(parse_cards("2h 5h 8h 4h Ah"))[0].thrown == ()
    draws = best_draws(parse_cards("2c 7d 9h Js 4s"))
    assert len(draws) == 1 + 5 + 10 + 10  # every way to throw 0 to 3 of five cards
    assert draws[0].expected > draws[-1].expected
