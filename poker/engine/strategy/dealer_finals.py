"""The dealer's final hand in draw against the dealer, counted exactly over a full deck.

Every one of the C(52, 5) = 2,598,960 hands the dealer can be dealt, his draw by the house rule
(``dealer_draw.dealer_discards``) and every set of replacement cards from the 47 he was not dealt:
a path (five cards, then ``d`` replacements) has the probability 1 / (C(52, 5) * C(47, d)). Over
the common denominator C(52, 5) * C(47, 3) = 42,142,136,400 every path weighs a whole number
(C(47, 3) / C(47, d): 16,215 when he stands pat, 345 for one card, 15 for two, 1 for three), so the
distribution is stored as exact integers: ``COUNTS[d, value]``, the weight of the paths where he
draws ``d`` cards and ends with the batch evaluator's ``value`` (0 ... 7,461).

How it is counted (``count_finals``, run by ``tools/dealer_finals.py``, about a minute): the
dealer's rule is applied to all 2,598,960 hands at once (``dealer_keeps``). Standing pat, one card
and two cards are enumerated directly (about 75 million hands valued). Three cards (a pair, or his
two highest) would be 36 billion; they are grouped by the two cards he keeps, ``K``: for each of
the 19,600 sets ``S`` of three cards he may receive, the number of hands that keep ``K`` and throw
three cards none of which is in ``S`` comes by inclusion-exclusion from how many of those hands
throw each card, each pair and each triple; so 1,326 * 19,600 final hands are valued, each with
its weight. The data file is ``dealer_finals.npy``; tests/engine/test_draw_hint.py recomputes parts
of it and checks the rule against ``dealer_discards``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch

DATA = Path(__file__).with_name("dealer_finals.npy")
VALUES = 7462  # the batch evaluator's five-card values, 0 (7-5-4-3-2) ... 7,461 (royal flush)
DENOMINATOR = comb(52, 5) * comb(47, 3)  # every path's weight is a whole number over this
PATH_WEIGHT = tuple(comb(47, 3) // comb(47, d) for d in range(4))  # 16,215, 345, 15, 1
STRAIGHT_VALUE = 5853  # the first straight among the values: from here on he stands pat


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.intp]:
    return np.array(list(combinations(range(n), k)), dtype=np.intp).reshape(-1, k)


def all_hands(deck: tuple[int, ...] = tuple(range(52))) -> npt.NDArray[np.intp]:
    """Every five-card hand of these cards (default: one whole deck), in increasing order, one a row."""
    return np.array(deck, dtype=np.intp)[_combinations(len(deck), 5)]


def dealer_keeps(
    hands: npt.NDArray[np.intp], categories: npt.NDArray[np.integer] | None = None
) -> npt.NDArray[np.bool_]:
    """Which cards the dealer keeps, hand by hand: ``dealer_discards`` for many hands at once.

    ``hands``: (n, 5) card indices. A straight or better stands pat; a pair, two pair or three of a
    kind keeps the cards that make it; otherwise four to a flush, then four to an open-ended
    straight (deuce-trey-four-five up to ten-jack-queen-king); otherwise his two highest.
    ``categories``: the hands' category numbers, given for hands of two decks (a card may appear
    twice); by default the batch evaluator's, for one deck.
    """
    if categories is None:
        stands = evaluate_high_batch(hands, check=False) >= STRAIGHT_VALUE
    else:
        stands = categories >= 4  # a straight
    ranks, suits = hands >> 2, hands & 3
    same_rank = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    same_suit = (suits[:, :, None] == suits[:, None, :]).sum(axis=2)
    keep = np.ones(hands.shape, dtype=bool)
    made = same_rank.max(axis=1) >= 2
    paired = ~stands & made
    keep[paired] = same_rank[paired] >= 2
    high = ~stands & ~made
    flush4 = high & (same_suit.max(axis=1) == 4)
    keep[flush4] = same_suit[flush4] == 4
    rest = high & ~flush4
    bits = np.bitwise_or.reduce(1 << ranks, axis=1)
    open_ended = np.zeros(len(hands), dtype=bool)
    for low in range(9):  # the same order as dealer_discards; five distinct ranks hold one run at most
        run = 0b1111 << low
        hit = rest & ~open_ended & ((bits & run) == run)
        keep[hit] = (ranks[hit] >= low) & (ranks[hit] < low + 4)
        open_ended |= hit
    two_high = rest & ~open_ended
    order = np.argsort(ranks[two_high], axis=1)  # distinct ranks: the three lowest are thrown
    thrown = np.zeros((int(two_high.sum()), 5), dtype=bool)
    np.put_along_axis(thrown, order[:, :3], True, axis=1)
    keep[two_high] = ~thrown
    return keep


def _finals_with_draw(
    kept: npt.NDArray[np.intp], dealt: npt.NDArray[np.intp], d: int, deck: npt.NDArray[np.bool_]
) -> npt.NDArray[np.int64]:
    """Counts by value of ``kept`` + every ``d`` cards of ``deck`` not in ``dealt`` (row by row)."""
    counts = np.zeros(VALUES, dtype=np.int64)
    left = int(deck.sum()) - 5
    extra = _combinations(left, d)
    rows_per_chunk = max(1, (1 << 21) // len(extra))
    for start in range(0, len(kept), rows_per_chunk):
        k, dl = kept[start : start + rows_per_chunk], dealt[start : start + rows_per_chunk]
        out = np.tile(deck, (len(dl), 1))
        np.put_along_axis(out, dl, False, axis=1)
        unseen = np.nonzero(out)[1].reshape(len(dl), left)
        new = unseen[:, extra]  # (rows, len(extra), d)
        finals = np.concatenate([np.broadcast_to(k[:, None, :], (*new.shape[:2], k.shape[1])), new], axis=2)
        counts += np.bincount(evaluate_high_batch(finals.reshape(-1, 5), check=False), minlength=VALUES)
    return counts


def _finals_keeping_two(
    kept: npt.NDArray[np.intp], thrown: npt.NDArray[np.intp], deck: npt.NDArray[np.bool_]
) -> npt.NDArray[np.int64]:
    """Counts by value when he keeps two cards and draws three (module docstring: inclusion-exclusion)."""
    counts = np.zeros(VALUES, dtype=np.int64)
    key = kept[:, 0] * 52 + kept[:, 1]
    order = np.argsort(key, kind="stable")
    key, thrown = key[order], thrown[order]
    starts = np.flatnonzero(np.r_[True, key[1:] != key[:-1]])
    ends = np.r_[starts[1:], len(key)]
    size = int(deck.sum()) - 2
    triples = _combinations(size, 3)
    pairs_of_triple = triples[:, [[0, 1], [0, 2], [1, 2]]]
    for start, end in zip(starts, ends):
        k1, k2 = divmod(int(key[start]), 52)
        throws = thrown[start:end]  # every three-card throw that keeps exactly k1, k2
        others = np.array([c for c in np.flatnonzero(deck) if c not in (k1, k2)], dtype=np.intp)
        position = np.full(52, -1, dtype=np.intp)
        position[others] = np.arange(size)
        t = position[throws]  # positions among the other cards of the deck
        by_card = np.bincount(t.ravel(), minlength=size)
        by_pair = np.zeros((size, size), dtype=np.int64)
        for a, b in ((0, 1), (0, 2), (1, 2)):
            np.add.at(by_pair, (t[:, a], t[:, b]), 1)
        by_pair += by_pair.T
        by_triple = np.zeros((size, size, size), dtype=np.int64)
        ts = np.sort(t, axis=1)
        by_triple[ts[:, 0], ts[:, 1], ts[:, 2]] = 1
        weight = (
            len(throws)
            - by_card[triples].sum(axis=1)
            + by_pair[pairs_of_triple[:, :, 0], pairs_of_triple[:, :, 1]].sum(axis=1)
            - by_triple[triples[:, 0], triples[:, 1], triples[:, 2]]
        )
        finals = np.concatenate([np.tile([k1, k2], (len(triples), 1)), others[triples]], axis=1)
        values = evaluate_high_batch(finals, check=False)
        counts += np.bincount(values, weights=weight, minlength=VALUES).astype(np.int64)
    return counts


def count_paths(
    hands: npt.NDArray[np.intp] | None = None, deck: tuple[int, ...] = tuple(range(52))
) -> npt.NDArray[np.int64]:
    """How many paths end with each value, by the number he draws: ``paths[d, value]``.

    The dealer is dealt each of ``hands`` (default: every hand of ``deck``) and draws from the rest
    of ``deck``, a tuple of distinct card indices (default: a whole deck; the card-removal reference
    of bench/dealer_hint.py passes the cards a player does not hold). Unweighted: a path's
    probability is 1 / (C(m, 5) * C(m - 5, d)) for a deck of m cards.
    """
    hands = all_hands(deck) if hands is None else hands
    in_deck = np.zeros(52, dtype=bool)
    in_deck[list(deck)] = True
    keep = dealer_keeps(hands)
    drawn = 5 - keep.sum(axis=1)
    counts = np.zeros((4, VALUES), dtype=np.int64)
    pat = hands[drawn == 0]
    counts[0] = np.bincount(evaluate_high_batch(pat, check=False), minlength=VALUES)
    for d in (1, 2, 3):
        mine = hands[drawn == d]
        if not len(mine):
            continue
        k = mine[keep[drawn == d]].reshape(len(mine), 5 - d)
        if d < 3:
            counts[d] = _finals_with_draw(k, mine, d, in_deck)
        else:
            thrown = mine[~keep[drawn == d]].reshape(len(mine), 3)
            counts[d] = _finals_keeping_two(k, thrown, in_deck)
    return counts


def count_finals(hands: npt.NDArray[np.intp] | None = None) -> npt.NDArray[np.int64]:
    """``COUNTS[d, value]`` over a full deck for these dealer hands (default: all), weighted as stored."""
    return count_paths(hands) * np.array(PATH_WEIGHT, dtype=np.int64)[:, None]


@cache
def dealer_finals() -> npt.NDArray[np.int64]:
    """The stored ``COUNTS[d, value]`` (module docstring); the weights add up to ``DENOMINATOR``."""
    counts = np.load(DATA)
    if counts.shape != (4, VALUES) or int(counts.sum()) != DENOMINATOR:
        raise ValueError(f"{DATA} is not the dealer's final hands: run tools/dealer_finals.py")
    return counts
