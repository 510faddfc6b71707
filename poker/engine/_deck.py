"""The deck of a hand, the same way in every game: where it comes from, and the cards put back.

- ``deck_to_deal(deck, decks)``: None shuffles with the OS's CSPRNG (docs/rules.md, "Cards"); an
  explicit order must hold every card ``decks`` times (tests, replays).
- ``reshuffle_order(deck)`` and ``put_back(cards, keys)``: when the deck runs out (Razz: burned and
  folded cards; draw against the dealer: discards), cards go back into play. A shuffled hand draws
  a secret order for them at the deal (``reshuffle_keys``, stored with the hand), so a hand resumed
  elsewhere deals the very same cards; a hand dealt from an explicit deck puts them back in the
  order they left play, so tests and replays know every card.
- ``unused_cards(given)``: the cards a ``deck_for`` helper fills in, in their fixed order.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from .cards import Card, check_deck, full_deck, parse_cards, shuffled_deck


def deck_to_deal(deck: Sequence[Card | str] | str | None, decks: int = 1) -> list[Card]:
    """The cards to deal from, top first: shuffled when ``deck`` is None, else ``deck`` checked."""
    if deck is None:
        return shuffled_deck(decks)
    if decks == 1 and len(deck) == 52 and set(map(type, deck)) == {Card} and len(set(deck)) == 52:
        return list(deck)  # a full deck of Card: nothing more to check
    return check_deck(deck, decks)


def reshuffle_order(deck: object, keys: Sequence[int] | None = None) -> list[int] | None:
    """A secret rank per card for putting cards back: ``keys`` when given (a fair deck's,
    ``fairness.reshuffle_keys``), random when ``deck`` is None (shuffled), else None (in order)."""
    if keys is not None:
        if sorted(keys) != list(range(52)):
            raise ValueError("reshuffle keys must be an order of the 52 cards")
        return list(keys)
    return secrets.SystemRandom().sample(range(52), 52) if deck is None else None


def put_back(cards: list[Card], keys: list[int] | None) -> list[Card]:
    """``cards`` as the new deck: in the order ``keys`` give them, or as they are when None."""
    if keys is not None:
        cards.sort(key=keys.__getitem__)
    return cards


def unused_cards(given: Sequence[Card]) -> list[Card]:
    """The cards of one deck not in ``given``, in their fixed order; ValueError for a duplicate."""
    parse_cards(given)  # names a repeated card
    used = set(given)
    return [c for c in full_deck() if c not in used]
