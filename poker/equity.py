"""All-in equities for the viewers: each shown hand's share of the pot over the boards to come.

Only public cards count (the hands turned up and the board): folded and burned cards are secret,
so the figures are the ones every viewer could work out himself. The engine counts every board
exactly (a quarter of a second heads-up before the flop, less otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence

from .engine import equity


def runout_equity(hole_cards: Sequence[Sequence[str]], board: Sequence[str]) -> list[float]:
    """Each player's expected share of the pot (0..1), in the order given."""
    return [result.equity for result in equity([list(h) for h in hole_cards], list(board))]
