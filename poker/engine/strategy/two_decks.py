"""Draw against the dealer at two decks: the dealer's final hands counted exactly over a shoe of 104.

The same count as ``dealer_finals`` (one deck), with the values of ``dealer_draw.hand_value``: a
card may be dealt twice, five of a kind is the best hand, a flush may hold a pair. ``hand_keys``
gives every hand an integer that orders as ``hand_value`` does (category * 13^5, then the ranks
that break ties, most significant first).

The dealer's paths are counted over physical cards (104, each of the 52 cards twice): his five
cards dealt from the shoe, his draw by the house rule, his replacements from the 99 he was not
dealt; a path has the probability 1 / (C(104, 5) * C(99, d)). Hands are enumerated as the cards
they hold, each once with the number of ways the shoe deals it (32 for five different cards, 8
with one card twice, 2 with two cards twice); one- and two-card draws enumerate the replacement
cards the same way. Three-card draws are grouped by the two cards he keeps (one of 182 classes up
to the suits' names, times the ways to hold them) with inclusion-exclusion over the cards he threw,
as for one deck. ``tools/dealer_finals.py`` stores ``KEYS`` and ``PATHS[d, i]`` (the number of
paths drawing ``d`` that end with ``KEYS[i]``) in ``dealer_finals_two_decks.npz``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, lcm
from pathlib import Path

import numpy as np
import numpy.typing as npt

from .dealer_finals import dealer_keeps

DATA = Path(__file__).with_name("dealer_finals_two_decks.npz")
BASE = 13**5  # a key is category * BASE + the tie-breaking ranks in base 13
SHOE = 104
LEFT = SHOE - 5  # the cards a player (or the dealer) was not dealt
_CHUNK = 1 << 16


def _keys(types: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    n = len(types)
    ranks, suits = types >> 2, types & 3
    count = np.zeros((n, 13), dtype=np.int64)
    rows = np.arange(n)
    for j in range(5):
        count[rows, ranks[:, j]] += 1
    score = np.where(count > 0, count * 16 + np.arange(13), -1)
    top = -np.sort(-score, axis=1)[:, :5]  # (count, rank), greatest first
    grouped = np.where(top >= 0, top & 15, 0)
    counts = np.where(top >= 0, top >> 4, 0)
    most, second = counts[:, 0], counts[:, 1]
    distinct = (count > 0).sum(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    wheel = (distinct == 5) & (grouped[:, 0] == 12) & (grouped[:, 1] == 3)
    straight = (distinct == 5) & ((grouped[:, 0] - grouped[:, 4] == 4) | wheel)
    high = np.where(wheel, 3, grouped[:, 0])
    category = np.select(
        [
            most == 5,
            straight & flush & (high == 12),
            straight & flush,
            most == 4,
            (most == 3) & (second == 2),
            flush,
            straight,
            most == 3,
            (most == 2) & (second == 2),
            most == 2,
        ],
        [10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
        0,
    )
    powers = 13 ** np.arange(4, -1, -1)
    by_rank = np.sort(ranks, axis=1)[:, ::-1] @ powers  # a flush: its five ranks, pairs and all
    ties = np.where(straight, high * 13**4, np.where(category == 5, by_rank, grouped @ powers))
    return category * BASE + ties


def hand_keys(types: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Keys of many five-card hands of two decks, (n, 5) card indices 0..51 (a card may repeat)."""
    hands = np.asarray(types, dtype=np.intp).reshape(-1, 5)
    out = np.empty(len(hands), dtype=np.int64)
    for start in range(0, len(hands), _CHUNK):
        out[start : start + _CHUNK] = _keys(hands[start : start + _CHUNK])
    return out


