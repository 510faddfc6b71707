"""The Razz bots of the two stronger levels (docs/practice.md). Razz is fixed limit: the size of
a bet is the rules', so the decision is only whether to fold, call or raise.

Each weighs its equity against the cards every opponent shows (his down cards drawn from the
unseen cards) against the price of a call: "régulier" raises when it is well ahead (its fair share
+ 20 points) and calls when the price is right. "fort" also reads the betting (a player who
completed, bet or raised is taken to hold down cards of eight or lower), raises more thinly (+ 15
points), and folds on 3rd street what a good player folds (a start with a card above eight facing
a completion).
"""

from __future__ import annotations

import random

import numpy as np

from ..actions import Action
from .odds import razz_equity
from .seat import AGGRESSIVE, SeatView

STRONG = "strong"


def decide(view: SeatView, level: str, rng: random.Random) -> Action:
    strong = level == STRONG
    legal = view.legal
    opponents = view.opponents
    if not opponents:
        return Action.check() if legal.can_check else Action.call()
    mine = [int(c) for c in view.hole + view.up[view.me] + view.board]
    ups = [[int(c) for c in view.up[p] + view.board] for p in opponents]
    seen = mine + [c for up in view.up for c in map(int, up)] + [int(c) for c in view.board]
    # "fort" reads a completion, bet or raise (on any street) as low down cards; "régulier" does not.
    starters = {a.player for a in view.actions if a.kind in AGGRESSIVE}
    est = razz_equity(
        mine,
        ups,
        seen,
        np.random.default_rng(rng.getrandbits(64)),
        samples=700 if strong else 400,
        good_start=[p in starters and strong for p in opponents],
    )
    eq = est.equity
    n = len(opponents)
    fair = 1.0 / (n + 1)
    raise_line = fair + (0.15 if strong else 0.2)
    raises = view.raises()
    if legal.bring_in is not None:
        if legal.can_raise and eq >= raise_line + 0.05:
            return Action.raise_to(legal.min_raise_to)
        return Action.bring_in()
    if legal.can_raise and eq >= raise_line and raises < 3:
        return Action.raise_to(legal.min_raise_to)
    if legal.can_check:
        return Action.check()
    to_call = view.to_call
    needed = to_call / (view.pot + to_call)
    # Fixed limit: the later streets cost twice as much, so a call now buys a chance at them too.
    implied = 0.85 if view.street < 4 else 1.0
    if strong and view.street == 0 and raises and _high_card_start(view):
        return Action.fold()
    if eq >= needed * implied + (0.0 if strong else 0.02):
        return Action.call()
    return Action.fold()


def _high_card_start(view: SeatView) -> bool:
    """A 3rd-street start with a card above eight (a nine, ten, jack, queen or king)."""
    return any(((c.rank_index + 1) % 13) > 7 for c in view.hole + view.up[view.me])
