"""All-in equities for the viewers: each shown hand's share of the pot over the boards to come.

Only public cards count (the hands turned up and the board): folded and burned cards are secret,
so the figures are the ones every viewer could work out himself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import evaluate_high, parse_cards

try:  # the engine's exact equity (numpy); until it lands, a sampled estimate below
    from .engine.equity import equity as _engine_equity
except ImportError:  # pragma: no cover
    _engine_equity = None

SAMPLES = 3000


def runout_equity(hole_cards: Sequence[Sequence[str]], board: Sequence[str]) -> list[float]:
    """Each player's expected share of the pot (0..1), in the order given."""
    if _engine_equity is not None:
        return [result.equity for result in _engine_equity([list(h) for h in hole_cards], list(board))]
    return _sampled(hole_cards, board)


def _sampled(hole_cards: Sequence[Sequence[str]], board: Sequence[str]) -> list[float]:
    holes = [parse_cards(list(h)) for h in hole_cards]
    known = parse_cards(list(board))
    used = {c for h in holes for c in h} | set(known)
    deck = [c for c in parse_cards([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"]) if c not in used]
    to_come = 5 - len(known)
    rng = random.Random(hash((tuple(map(tuple, hole_cards)), tuple(board))))
    shares = [0.0] * len(holes)
    samples = SAMPLES if to_come else 1
    for _ in range(samples):
        full = known + rng.sample(deck, to_come)
        values = [evaluate_high(h + full) for h in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
    return [s / samples for s in shares]
