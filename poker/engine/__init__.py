"""The ARF poker engine: pure Python rules, no Django.

Public API: cards (``Card``, ``parse_cards``), actions (``Action``, ``IllegalAction``,
``LegalActions``), evaluators, equity and one module per game.
"""

from .actions import Action, IllegalAction, LegalActions
from .cards import Card, check_deck, format_cards, full_deck, parse_cards, shuffled_deck

__all__ = [
    "Action",
    "Card",
    "IllegalAction",
    "LegalActions",
    "check_deck",
    "format_cards",
    "full_deck",
    "parse_cards",
    "shuffled_deck",
]
