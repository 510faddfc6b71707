"""The ARF poker engine: pure Python rules, no Django.

Public API: cards (``Card``, ``parse_cards``), actions (``Action``, ``IllegalAction``,
``LegalActions``), evaluators, equity and one module per game.
"""

from .actions import Action, IllegalAction, LegalActions
from .batch import evaluate_high_batch
from .cards import Card, check_deck, format_cards, full_deck, parse_cards, shuffled_deck
from .dealer_draw import DealerDraw, DrawRound
from .equity import Equity, equity
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
    describe_high,
    evaluate_high,
    evaluate_low,
)
from .events import EVENT_TYPES, is_visible, visible_events
from .history import hand_history_text
from .holdem import HoldemHand, NoLimitHoldem
from .pots import Pot, build_pots, split_pot
from .razz import Razz, RazzHand

__all__ = [
    "CATEGORIES",
    "EVENT_TYPES",
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
    "DealerDraw",
    "DrawRound",
    "Equity",
    "HighHand",
    "HoldemHand",
    "IllegalAction",
    "LegalActions",
    "LowHand",
    "NoLimitHoldem",
    "Pot",
    "Razz",
    "RazzHand",
    "build_pots",
    "check_deck",
    "describe_high",
    "equity",
    "evaluate_high",
    "evaluate_high_batch",
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
