"""Lookup tables behind the hand evaluators, built once at import.

Why tables: a 7-card hand has 133,784,560 combinations but only 49,205 different multisets of
ranks and 8,192 subsets of ranks inside one suit. Everything the evaluator needs is therefore
precomputed:

* every distinct 5-card hand class (7,462 for high, 6,175 for ace-to-five low) gets a dense
  value, greater for a better hand, equal exactly when two hands split;
* ``HIGH_BY_RANKS`` maps a multiset of 5, 6 or 7 ranks (as a base-5 count key, see
  ``RANK_POWER``) to the best hand those ranks make, ignoring suits: 5-card multisets come from
  the class list, 6 and 7 from "best of dropping one card", so no hand is ever enumerated;
* ``HIGH_FLUSH`` maps a 13-bit set of ranks in one suit to the best flush or straight flush;
* ``FLUSH_SUIT`` maps the packed suit counts of up to 7 cards to the suit holding five or more.

The per-card key ``HIGH_CARD_KEY[card]`` packs three fields, so that the sum of a hand's keys
gives them all at once: from bit 0, the card's own bit in suit-major order (``13 * suit + rank``:
the 13 bits of a suit are its ranks, ready for ``HIGH_FLUSH``; distinct cards add without carry,
so a repeated card shows as fewer bits set), then 3 spare bits for such carries, then 12 bits of
suit counts (3 bits a suit), then the base-5 rank key.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

# Category indices double as the category numbers of docs/rules.md (dealer draw payouts).
HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH = range(6)
FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH, ROYAL_FLUSH = range(6, 10)

CARD_MASK = (1 << 52) - 1  # the card bits of a hand
SUIT_SHIFT = 55  # 52 card bits and 3 bits for the carries of repeated cards
SUIT_MASK = (1 << 12) - 1  # 3 bits of count for each of the 4 suits
RANK_SHIFT = SUIT_SHIFT + 12
RANK_POWER = [5**r for r in range(13)]  # a rank multiset is the base-5 number of its counts

# A straight as a 13-bit rank set, indexed by its top card's rank; the wheel (A-2-3-4-5) tops at 3.
STRAIGHT_MASKS = {top: 0b11111 << (top - 4) for top in range(4, 13)}
STRAIGHT_MASKS[3] = 0b1000000001111
_STRAIGHT_TOP = {mask: top for top, mask in STRAIGHT_MASKS.items()}

_DESCENDING = tuple(range(12, -1, -1))

Class = tuple[int, tuple[int, ...]]  # (category, ranks in the order that breaks ties)


def _multiset_key(ranks: tuple[int, ...] | list[int], power: list[int]) -> int:
    return sum(power[r] for r in ranks)


def _rank_mask(ranks: tuple[int, ...]) -> int:
    mask = 0
    for r in ranks:
        mask |= 1 << r
    return mask


def _high_classes() -> list[tuple[Class, tuple[int, ...], bool]]:
    """Every 5-card high class with the 5 ranks that make it and whether it is suited."""
    out: list[tuple[Class, tuple[int, ...], bool]] = []
    for five in combinations(_DESCENDING, 5):
        if _rank_mask(five) in _STRAIGHT_TOP:
            continue
        out.append(((HIGH_CARD, five), five, False))
        out.append(((FLUSH, five), five, True))
    for top in range(3, 13):
        mask = STRAIGHT_MASKS[top]
        five = tuple(r for r in _DESCENDING if mask >> r & 1)
        out.append(((STRAIGHT, (top,)), five, False))
        out.append(((ROYAL_FLUSH if top == 12 else STRAIGHT_FLUSH, (top,)), five, True))
    for p in _DESCENDING:
        others = [r for r in _DESCENDING if r != p]
        for kickers in combinations(others, 3):
            out.append(((PAIR, (p, *kickers)), (p, p, *kickers), False))
        for kickers in combinations(others, 2):
            out.append(((THREE_OF_A_KIND, (p, *kickers)), (p, p, p, *kickers), False))
        for k in others:
            out.append(((FULL_HOUSE, (p, k)), (p, p, p, k, k), False))
            out.append(((FOUR_OF_A_KIND, (p, k)), (p, p, p, p, k), False))
    for hi, lo in combinations(_DESCENDING, 2):
        for k in _DESCENDING:
            if k not in (hi, lo):
                out.append(((TWO_PAIR, (hi, lo, k)), (hi, hi, lo, lo, k), False))
    out.sort(key=lambda item: item[0])
    return out


def _extend(five: dict[int, int], power: list[int], sizes: tuple[int, ...]) -> dict[int, int]:
    """Best value of every multiset of 6, then 7 ranks: the best over the multisets one rank
    smaller. Done with numpy arrays, because 320,000 steps in Python would slow the import."""
    powers = np.array(power, dtype=np.int64)
    keys = np.fromiter(five.keys(), dtype=np.int64, count=len(five))
    values = np.fromiter(five.values(), dtype=np.int64, count=len(five))
    all_keys, all_values = [keys], [values]
    for _ in sizes:
        room = keys[:, None] // powers % 5 < 4  # a rank can be added while it has fewer than four
        bigger = (keys[:, None] + powers)[room]
        value = np.broadcast_to(values[:, None], room.shape)[room]
        order = np.lexsort((value, bigger))  # by key, then value: the last of each key is the best
        bigger, value = bigger[order], value[order]
        last = np.append(bigger[1:] != bigger[:-1], True)
        keys, values = bigger[last], value[last]
        all_keys.append(keys)
        all_values.append(values)
    return dict(zip(np.concatenate(all_keys).tolist(), np.concatenate(all_values).tolist(), strict=True))


def _build_high() -> tuple[list[Class], dict[int, int], list[int], list[int], list[int]]:
    classes: list[Class] = []
    by_ranks: dict[int, int] = {}
    flush_of_five: dict[int, int] = {}
    for value, (klass, five, suited) in enumerate(_high_classes()):
        classes.append(klass)
        if suited:
            flush_of_five[_rank_mask(five)] = value
        else:
            by_ranks[_multiset_key(five, RANK_POWER)] = value
    by_ranks = _extend(by_ranks, RANK_POWER, (6, 7))

    # Flushes, for every 13-bit set of suited ranks: the highest straight in it, else its top five.
    masks = np.arange(8192, dtype=np.int64)
    five_of = np.full(8192, -1, dtype=np.int64)
    five_of[list(flush_of_five)] = list(flush_of_five.values())
    top_five = masks.copy()
    for _ in range(8):
        top_five = np.where(np.bitwise_count(top_five) > 5, top_five & (top_five - 1), top_five)
    flush = np.where(np.bitwise_count(masks) >= 5, five_of[top_five], -1)
    for top in range(3, 13):  # the highest straight found last wins
        straight = STRAIGHT_MASKS[top]
        flush = np.where(masks & straight == straight, five_of[straight], flush)

    packed = np.arange(SUIT_MASK + 1)
    flush_suit = np.full(SUIT_MASK + 1, -1, dtype=np.int64)
    for suit in range(4):
        flush_suit[packed >> (3 * suit) & 7 >= 5] = suit
    card_key = [
        (RANK_POWER[c >> 2] << RANK_SHIFT)
        | (1 << (SUIT_SHIFT + 3 * (c & 3)))
        | (1 << (13 * (c & 3) + (c >> 2)))
        for c in range(52)
    ]
    return classes, by_ranks, flush.tolist(), flush_suit.tolist(), card_key


HIGH_CLASSES, HIGH_BY_RANKS, HIGH_FLUSH, FLUSH_SUIT, HIGH_CARD_KEY = _build_high()


# Ace-to-five low: the ace is the lowest rank (index 0), then 2 (index 1) ... king (index 12);
# straights and flushes do not exist, so a hand is only its rank multiset.
LOW_CATEGORIES = (HIGH_CARD, PAIR, TWO_PAIR, THREE_OF_A_KIND, FULL_HOUSE, FOUR_OF_A_KIND)


def low_rank(card: int) -> int:
    return ((card >> 2) + 1) % 13


def _low_classes() -> list[tuple[Class, tuple[int, ...]]]:
    """Every 5-card ace-to-five class, best (A-2-3-4-5) first."""
    ascending = range(13)
    out: list[tuple[Class, tuple[int, ...]]] = []
    for five in combinations(ascending, 5):
        high_first = tuple(reversed(five))
        out.append(((HIGH_CARD, high_first), high_first))
    for p in ascending:
        others = [r for r in ascending if r != p]
        for kickers in combinations(others, 3):
            k = tuple(reversed(kickers))
            out.append(((PAIR, (p, *k)), (p, p, *k)))
        for kickers in combinations(others, 2):
            k = tuple(reversed(kickers))
            out.append(((THREE_OF_A_KIND, (p, *k)), (p, p, p, *k)))
        for k1 in others:
            out.append(((FULL_HOUSE, (p, k1)), (p, p, p, k1, k1)))
            out.append(((FOUR_OF_A_KIND, (p, k1)), (p, p, p, p, k1)))
    for lo, hi in combinations(ascending, 2):
        for k1 in ascending:
            if k1 not in (hi, lo):
                out.append(((TWO_PAIR, (hi, lo, k1)), (hi, hi, lo, lo, k1)))
    out.sort(key=lambda item: item[0])  # lexicographic on (category, ranks): smaller is better
    return out


def build_low() -> tuple[list[Class], dict[int, int], list[int]]:
    """Low classes ordered worst first (value 0 = four kings), the multiset table, card keys.

    Built on first use only: most tables never deal Razz.
    """
    best_first = _low_classes()
    n = len(best_first)
    classes: list[Class] = [klass for klass, _ in reversed(best_first)]
    by_ranks = {_multiset_key(five, RANK_POWER): n - 1 - i for i, (_, five) in enumerate(best_first)}
    by_ranks = _extend(by_ranks, RANK_POWER, (6, 7))
    card_key = [RANK_POWER[low_rank(c)] for c in range(52)]
    return classes, by_ranks, card_key
