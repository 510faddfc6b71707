"""Provably fair play, pure Python like the rest of the engine (docs/fairness.md).

- ``randomness``: the committed seed, its stream, the shuffles and draws made from it (a hand's
  deck, the cards put back, a round's seat draw, a table's first button) and their labels.
- ``check``: an independent check of a revealed epoch's record, the same as the Verify page's.

The table's side (where a hand's deck comes from) is ``poker.tables.fairness``; an epoch's record
and its pages are ``poker.fairness``.
"""

from .check import CARD_EVENTS, Difference, check_epoch
from .randomness import (
    CLIENT_SEED_MAX,
    SEED_BYTES,
    Stream,
    balance_label,
    button_label,
    check_client_seed,
    commitment,
    deal_deck,
    deal_label,
    first_button,
    new_server_seed,
    reshuffle_keys,
    reshuffle_label,
    seating,
    seating_label,
    seed_from_hex,
    shuffle,
    table_client_seed,
)

__all__ = [
    "CARD_EVENTS",
    "CLIENT_SEED_MAX",
    "SEED_BYTES",
    "Difference",
    "Stream",
    "balance_label",
    "button_label",
    "check_client_seed",
    "check_epoch",
    "commitment",
    "deal_deck",
    "deal_label",
    "first_button",
    "new_server_seed",
    "reshuffle_keys",
    "reshuffle_label",
    "seating",
    "seating_label",
    "seed_from_hex",
    "shuffle",
    "table_client_seed",
]
