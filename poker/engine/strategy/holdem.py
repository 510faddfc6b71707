"""The Hold'em bots of the two stronger levels, "régulier" and "fort" (docs/practice.md).

Both weigh the price of a call against their equity against the opponents' ranges (``ranges``,
``odds``). Before the flop they play by starting-hand order: an opening range that widens as fewer
players are left to act, push or fold when the stack is short (10 big blinds or less for
"régulier", 15 for "fort"), and the equity against the raiser's range when facing a raise.

What "fort" adds: its position (it bets more often when it acts last), bluffs and semi-bluffs at a
steady frequency where few opponents remain, the short-stack push ranges of tournament charts, and
the same bet size for its strong hands and its bluffs so that the size says nothing of the hand.
"régulier" bets its good hands and checks or folds the rest: honest, readable, but no pushover.
"""

from __future__ import annotations

import random

import numpy as np

from ..actions import Action
from .odds import holdem_equity
from .ranges import opponent_range, percentile
from .seat import AGGRESSIVE, SeatView

REGULAR, STRONG = "regular", "strong"


def decide(view: SeatView, level: str, rng: random.Random) -> Action:
    strong = level == STRONG
    if view.street == 0:
        action = _preflop(view, strong, rng)
        if action is not None:
            return action
    return _by_equity(view, strong, rng)


# ---- before the flop


def _push_share(depth: float, behind: int) -> float:
    """The share of hands to move all-in with, first in, ``depth`` big blinds deep with ``behind``
    players still to act: about the heads-up push/fold equilibrium (60 % at 10 big blinds, 45 %
    at 15), narrowed for each player who may wake up with a hand."""
    heads_up = min(0.95, 0.25 + 3.3 / max(depth, 1.0))
    return heads_up ** max(1.0, 0.85 * behind)


def _open_share(behind: int, heads_up: bool) -> float:
    """First in: the share of hands to open with, by the number of players left to act."""
    if heads_up:
        return 0.8
    return {0: 0.5, 1: 0.45, 2: 0.33, 3: 0.25, 4: 0.2}.get(behind, 0.16)


def _preflop(view: SeatView, strong: bool, rng: random.Random) -> Action | None:
    """Before the flop when nobody has raised yet (else None: the equity decides)."""
    legal = view.legal
    bb = view.big_blind
    raised = any(a.kind in AGGRESSIVE for a in view.street_actions(0))
    if raised:
        return None
    pct = percentile(view.hole)
    behind = view.to_act_after()
    depth = view.effective_stack() / bb
    limpers = sum(a.kind == "call" for a in view.street_actions(0))
    heads_up = view.players == 2
    if depth <= (15 if strong else 10) and legal.can_raise:
        if pct <= _push_share(depth, len(behind) + limpers) * (1.0 if strong else 0.8):
            return Action.raise_to(legal.max_raise_to)
        return Action.check() if legal.can_check else Action.fold()
    share = _open_share(len(behind), heads_up) * (1.0 if strong else 0.8)
    if limpers:
        share *= 0.6
    if legal.can_raise and pct <= share:
        target = int(bb * (2.5 if strong or heads_up else 3) + limpers * bb)
        return Action.raise_to(_clamp(target, view))
    if legal.can_check:
        return Action.check()
    if view.to_call <= bb // 2 and pct <= 0.5:  # the small blind completes a limped pot
        return Action.call()
    if limpers and view.to_call <= bb and pct <= share * 1.6:
        return Action.call()
    return Action.fold()


# ---- by equity (after the flop, and facing a raise before it)


def _by_equity(view: SeatView, strong: bool, rng: random.Random) -> Action:
    legal = view.legal
    opponents = view.opponents
    if not opponents:
        return Action.check() if legal.can_check else Action.call()
    np_rng = np.random.default_rng(rng.getrandbits(64))
    # "régulier" reads the ranges from the actions before the flop only; "fort" from every street.
    ranges = [opponent_range(view, p, read_postflop=strong) for p in opponents]
    est = holdem_equity(view.hole, view.board, ranges, np_rng, samples=900 if strong else 500)
    eq = est.equity
    pot, to_call = view.pot, view.to_call
    n = len(opponents)
    fair = 1.0 / (n + 1)
    in_position = not view.to_act_after()
    value_line = fair + (0.22 if n == 1 else 0.18)  # equity to bet for value
    if strong and in_position:
        value_line -= 0.04
    if to_call == 0:
        if legal.can_raise and eq >= value_line:
            return _bet(view, rng, strong)
        if strong and legal.can_raise and n <= 2 and view.street < 3 and eq < fair and rng.random() < 0.22:
            return _bet(view, rng, strong)  # a bluff, the same size as the value bets
        return Action.check()
    needed = to_call / (pot + to_call)
    if view.street == 0 and view.raises(0) >= 2:
        needed += 0.04  # a re-raised pot: the ranges are stronger than the count says
    margin = 0.0 if strong else 0.03
    if legal.can_raise and eq >= value_line + 0.1:
        return _raise(view, rng, strong)
    if eq >= needed + margin:
        return Action.call()
    drawing = n == 1 and view.street in (1, 2) and eq > needed * 0.6
    if strong and legal.can_raise and drawing and rng.random() < 0.1:
        return _raise(view, rng, strong)  # a semi-bluff raise
    return Action.fold()


def _bet(view: SeatView, rng: random.Random, strong: bool) -> Action:
    """A bet of two thirds of the pot ("fort": a half, two thirds or three quarters, drawn at
    random whatever the hand, so the size carries no information)."""
    share = rng.choice((0.5, 0.66, 0.75)) if strong else 0.66
    if view.street == 0:
        target = max(view.bets) + view.pot  # a raise of the pot, the big blind's option in a limped pot
    else:
        target = int(view.pot * share)
    return Action.raise_to(_clamp(target, view))


def _raise(view: SeatView, rng: random.Random, strong: bool) -> Action:
    """A raise to three times the bet faced, plus the pot's dead money."""
    level = max(view.bets)
    target = 3 * level + (view.pot - sum(view.bets)) // 2
    if view.effective_stack() <= target * 1.5:
        target = view.legal.max_raise_to  # committed anyway: all in
    return Action.raise_to(_clamp(target, view))


def _clamp(target: int, view: SeatView) -> int:
    legal = view.legal
    return max(legal.min_raise_to, min(int(target), legal.max_raise_to))
