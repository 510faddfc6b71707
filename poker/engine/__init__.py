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
from .events import EVENT_TYPES, is_visible, visible_events
from .history import hand_history_text
from .holdem import HoldemHand, NoLimitHoldem
from .pots import Pot, build_pots, split_pot

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
    "EVENT_TYPES",
    "Action",
    "Card",
    "HighHand",
    "HoldemHand",
    "IllegalAction",
    "LegalActions",
    "LowHand",
    "NoLimitHoldem",
    "Pot",
    "build_pots",
    "check_deck",
    "evaluate_high",
    "evaluate_low",
    "format_cards",
    "full_deck",
    "hand_history_text",
    "is_visible",
    "parse_cards",
    "shuffled_deck",
    "split_pot",
    "visible_events",
]
