"""Evaluate many high hands at once with numpy: the engine behind exact equities.

Why another evaluator: exact all-in equity needs millions of 7-card evaluations (1,712,304 boards
for two players before the flop), far beyond a Python loop. Here every step is a whole-array
operation, and the numbers are exactly those of ``evaluate_high`` (same dense values).

How: each card has a ``uint32`` key, SKPokerEval's rank key (13 integers whose sums of 5, 6 or 7,
with at most four of a rank, are all different) shifted above a 9-bit suit key (0, 1, 8, 57:
their sums tell which suit, if any, holds five cards). The rank part of a hand's key sum is a
direct index into a ``uint16`` table of the best hand its ranks make. The few flush hands (about 3% of 7-card
hands) are recomputed from their 13-bit set of suited ranks. Arrays are processed in chunks that
stay in the CPU caches.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from . import _tables as t

# SKPokerEval's rank keys (deuce first): every multiset of 5, 6 or 7 ranks with at most four of a
# kind has its own sum (checked by the tests), and the largest 7-card sum is only 7,825,759.
_SK_RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
_SK_SUIT_KEYS = (0, 1, 8, 57)  # sums of up to 7 tell the suit of five or more (checked at build)
SUIT_BITS = 9
SUIT_MASK = (1 << SUIT_BITS) - 1  # 4 * 1,479,181 + 3 * 636,345 << 9 | 7 * 57 still fits 32 bits
_CHUNK = 1 << 14  # rows per step: the chunk's temporaries stay in the L2 cache


@dataclass(frozen=True)
class HighTables:
    """The tables for hands of one size (5, 6 or 7 cards); see the module docstring."""

    card_key: npt.NDArray[np.uint32]  # per card: rank key << 9 | suit key
    card_bit: npt.NDArray[np.uint64]  # per card: 1 << (13 * suit + rank), a hand's suited ranks
    by_ranks: npt.NDArray[np.uint16]  # rank key sum -> best hand of those ranks, suits ignored
    flush_suit: npt.NDArray[np.int8]  # suit key sum -> the suit with five or more cards, else -1
    flush: npt.NDArray[np.uint16]  # 13-bit set of suited ranks -> best flush or straight flush


@cache
def high_tables(size: int) -> HighTables:
    """Built on first use from the pure-Python tables of ``_tables`` (a few milliseconds)."""
    if size not in (5, 6, 7):
        raise ValueError(f"the batch evaluator takes 5, 6 or 7 cards a hand, not {size}")
    base5 = np.fromiter(t.HIGH_BY_RANKS.keys(), dtype=np.int64, count=len(t.HIGH_BY_RANKS))
    values = np.fromiter(t.HIGH_BY_RANKS.values(), dtype=np.int64, count=len(t.HIGH_BY_RANKS))
    counts = base5[:, None] // np.array(t.RANK_POWER, dtype=np.int64) % 5
    mine = counts.sum(axis=1) == size
    sk = counts[mine] @ np.array(_SK_RANK_KEYS, dtype=np.int64)
    by_ranks = np.zeros(int(sk.max()) + 1, dtype=np.uint16)
    by_ranks[sk] = values[mine]

    cards = np.arange(52)
    ranks, suits = cards >> 2, cards & 3
    card_key = (np.array(_SK_RANK_KEYS)[ranks] << SUIT_BITS | np.array(_SK_SUIT_KEYS)[suits]).astype(
        np.uint32
    )
    card_bit = np.uint64(1) << (13 * suits + ranks).astype(np.uint64)
    flush_suit = np.full(SUIT_MASK + 1, -1, dtype=np.int8)
    for hand_suits in combinations_with_replacement(range(4), size):
        five = [s for s in range(4) if hand_suits.count(s) >= 5]
        flush_suit[sum(_SK_SUIT_KEYS[s] for s in hand_suits)] = five[0] if five else -1
    flush = np.array(t.HIGH_FLUSH, dtype=np.int64)
    return HighTables(
        card_key=card_key,
        card_bit=card_bit,
        by_ranks=by_ranks,
        flush_suit=flush_suit,
        flush=np.where(flush < 0, 0, flush).astype(np.uint16),
    )


def values_from_sums(
    key: npt.NDArray[np.uint32],
    tables: HighTables,
    *,
    cards: npt.NDArray[np.intp] | None = None,
    bits: npt.NDArray[np.uint64] | None = None,
    extra_bits: np.uint64 | int = 0,
) -> npt.NDArray[np.uint16]:
    """Hand values from summed card keys. Flush hands need the suited ranks: from ``cards`` (the
    rows of card indices) or from ``bits | extra_bits`` (the union of the rows' card bits).

    Equity sums the keys and bits of each board once, then adds each player's hole cards, so it
    calls this directly; ``evaluate_high_batch`` passes the cards.
    """
    values = tables.by_ranks[key >> SUIT_BITS]
    suit = tables.flush_suit[key & SUIT_MASK]
    flushes = np.flatnonzero(suit >= 0)
    if flushes.size:
        if cards is not None:
            suited = np.bitwise_or.reduce(tables.card_bit[cards[flushes]], axis=1)
        elif bits is not None:
            suited = bits[flushes] | np.uint64(extra_bits)
        else:
            raise TypeError("flush hands need the cards or their bits")
        shift = np.uint64(13) * suit[flushes].astype(np.uint64)
        values[flushes] = tables.flush[((suited >> shift) & np.uint64(0x1FFF)).astype(np.intp)]
    return values


def evaluate_high_batch(cards: npt.ArrayLike, *, check: bool = True) -> npt.NDArray[np.int32]:
    """Values of many hands: ``cards`` has shape (n, 5), (n, 6) or (n, 7) of card indices 0..51.

    The result, one ``int32`` per row, equals ``evaluate_high`` of that row. With ``check`` (the
    default) a bad index or a card repeated in a row raises ValueError naming the row; hot loops
    that build their own rows may pass ``check=False``.
    """
    hands = np.asarray(cards)
    if hands.ndim != 2 or not np.issubdtype(hands.dtype, np.integer):
        raise ValueError(f"expected an integer array of shape (n, 5..7), got {hands.dtype} {hands.shape}")
    n, size = hands.shape
    tables = high_tables(size)
    if check and hands.size and (hands.min() < 0 or hands.max() > 51):
        row = int(np.flatnonzero(((hands < 0) | (hands > 51)).any(axis=1))[0])
        raise ValueError(f"row {row} holds a card index outside 0..51: {hands[row].tolist()}")
    out = np.empty(n, dtype=np.int32)
    card_key, card_bit = tables.card_key, tables.card_bit
    for start in range(0, n, _CHUNK):
        chunk = hands[start : start + _CHUNK]
        if chunk.dtype != np.intp:
            chunk = chunk.astype(np.intp)
        key = card_key[chunk[:, 0]]
        for column in range(1, size):
            key += card_key[chunk[:, column]]
        if check:
            _check_distinct(chunk, start, card_bit)
        out[start : start + _CHUNK] = values_from_sums(key, tables, cards=chunk)
    return out


def _check_distinct(chunk: npt.NDArray[np.intp], start: int, card_bit: npt.NDArray[np.uint64]) -> None:
    """The union of the card bits of a row has one bit per card unless a card is repeated."""
    bits = card_bit[chunk[:, 0]]
    for column in range(1, chunk.shape[1]):
        bits |= card_bit[chunk[:, column]]
    repeated = np.flatnonzero(np.bitwise_count(bits) != chunk.shape[1])
    if repeated.size:
        row = start + int(repeated[0])
        raise ValueError(f"row {row} repeats a card: {chunk[repeated[0]].tolist()}")
