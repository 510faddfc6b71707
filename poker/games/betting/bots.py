"""Simple practice opponents: they play their cards plainly, so a newcomer can learn the table.

A bot raises good starting hands and made hands, calls what is cheap, checks when it can and
folds the rest, with a little randomness so hands do not all look alike. Each game's bot
(``holdem``, ``razz``) reads only its own cards and the public state of the hand.
"""

from __future__ import annotations

import random

from ...engine import Action, evaluate_high
from ...engine.holdem import HoldemHand
from ...engine.razz import RazzHand

_rng = random.SystemRandom()

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


def _strength(hand: HoldemHand, player: int) -> float:
    cards = hand.hole_cards[player]
    if not hand.board:
        return _preflop_strength(cards)
    category = evaluate_high(list(cards) + list(hand.board)).category
    if category in STRONG:
        return 0.9
    if category == PAIR:
        return 0.6
    return 0.25


def _razz_strength(hand: RazzHand, player: int) -> float:
    """0..1: the share of his cards that are different ranks of eight or lower (a low in the making)."""
    cards = hand.hole_cards[player]
    low_ranks = {(c.rank_index + 1) % 13 for c in cards if (c.rank_index + 1) % 13 < 8}
    return min(len(low_ranks), 5) / min(len(cards), 5)


def razz(hand: RazzHand, rng: random.Random | None = None) -> Action:
    """The bot's action for the player to act in a Razz hand."""
    rng = rng or _rng
    player = hand.actor
    legal = hand.legal_actions()
    strength = _razz_strength(hand, player) + rng.uniform(-0.1, 0.1)
    if legal.can_raise and strength > 0.85 and hand.raises < 2:
        return Action.raise_to(legal.min_raise_to)
    if legal.bring_in is not None:
        return Action.bring_in()
    if legal.can_check:
        return Action.check()
    if strength > 0.55 or (legal.call_amount <= hand.bring_in and strength > 0.3):
        return Action.call()
    return Action.fold()


def holdem(hand: HoldemHand, rng: random.Random | None = None) -> Action:
    """The bot's action for the player to act in a Hold'em hand."""
    rng = rng or _rng
    player = hand.actor
    legal = hand.legal_actions()
    strength = _strength(hand, player) + rng.uniform(-0.1, 0.1)
    stack = hand.stacks[player]
    # One raise a round at most, and only with the best hands: bots that re-raise each other
    # all-in every hand teach nothing.
    first_raise = hand.level <= hand.big_blind
    if legal.can_raise and strength > 0.75 and (first_raise or strength > 0.95):
        pot = sum(hand.committed) + sum(hand.bets)
        target = max(legal.min_raise_to, hand.level + pot * 2 // 3)
        return Action.raise_to(min(target, legal.max_raise_to))
    if legal.can_check:
        return Action.check()
    cheap = legal.call_amount <= max(hand.big_blind * 2, stack // 10)
    if strength > 0.5 or (cheap and strength > 0.3):
        return Action.call()
    return Action.fold()
