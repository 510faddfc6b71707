"""Playing cards, decks and their text form ("As", "Td", "7c").

A card is an ``int`` from 0 to 51 (``rank_index * 4 + suit_index``), so the evaluators can use it
directly as an index into their tables, and it still prints as "As". Cards are interned: there is
exactly one object for each of the 52 cards.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
# Suit order matters only where the rules say so (Razz bring-in: spades > hearts > diamonds > clubs).
SUITS = "cdhs"


class Card(int):
    """One card. ``Card("As")`` or ``Card.of("A", "s")``; compares as its index 0..51."""

    __slots__ = ()

    def __new__(cls, text: str | int) -> Card:
        if isinstance(text, int):
            if not 0 <= text < 52:
                raise ValueError(f"card index out of range: {text!r}")
            return _CARDS[text]
        return _parse_one(text)

    @classmethod
    def of(cls, rank: str, suit: str) -> Card:
        return _parse_one(rank + suit)

    @property
    def rank(self) -> str:
        return RANKS[self >> 2]

    @property
    def suit(self) -> str:
        return SUITS[self & 3]

    @property
    def rank_index(self) -> int:
        """0 for a deuce ... 12 for an ace."""
        return self >> 2

    @property
    def suit_index(self) -> int:
        return self & 3

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]!r})"

    def __reduce__(self):  # pickles and copies keep the interned object
        return (Card, (int(self),))


_NAMES = [r + s for r in RANKS for s in SUITS]
_CARDS: list[Card] = [int.__new__(Card, i) for i in range(52)]
_BY_NAME = {name: _CARDS[i] for i, name in enumerate(_NAMES)}
_BY_NAME.update({name[0].lower() + name[1]: card for name, card in list(_BY_NAME.items())})
_BY_NAME.update({name[0] + name[1].upper(): card for name, card in list(_BY_NAME.items())})
_BY_NAME.update({name[0].lower() + name[1].upper(): card for name, card in list(_BY_NAME.items())})


def _parse_one(text: str) -> Card:
    card = _BY_NAME.get(text.strip()) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"not a card: {text!r} (expected a rank from {RANKS} and a suit from {SUITS})")
    return card


def parse_cards(text: str | Iterable[str | Card], *, allow_duplicates: bool = False) -> list[Card]:
    """``"As Kd"``, ``"AsKd"``, ``"as, kd"`` or a list of names/cards -> list of Card.

    Raises ValueError naming the malformed or repeated card. Duplicates are allowed only where a
    game uses two decks.
    """
    if isinstance(text, str):
        compact = "".join(ch for ch in text if not ch.isspace() and ch != ",")
        if len(compact) % 2:
            raise ValueError(f"cannot split {text!r} into two-character cards")
        items: list[str | Card] = [compact[i : i + 2] for i in range(0, len(compact), 2)]
    else:
        items = list(text)
    cards = [item if isinstance(item, Card) else _parse_one(item) for item in items]
    if not allow_duplicates:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise ValueError(f"duplicate card: {card}")
            seen.add(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """ "As Kd 7c": the cards' text, separated by spaces."""
    return " ".join(_NAMES[c] for c in cards)


def card_names(cards: Iterable[Card]) -> list[str]:
    """["As", "Kd"]: the cards' text, as events and stored states hold them."""
    return [_NAMES[c] for c in cards]


def full_deck(decks: int = 1) -> list[Card]:
    """Every card in a fixed order (2c 2d 2h 2s 3c ... As), ``decks`` times."""
    return list(_CARDS) * decks


def shuffled_deck(decks: int = 1, rng: secrets.SystemRandom | None = None) -> list[Card]:
    """A deck shuffled with the operating system's CSPRNG (docs/rules.md, "Cards": never a guessable seed)."""
    deck = full_deck(decks)
    (rng or secrets.SystemRandom()).shuffle(deck)
    return deck


def check_deck(deck: Sequence[Card | str], decks: int = 1) -> list[Card]:
    """An explicit deck order must hold every card exactly ``decks`` times; says what is wrong."""
    cards = parse_cards(deck, allow_duplicates=True)
    counts = [0] * 52
    for card in cards:
        counts[card] += 1
    repeated = [_NAMES[i] for i, n in enumerate(counts) if n > decks]
    missing = [_NAMES[i] for i, n in enumerate(counts) if n < decks]
    if repeated:
        raise ValueError(f"deck has repeated cards: {' '.join(repeated)}")
    if missing:
        raise ValueError(f"deck is missing cards: {' '.join(missing)}")
    return cards
