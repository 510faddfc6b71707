"""Integrity: how two players played together, from the full hand records (docs/integrity.md).

Pure Python like the rest of the engine. ``hand.hand_pairs`` reads one Hold'em hand with every
hole card; ``pairs.PairBook`` adds hands up and ranks the pairs by how unusual their play together
is; ``odds`` holds the two card computations they need.
"""

from .hand import FEATURES, HandPairs, hand_pairs
from .pairs import FLAG_SCORE, MIN_HANDS, PairBook, PairReport

__all__ = ["FEATURES", "FLAG_SCORE", "MIN_HANDS", "HandPairs", "PairBook", "PairReport", "hand_pairs"]
