"""The ARF poker engine: pure Python rules, no Django.

Public API: cards (``Card``, ``parse_cards``), actions (``Action``, ``IllegalAction``,
``LegalActions``), evaluators, equity and one module per game.

Where things are:

- ``cards.py`` cards and decks; ``actions.py`` what a player can do; ``events.py`` every event of
  every game, and who may see it; ``history.py`` the text hand history of any game;
  ``exports/`` a hand as the poker world's files, PHH and PokerStars text.
- ``evaluate.py`` (with ``_tables.py``) high and ace-to-five low hands and their names;
  ``batch.py`` many hands at once (numpy); ``equity.py`` all-in equities.
- One module per game, each readable on its own: ``holdem.py`` (no-limit Hold'em), ``razz.py``
  (fixed-limit Razz), ``dealer_draw.py`` (five-card draw against the dealer).
- What the games do alike, in small private modules: ``pots.py`` main and side pots and split
  shares; ``_betting.py`` the pieces of a betting round (stacks, antes, check/call/fold, end of a
  round); ``_showdown.py`` hands shown and pots awarded; ``_deck.py`` the deck to deal and the
  cards put back; ``_state.py`` the JSON round trip of a state.
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
