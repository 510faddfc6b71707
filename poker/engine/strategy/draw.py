"""Draw against the dealer: the best draw against the paytable, for the hint on the table page.

For each of the 26 ways to draw (stand pat, or throw 1, 2 or 3 of his five cards), every set of
replacement cards he can get from the 47 cards he does not hold is counted, exactly, and each final
hand is valued by what it wins on average against the dealer's final hand: the paytable's multiple
(``dealer_draw.payout_multiple``) when it beats the dealer, 0 when equal, minus the bet when it
loses. The dealer's final hands (five cards dealt, then his draw by the house rule,
``dealer_discards``) are 20,000 rounds dealt from a full deck with a fixed seed, drawn once per
process: the expected results carry a standard error of about 0.01 bet from them, and the small
effect of the player's own cards on the dealer's is left out. One deck only: with two decks a hand
may hold the same card twice, which the batch evaluator does not value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from ..batch import evaluate_high_batch
from ..cards import Card, full_deck
from ..dealer_draw import MAX_DRAW, THREE_OF_A_KIND, dealer_discards

DEALER_ROUNDS = 20_000


@dataclass(frozen=True)
class Draw:
    """One way to draw: the cards thrown and his expected net, in bets (1.0: wins his bet)."""

    thrown: tuple[Card, ...]
    expected: float


# The first value of each category among the batch evaluator's 7,462 five-card values (high card 0
# ... royal flush 9): 1,277 high cards, 2,860 pairs, 858 two pairs, 858 threes of a kind, 10
# straights, 1,277 flushes, 156 full houses, 156 fours of a kind, 9 straight flushes, 1 royal.
CATEGORY_STARTS = np.array([0, 1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7461])


def _category_of_value() -> npt.NDArray[np.int8]:
    """The category number (docs/rules.md) of every value the batch evaluator gives a five-card hand."""
    return (np.searchsorted(CATEGORY_STARTS, np.arange(7462), side="right") - 1).astype(np.int8)


@cache
def _expected_by_value() -> npt.NDArray[np.float64]:
    """A final hand's expected net against the dealer's final hand, by the hand's value."""
    rng = random.Random(35)
    deck = full_deck()
    finals = np.empty((DEALER_ROUNDS, 5), dtype=np.intp)
    for k in range(DEALER_ROUNDS):
        cards = rng.sample(deck, 5 + MAX_DRAW)
        hand, spare = cards[:5], cards[5:]
        thrown = dealer_discards(hand)
        kept = [c for c in hand if c not in thrown]
        finals[k] = [int(c) for c in kept + spare[: len(thrown)]]
    categories = _category_of_value()
    dealer = np.sort(evaluate_high_batch(finals, check=False))
    dealer_category = categories[dealer]
    values = np.arange(len(categories))
    player_category = categories[values]
    expected = -(DEALER_ROUNDS - np.searchsorted(dealer, values, side="right")).astype(np.float64)
    for c in range(int(categories.max()) + 1):
        of_c = dealer[dealer_category == c]
        beaten = np.searchsorted(of_c, values, side="left")  # dealer hands of category c below
        multiple = np.maximum(1, player_category - (c if c >= THREE_OF_A_KIND else 0))
        expected += beaten * multiple
    return expected / DEALER_ROUNDS


@cache
def _replacements(k: int) -> npt.NDArray[np.intp]:
    """Every set of ``k`` cards among the 47 he does not hold (indices into them)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)  # standing pat: one way, no new card
    return np.array(list(combinations(range(47), k)), dtype=np.intp)


def best_draws(cards: list[Card]) -> list[Draw]:
    """Every way to draw from these five cards, the best first (ValueError unless five distinct)."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("the best draw is worked out for five different cards")
    expected_by_value = _expected_by_value()
    held = [int(c) for c in cards]
    unseen = np.array([c for c in range(52) if c not in held], dtype=np.intp)
    draws = []
    for k in range(MAX_DRAW + 1):
        new = unseen[_replacements(k)]
        for thrown in combinations(range(5), k):
            kept = np.array([held[i] for i in range(5) if i not in thrown], dtype=np.intp)
            rows = np.concatenate([np.tile(kept, (len(new), 1)), new], axis=1)
            value = evaluate_high_batch(rows, check=False)
            draws.append(Draw(tuple(cards[i] for i in thrown), float(expected_by_value[value].mean())))
    return sorted(draws, key=lambda d: -d.expected)
