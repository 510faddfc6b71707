"""The two numbers the pair figures need from the cards: a hand's equity against one other
player's real cards, and how near-certain a river hand is to win.

Heads-up equity is exact from the flop on (at most 990 boards); before the flop it is taken over
2,000 boards drawn once with a fixed seed (positions in the deck that is left), so the same hand
always gives the same figure (standard error at most 1.2 points, far below the 20-point margin of a strong
fold: docs/integrity.md). The exact preflop count (1.7 million boards, a quarter of a second)
would make a season's page take minutes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch
from ..cards import parse_cards

BOARD_SIZE = 5
PREFLOP_SAMPLES = 2000


@cache
def _index_combinations(size: int, k: int) -> npt.NDArray[np.intp]:
    """Every ``k``-card combination of a deck of ``size`` cards, as positions in that deck."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)  # the river: the one board there is
    return np.array(list(combinations(range(size), k)), dtype=np.intp)


@cache
def _index_samples(size: int, k: int) -> npt.NDArray[np.intp]:
    """``PREFLOP_SAMPLES`` random ``k``-card combinations of a deck of ``size`` cards, drawn once
    with a fixed seed: each is uniform over the combinations whatever cards the deck holds, and the
    same hand always gives the same figure."""
    rng = np.random.default_rng(20261205)
    return rng.random((PREFLOP_SAMPLES, size)).argsort(axis=1)[:, :k].astype(np.intp)


def _ints(cards: Sequence[str]) -> list[int]:
    return [int(c) for c in parse_cards(list(cards))]


def heads_up_equity(hero: Sequence[str], villain: Sequence[str], board: Sequence[str]) -> float:
    """``hero``'s share of a pot against ``villain`` alone over the boards still to come."""
    mine, theirs, known = _ints(hero), _ints(villain), _ints(board)
    used = set(mine) | set(theirs) | set(known)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.intp)
    to_come = BOARD_SIZE - len(known)
    if to_come <= 2:
        runouts = deck[_index_combinations(len(deck), to_come)]
    else:
        runouts = deck[_index_samples(len(deck), to_come)]
    boards = np.hstack([np.tile(np.array(known, dtype=np.intp), (len(runouts), 1)), runouts])
    a = evaluate_high_batch(np.hstack([np.tile(mine, (len(boards), 1)), boards]), check=False)
    b = evaluate_high_batch(np.hstack([np.tile(theirs, (len(boards), 1)), boards]), check=False)
    return float(((a > b).sum() + (a == b).sum() / 2) / len(boards))


def river_strength(hero: Sequence[str], board: Sequence[str]) -> float:
    """The share of all two-card hands the others could hold that ``hero`` beats on this complete
    board (a tie counts half): 1.0 is the nuts."""
    mine, known = _ints(hero), _ints(board)
    if len(known) != BOARD_SIZE:
        raise ValueError("a river strength needs the five board cards")
    used = set(mine) | set(known)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.intp)
    others = deck[_index_combinations(len(deck), 2)]
    rows = np.hstack([others, np.tile(np.array(known, dtype=np.intp), (len(others), 1))])
    theirs = evaluate_high_batch(rows, check=False)
    value = evaluate_high_batch(np.array([mine + known], dtype=np.intp), check=False)[0]
    return float(((value > theirs).sum() + (value == theirs).sum() / 2) / len(others))
