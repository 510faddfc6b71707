"""Draw against the dealer: the best draw against the paytable, for the hint on the table page.

What is exact. For each of the 26 ways to draw (stand pat, or throw 1, 2 or 3 of his five cards),
every set of replacement cards he can get from the 47 cards he does not hold is counted (up to
16,215 a way), and each final hand is valued against every final hand of the dealer: the dealer's
five cards dealt from a full deck of 52, his draw by the house rule (``dealer_discards``), every
set of replacement cards from the 47 he was not dealt, each with its exact probability
(``dealer_finals``: stored as whole numbers over 42,142,136,400). A win pays the paytable's
multiple (``payout_multiple``), a tie 0, a loss the bet. ``Draw.exact`` is that average as a
fraction, with no sampling error at all.

What is not. The dealer's cards are counted from a full deck, while at the table they come from
the cards the player does not hold: neither his five cards nor his replacements can be the
dealer's. Counting that exactly means a new dealer count for every set of replacements (17,344 of
them a hand, about 4 s of CPU each): some 19 hours a hand, out of reach of a hint. How much it
matters was measured with ``bench/dealer_hint.py`` (exact removal of the five cards he holds, for
every draw, on a sample of hands): docs/practice.md gives the figures. When eight players share
one deck and the deck runs out, thrown cards come back and the dealer may even get the player's
own discards; that is not counted either.

Two decks (``best_draws(cards, decks=2)``): the same count over a shoe of 104 cards, each card
twice (``two_decks``): his replacements from the 99 cards of the shoe he does not hold, the dealer's
five cards and replacements from the whole shoe, hands valued as ``dealer_draw.hand_value`` does
(five of a kind the best hand, a flush may hold a pair). Exact in the same sense, with the same
card removal left out (his five cards are 5 of 104).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch
from ..cards import Card
from ..dealer_draw import MAX_DRAW, THREE_OF_A_KIND
from . import two_decks
from .dealer_finals import DENOMINATOR, VALUES, dealer_finals


@dataclass(frozen=True)
class Draw:
    """One way to draw: the cards thrown and his expected net, in bets (1.0: wins his bet)."""

    thrown: tuple[Card, ...]
    expected: float
    exact: Fraction  # the same, as an exact fraction (the module docstring says of which model)


# The first value of each category among the batch evaluator's 7,462 five-card values (high card 0
# ... royal flush 9): 1,277 high cards, 2,860 pairs, 858 two pairs, 858 threes of a kind, 10
# straights, 1,277 flushes, 156 full houses, 156 fours of a kind, 9 straight flushes, 1 royal.
CATEGORY_STARTS = np.array([0, 1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7461])


def _category_of_value() -> npt.NDArray[np.int64]:
    """The category number (docs/rules.md) of every value the batch evaluator gives a five-card hand."""
    return np.searchsorted(CATEGORY_STARTS, np.arange(VALUES), side="right") - 1


def net_by_value(dealer: npt.NDArray[np.int64] | npt.NDArray[np.float64]) -> npt.NDArray:
    """A final hand's net against the dealer's final hands, by the hand's value, summed over them.

    ``dealer``: the weight of each final value of the dealer (any scale; whole numbers stay whole).
    Divide by ``dealer.sum()`` for the average in bets.
    """
    categories = _category_of_value()
    # beaten[c, u]: the dealer's weight of category c strictly below the value u
    by_category = np.zeros((len(CATEGORY_STARTS), VALUES + 1), dtype=dealer.dtype)
    for c in range(len(CATEGORY_STARTS)):
        by_category[c, 1:] = np.cumsum(np.where(categories == c, dealer, 0))
    beaten = by_category[:, :-1]
    above = dealer.sum() - np.cumsum(dealer)  # the dealer's weight strictly above u
    c = np.arange(len(CATEGORY_STARTS))[:, None]
    multiple = np.maximum(1, categories[None, :] - np.where(c >= THREE_OF_A_KIND, c, 0))
    return (beaten * multiple).sum(axis=0) - above


@cache
def _net_by_value() -> npt.NDArray[np.int64]:
    """Exact: his net summed over the dealer's paths, each weighing a whole number (dealer_finals)."""
    return net_by_value(dealer_finals().sum(axis=0))


