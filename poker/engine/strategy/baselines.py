"""Fixed opponents the bench measures the levels against (bench/bots.py): a calling station, a
random legal player and a tight rule player. They read the same seat view as the levels."""

from __future__ import annotations

import random

from ..actions import Action
from ..evaluate import evaluate_high
from .ranges import percentile
from .seat import SeatView


def calling_station(view: SeatView, rng: random.Random) -> Action:
    """Checks when it can, calls everything else (posts the bring-in when it owes it)."""
    legal = view.legal
    if legal.bring_in is not None:
        return Action.bring_in()
    return Action.check() if legal.can_check else Action.call()


def random_player(view: SeatView, rng: random.Random) -> Action:
    """One of the legal actions drawn at random; a raise to an amount drawn between the limits."""
    legal = view.legal
    choices = []
    if legal.bring_in is not None:
        choices.append(Action.bring_in())
    else:
        choices.append(Action.check() if legal.can_check else Action.call())
        if legal.can_fold:
            choices.append(Action.fold())
    if legal.can_raise:
        choices.append(Action.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    return rng.choice(choices)


def tight(view: SeatView, rng: random.Random) -> Action:
    """Hold'em: raises the best 12 % of starting hands, then bets two pair or better and calls
    with a pair; folds the rest. Razz: plays three low cards of eight or lower, folds the rest."""
    legal = view.legal
    if legal.bring_in is not None:
        return Action.bring_in()
    if view.game == "razz":
        lows = {(c.rank_index + 1) % 13 for c in view.hole + view.up[view.me] if (c.rank_index + 1) % 13 < 8}
        good = len(lows) >= min(len(view.hole + view.up[view.me]), 5) - (1 if view.street >= 2 else 0)
    elif not view.board:
        good = percentile(view.hole) <= 0.12
    else:
        category = evaluate_high(list(view.hole) + list(view.board)).category
        if category != "pair" and category != "high_card" and legal.can_raise:
            target = view.pot * 2 // 3 + max(view.bets)
            return Action.raise_to(max(legal.min_raise_to, min(target, legal.max_raise_to)))
        good = category == "pair"
    if good and legal.can_raise and not view.board and view.game != "razz":
        return Action.raise_to(max(legal.min_raise_to, min(3 * max(view.bets), legal.max_raise_to)))
    if legal.can_check:
        return Action.check()
    return Action.call() if good else Action.fold()
