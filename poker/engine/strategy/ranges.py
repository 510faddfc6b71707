"""Hold'em ranges: the two-card hands an opponent may hold, as his actions narrow them.

A range is a boolean mask over the 1,326 two-card combinations. Before the flop it is the best
fraction of hands by the starting-hand order below; after it, each bet or raise keeps the part of
the range that makes the strongest hands on the board of that street, each call drops the weakest.

The starting-hand order: the 169 kinds of starting hand ranked by their equity against one random
hand, computed with this engine's batch evaluator (60,000 random deals each; the order agrees with
the published all-in tables, e.g. Sklansky and Miller's, to a rank or two). The fractions an
action implies are documented in docs/practice.md with their sources.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch
from .seat import AGGRESSIVE, SeatView

RANKS = "23456789TJQKA"
ORDER = (  # noqa: SIM905 (the order reads as the tables print it)
    "AA KK QQ JJ TT 99 88 AKs 77 AQs AKo AJs ATs AQo AJo 66 KQs A9s ATo KJs A8s KTs KQo A7s A9o KJo "
    "K9s 55 QJs A5s A6s KTo A8o QTs A4s A7o K8s A3s QJo K9o A6o A5o K7s JTs Q9s QTo A2s 44 A4o K6s "
    "K5s A3o K8o Q8s J9s Q9o K4s K7o JTo K6o A2o K3s J8s T9s Q7s Q8o Q6s 33 K2s J9o K5o J7s Q5s T8s "
    "K4o Q7o T9o J8o Q4s K3o T7s Q6o 98s Q3s J6s Q5o 22 Q2s K2o T8o J5s J7o J4s Q4o T6s 97s Q3o 98o "
    "J3s J6o 87s T7o J5o J2s Q2o T5s 96s 86s 97o T4s T6o J4o 76s 95s T3s J3o 87o T2s 85s J2o 75s 96o "
    "T5o 94s 86o 93s T4o 65s 95o 92s 76o 84s T3o 74s 54s 64s 85o T2o 83s 94o 82s 75o 73s 93o 63s 65o "
    "53s 84o 92o 43s 74o 54o 72s 64o 52s 62s 83o 82o 42s 73o 53o 32s 63o 43o 72o 52o 62o 42o 32o"
).split()


def kind_of(a: int, b: int) -> str:
    """The starting hand's kind ("AKs", "T9o", "77") of two card indices."""
    ra, rb = sorted((a >> 2, b >> 2), reverse=True)
    if ra == rb:
        return RANKS[ra] * 2
    return RANKS[ra] + RANKS[rb] + ("s" if a & 3 == b & 3 else "o")


@cache
def combos() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.uint64], npt.NDArray[np.float64]]:
    """Every two-card combination (rows of card indices), its card bits, and its starting-hand
    percentile: the share of all combinations ranked above or level with it (AA: 0.0045, 32o: 1)."""
    cards = np.array(list(combinations(range(52), 2)), dtype=np.intp)
    bits = (np.uint64(1) << cards[:, 0].astype(np.uint64)) | (np.uint64(1) << cards[:, 1].astype(np.uint64))
    rank = {kind: k for k, kind in enumerate(ORDER)}
    kind_rank = np.array([rank[kind_of(a, b)] for a, b in cards])
    per_kind = np.bincount(kind_rank, minlength=len(ORDER))
    below = np.cumsum(per_kind) / len(cards)  # share of combos of this kind or better
    return cards, bits, below[kind_rank]


def card_bits(cards: Sequence[int]) -> np.uint64:
    out = np.uint64(0)
    for c in cards:
        out |= np.uint64(1) << np.uint64(int(c))
    return out


def percentile(hole: Sequence[int]) -> float:
    """His starting hand's place in the order (0 best, 1 worst)."""
    cards, _bits, pct = combos()
    a, b = sorted(int(c) for c in hole)
    return float(pct[(cards[:, 0] == a) & (cards[:, 1] == b)][0])


def preflop_fraction(view: SeatView, player: int) -> float:
    """The share of starting hands ``player``'s preflop actions imply (docs/practice.md)."""
    acts = [a for a in view.street_actions(0) if a.player == player]
    if not acts:
        return 1.0
    raises_before = 0
    fraction = 1.0
    for a in view.street_actions(0):
        if a.player == player:
            if a.kind in AGGRESSIVE:
                fraction = min(fraction, (0.22, 0.07, 0.035)[min(raises_before, 2)])
                if a.all_in and a.total >= 12 * view.big_blind:
                    fraction = min(fraction, 0.12)
            elif a.kind == "call":
                called = 0.45 if raises_before == 0 else (0.25, 0.08, 0.04)[min(raises_before - 1, 2)]
                fraction = min(fraction, called)
        if a.kind in AGGRESSIVE:
            raises_before += 1
    live = sum(not f for f in view.folded)
    if view.players == 2 or (live == 2 and view.players <= 3):
        fraction = min(1.0, fraction * 1.7)  # heads-up, players open and defend far wider
    return fraction


def opponent_range(view: SeatView, player: int, *, read_postflop: bool = True) -> npt.NDArray[np.bool_]:
    """The combinations ``player`` may hold, given the cards the viewer sees and his actions
    (``read_postflop``: his bets and calls after the flop too, not only before it)."""
    cards, bits, pct = combos()
    seen = card_bits([*view.hole, *view.board])
    mask = (bits & seen) == 0
    fraction = preflop_fraction(view, player)
    in_range = mask & (pct <= max(fraction, 0.03))
    for street in range(1, view.street + 1 if read_postflop else 1):
        board = [int(c) for c in view.board[: 2 + street]]
        acts = [a for a in view.street_actions(street) if a.player == player]
        if not acts or len(board) < 3:
            continue
        keep = 1.0
        for a in acts:
            if a.kind == "raise":
                keep *= 0.4
            elif a.kind == "bet":
                keep *= 0.6
            elif a.kind == "call":
                keep *= 0.75
        if keep < 1.0:
            in_range = _strongest(in_range, cards, board, keep)
    if not in_range.any():
        in_range = mask
    return in_range


def _strongest(
    in_range: npt.NDArray[np.bool_], cards: npt.NDArray[np.intp], board: list[int], keep: float
) -> npt.NDArray[np.bool_]:
    """The ``keep`` share of the range that makes the best hands on ``board``."""
    index = np.flatnonzero(in_range)
    rows = np.concatenate([cards[index], np.tile(np.array(board, dtype=np.intp), (len(index), 1))], axis=1)
    values = evaluate_high_batch(rows, check=False)
    cut = np.quantile(values, 1.0 - keep)
    out = np.zeros_like(in_range)
    out[index[values >= cut]] = True
    return out