@cache
def _replacements(k: int) -> npt.NDArray[np.intp]:
    """Every set of ``k`` cards among the 47 he does not hold (indices into them)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)  # standing pat: one way, no new card
    return np.array(list(combinations(range(47), k)), dtype=np.intp)


def final_values(cards: list[Card]) -> list[tuple[tuple[Card, ...], npt.NDArray[np.int32]]]:
    """For each of the 26 ways to draw, the cards thrown and the value of every final hand it gives."""
    held = [int(c) for c in cards]
    unseen = np.array([c for c in range(52) if c not in held], dtype=np.intp)
    draws = []
    for k in range(MAX_DRAW + 1):
        new = unseen[_replacements(k)]
        for thrown in combinations(range(5), k):
            kept = np.array([held[i] for i in range(5) if i not in thrown], dtype=np.intp)
            rows = np.concatenate([np.tile(kept, (len(new), 1)), new], axis=1)
            draws.append((tuple(cards[i] for i in thrown), evaluate_high_batch(rows, check=False)))
    return draws


def best_draws(cards: list[Card], decks: int = 1) -> list[Draw]:
    """Every way to draw from these five cards, the best first (ValueError unless five cards the
    shoe of ``decks`` decks can deal). Equal averages keep the order of fewer cards thrown first."""
    if decks == 2:
        return _best_draws_two_decks(cards)
    if decks != 1 or len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("the best draw is worked out for five different cards of one deck, or two decks")
    net = _net_by_value()
    draws = []
    for thrown, values in final_values(cards):
        exact = Fraction(int(net[values].sum()), DENOMINATOR * len(values))
        draws.append(Draw(thrown, float(exact), exact))
    return sorted(draws, key=lambda d: -d.exact)


@cache
def _net_by_key_two_decks() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """At two decks: the dealer's final keys, sorted, the weight of those below each, by category."""
    keys, weights = two_decks.dealer_finals_two_decks()
    below = np.concatenate([[0], np.cumsum(weights)])  # below[i]: the weight of keys[:i]
    starts = np.searchsorted(keys, np.arange(12) * two_decks.BASE)  # category c: keys[starts[c]:starts[c+1]]
    return keys, below, starts


def _net_two_decks(mine: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """His net summed over the dealer's weighted paths, for each of his keys (two decks)."""
    keys, below, starts = _net_by_key_two_decks()
    total = below[-1]
    lower, upper = np.searchsorted(keys, mine, side="left"), np.searchsorted(keys, mine, side="right")
    category = mine // two_decks.BASE
    net = -(total - below[upper])
    for c in range(11):
        multiple = np.maximum(1, category - (c if c >= THREE_OF_A_KIND else 0))
        beaten = np.clip(lower, starts[c], starts[c + 1]) - starts[c]  # keys of category c below his
        net += (below[starts[c] + beaten] - below[starts[c]]) * multiple
    return net


def _best_draws_two_decks(cards: list[Card]) -> list[Draw]:
    held = np.bincount([int(c) for c in cards], minlength=52)
    if len(cards) != 5 or held.max() > 2:
        raise ValueError("the best draw at two decks is worked out for five cards, none more than twice")
    draws = []
    for k in range(MAX_DRAW + 1):
        new, ways = two_decks.replacement_ways(2 - held, k)
        for thrown in combinations(range(5), k):
            kept = [int(cards[i]) for i in range(5) if i not in thrown]
            rows = np.concatenate([np.tile(kept, (len(new), 1)), new], axis=1)
            mine, inverse = np.unique(two_decks.hand_keys(rows), return_inverse=True)
            times = np.bincount(inverse, weights=ways).round().astype(np.int64)
            total = sum(int(a) * int(b) for a, b in zip(times, _net_two_decks(mine)))
            exact = Fraction(total, two_decks.DENOMINATOR * int(ways.sum()))
            draws.append(Draw(tuple(cards[i] for i in thrown), float(exact), exact))
    return sorted(draws, key=lambda d: -d.exact)
