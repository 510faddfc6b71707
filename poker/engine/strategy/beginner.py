"""The "débutant" level: today's practice bots, who play their cards plainly (docs/practice.md).

A bot raises good starting hands and made hands, calls what is cheap, checks when it can and folds
the rest, with a little randomness so hands do not all look alike. No position, no pot odds, no
reading of a bet: the opponent a newcomer learns the table against.
"""

from __future__ import annotations

import random

from ..actions import Action
from ..evaluate import evaluate_high
from .seat import SeatView

PAIR = "pair"
STRONG = {
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
}


def _preflop_strength(cards) -> float:
    """0..1: pairs and high cards high, suited and connected cards a little higher."""
    a, b = sorted((c.rank_index for c in cards), reverse=True)
    score = (a + b) / 24
    if a == b:
        score = 0.6 + a / 30
    if cards[0].suit == cards[1].suit:
        score += 0.05
    if a - b == 1:
        score += 0.03
    return min(score, 1.0)


def _strength(view: SeatView) -> float:
    if not view.board:
        return _preflop_strength(view.hole)
    category = evaluate_high(list(view.hole) + list(view.board)).category
    if category in STRONG:
        return 0.9
    if category == PAIR:
        return 0.6
    return 0.25


def _razz_strength(view: SeatView) -> float:
    """0..1: the share of his cards that are different ranks of eight or lower (a low in the making)."""
    cards = view.hole + view.up[view.me]
    low_ranks = {(c.rank_index + 1) % 13 for c in cards if (c.rank_index + 1) % 13 < 8}
    return min(len(low_ranks), 5) / min(len(cards), 5)


def razz(view: SeatView, rng: random.Random) -> Action:
    legal = view.legal
    strength = _razz_strength(view) + rng.uniform(-0.1, 0.1)
    if legal.can_raise and strength > 0.85 and view.raises() < 2:
        return Action.raise_to(legal.min_raise_to)
    if legal.bring_in is not None:
        return Action.bring_in()
    if legal.can_check:
        return Action.check()
    if strength > 0.55 or (legal.call_amount <= view.stakes["bring_in"] and strength > 0.3):
        return Action.call()
    return Action.fold()


def holdem(view: SeatView, rng: random.Random) -> Action:
    legal = view.legal
    strength = _strength(view) + rng.uniform(-0.1, 0.1)
    stack = view.stacks[view.me]
    level = max(view.bets)
    # One raise a round at most, and only with the best hands: bots that re-raise each other
    # all-in every hand teach nothing.
    first_raise = level <= view.big_blind
    if legal.can_raise and strength > 0.75 and (first_raise or strength > 0.95):
        target = max(legal.min_raise_to, level + view.pot * 2 // 3)
        return Action.raise_to(min(target, legal.max_raise_to))
    if legal.can_check:
        return Action.check()
    cheap = legal.call_amount <= max(view.big_blind * 2, stack // 10)
    if strength > 0.5 or (cheap and strength > 0.3):
        return Action.call()
    return Action.fold()
