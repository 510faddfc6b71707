"""The ARF poker engine: pure Python rules, no Django.

Public API: cards (``Card``, ``parse_cards``), actions (``Action``, ``IllegalAction``,
``LegalActions``), evaluators, equity and one module per game.
"""

from .actions import Action, IllegalAction, LegalActions
from .cards import Card, check_deck, format_cards, full_deck, parse_cards, shuffled_deck
from .evaluate import (
    CATEGORIES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    ROYAL_FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    HighHand,
    LowHand,
    evaluate_high,
    evaluate_low,
)

__all__ = [
    "CATEGORIES",
    "FLUSH",
    "FOUR_OF_A_KIND",
    "FULL_HOUSE",
    "HIGH_CARD",
    "PAIR",
    "ROYAL_FLUSH",
    "STRAIGHT",
    "STRAIGHT_FLUSH",
    "THREE_OF_A_KIND",
    "TWO_PAIR",
    "Action",
    "Card",
    "HighHand",
    "IllegalAction",
    "LegalActions",
    "LowHand",
    "check_deck",
    "evaluate_high",
    "evaluate_low",
    "format_cards",
    "full_deck",
    "parse_cards",
    "shuffled_deck",
]