def _keeps(hands: npt.NDArray[np.intp]) -> npt.NDArray[np.bool_]:
    out = np.empty(hands.shape, dtype=bool)
    for start in range(0, len(hands), _CHUNK):
        chunk = hands[start : start + _CHUNK]
        out[start : start + _CHUNK] = dealer_keeps(chunk, hand_keys(chunk) // BASE)
    return out


@cache
def _multisets(k: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Every multiset of ``k`` cards (a card at most twice) and how often each card is in it."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp), np.zeros((1, 52), dtype=np.int64)  # standing pat
    rows = np.array(list(combinations_with_replacement(range(52), k)), dtype=np.intp)
    times = np.zeros((len(rows), 52), dtype=np.int64)
    for j in range(k):
        times[np.arange(len(rows)), rows[:, j]] += 1
    fits = times.max(axis=1, initial=0) <= 2
    return rows[fits], times[fits]


_WAYS = np.array([[comb(a, r) for r in range(4)] for a in range(3)], dtype=np.int64)  # C(left, taken)


def replacement_ways(
    left: npt.NDArray[np.int64], k: int
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """The multisets of ``k`` cards and how many ways each comes from a shoe holding ``left[c]`` of
    card c (rows that cannot come are left out)."""
    rows, times = _multisets(k)
    ways = _WAYS[left[None, :], times].prod(axis=1)
    return rows[ways > 0], ways[ways > 0]


def dealt_hands() -> tuple[npt.NDArray[np.intp], npt.NDArray[np.int64]]:
    """Every hand the shoe can deal, as its cards, and the number of ways (module docstring)."""
    five = np.array(list(combinations(range(52), 5)), dtype=np.intp)
    others3 = np.array(list(combinations(range(51), 3)), dtype=np.intp)
    twice = np.repeat(np.arange(52), len(others3))
    rest = np.tile(others3, (52, 1))
    rest += rest >= twice[:, None]
    one_pair = np.column_stack([twice, twice, rest])
    pairs = np.array(list(combinations(range(52), 2)), dtype=np.intp)
    single = np.tile(np.arange(50), len(pairs))
    a, b = np.repeat(pairs[:, 0], 50), np.repeat(pairs[:, 1], 50)
    single = single + (single >= a)
    single = single + (single >= b)
    two_pairs = np.column_stack([a, a, b, b, single])
    hands = np.concatenate([five, one_pair, two_pairs])
    ways = np.concatenate([np.full(len(five), 32), np.full(len(one_pair), 8), np.full(len(two_pairs), 2)])
    return hands, ways.astype(np.int64)


def _add(table: dict[int, int], keys: npt.NDArray[np.int64], weights: npt.NDArray[np.int64]) -> None:
    unique, inverse = np.unique(keys, return_inverse=True)
    sums = np.bincount(inverse, weights=weights.astype(np.float64)).round().astype(np.int64)
    for key, n in zip(unique.tolist(), sums.tolist()):
        table[key] = table.get(key, 0) + n


def _kept_two_classes() -> list[tuple[tuple[int, int], bool, int]]:
    """The dealer's two kept cards up to the suits' names: (cards, both copies of one card, ways)."""
    classes = [((4 * r, 4 * r), True, 4) for r in range(13)]  # one card twice: 4 suits, one way each
    classes += [((4 * r, 4 * r + 1), False, 24) for r in range(13)]  # a pair: 6 suit pairs, 4 ways
    for hi, lo in combinations(range(12, -1, -1), 2):
        classes.append(((4 * hi, 4 * lo), False, 16))  # suited: 4 suits, 4 ways to take the copies
        classes.append(((4 * hi, 4 * lo + 1), False, 48))  # offsuit: 12 suit pairs, 4 ways
    return classes


def _keeping_two(table: dict[int, int]) -> None:
    """Paths drawing three: grouped by the two physical cards kept (``dealer_finals`` does it so)."""
    triples = np.array(list(combinations(range(SHOE - 2), 3)), dtype=np.intp)
    pairs_of_triple = triples[:, [[0, 1], [0, 2], [1, 2]]]
    for (t1, t2), same, ways in _kept_two_classes():
        kept = (t1, t1 + 52) if same else (t1, t2)  # physical cards: card c is c and c + 52
        others = np.array([p for p in range(SHOE) if p not in kept], dtype=np.intp)
        size = len(others)
        hands = np.column_stack([np.full((len(triples), 2), [t1, t2]), others[triples] % 52])
        keep = _keeps(hands)
        valid = keep[:, :2].all(axis=1) & ~keep[:, 2:].any(axis=1)
        t = triples[valid]
        by_card = np.bincount(t.ravel(), minlength=size)
        by_pair = np.zeros((size, size), dtype=np.int64)
        for a, b in ((0, 1), (0, 2), (1, 2)):
            np.add.at(by_pair, (t[:, a], t[:, b]), 1)
        by_triple = np.zeros((size, size, size), dtype=np.int64)
        by_triple[t[:, 0], t[:, 1], t[:, 2]] = 1
        weight = (
            len(t)
            - by_card[triples].sum(axis=1)
            + by_pair[pairs_of_triple[:, :, 0], pairs_of_triple[:, :, 1]].sum(axis=1)
            - by_triple[triples[:, 0], triples[:, 1], triples[:, 2]]
        )
        _add(table, hand_keys(hands), weight * ways)


def count_paths_two_decks(
    draws: tuple[int, ...] = (0, 1, 2, 3),
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``KEYS`` and ``PATHS[d, i]`` (module docstring): a few minutes of CPU. ``draws``: count only
    the paths where he draws so many cards (the tests recount a part)."""
    hands, ways = dealt_hands()
    keep = _keeps(hands)
    drawn = 5 - keep.sum(axis=1)
    tables: list[dict[int, int]] = [{} for _ in range(4)]
    if 0 in draws:
        _add(tables[0], hand_keys(hands[drawn == 0]), ways[drawn == 0])
    for d in (d for d in (1, 2) if d in draws):
        mine, mine_ways = hands[drawn == d], ways[drawn == d]
        kept = mine[keep[drawn == d]].reshape(len(mine), 5 - d)
        rows, times = _multisets(d)
        step = max(1, (1 << 17) // len(rows))
        for start in range(0, len(mine), step):
            k, w, dealt = (
                kept[start : start + step],
                mine_ways[start : start + step],
                mine[start : start + step],
            )
            held = np.zeros((len(dealt), 52), dtype=np.int64)
            for j in range(5):
                held[np.arange(len(dealt)), dealt[:, j]] += 1
            new_ways = _WAYS[(2 - held)[:, None, :], times[None, :, :]].prod(axis=2)  # (hands, rows)
            finals = np.concatenate(
                [
                    np.broadcast_to(k[:, None, :], (len(k), len(rows), 5 - d)),
                    np.broadcast_to(rows, (len(k), *rows.shape)),
                ],
                axis=2,
            )
            weight = (new_ways * w[:, None]).ravel()
            _add(tables[d], hand_keys(finals.reshape(-1, 5))[weight > 0], weight[weight > 0])
    if 3 in draws:
        _keeping_two(tables[3])
    keys = np.array(sorted(set().union(*tables)), dtype=np.int64)
    paths = np.array([[table.get(int(k), 0) for k in keys] for table in tables], dtype=np.int64)
    return keys, paths


def stored_paths() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``KEYS`` and ``PATHS`` as stored."""
    with np.load(DATA) as data:
        return data["keys"], data["paths"]


@cache
def dealer_finals_two_decks() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The stored ``KEYS`` and the dealer's weight of each over the common denominator ``DENOMINATOR``."""
    keys, paths = stored_paths()
    weights = (paths * np.array(PATH_WEIGHT, dtype=np.int64)[:, None]).sum(axis=0)
    if int(weights.sum()) != DENOMINATOR:
        raise ValueError(f"{DATA} is not the dealer's final hands at two decks: run tools/dealer_finals.py")
    return keys, weights


PATH_WEIGHT = tuple(lcm(*(comb(LEFT, d) for d in range(4))) // comb(LEFT, d) for d in range(4))
DENOMINATOR = comb(SHOE, 5) * lcm(*(comb(LEFT, d) for d in range(4)))
