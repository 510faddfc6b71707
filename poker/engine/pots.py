"""Main and side pots, and how a pot is split (docs/rules.md, Texas Hold'em: side pots, split pots).

Pure functions on plain lists, shared by every game that bets:

- ``build_pots(committed, live)``: an all-in player can win from each other player at most what he
  put in. The pots are cut at each level that a player still in has put in; chips of folded players
  go into the pots their amounts reach. Neighbouring pots with the same players are one pot.
- ``split_pot(amount, winners)``: equal shares; the chips that do not divide go one each to the
  winners in the order given (the caller orders them clockwise from the button).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Pot:
    """A pot: its chips and the players who can win it (player indices, ascending)."""

    amount: int
    players: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"amount": self.amount, "players": list(self.players)}


def build_pots(committed: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot first, then the side pots, from what each player put in.

    ``committed[i]`` is everything player i has put in; ``live[i]`` is False once he has folded.
    The chips of folded players above every live player's level (which betting never produces)
    would go to the last pot, so no chip is ever lost.
    """
    levels = sorted({c for c, alive in zip(committed, live) if alive and c > 0})
    pots: list[Pot] = []
    below = 0
    for k, level in enumerate(levels):
        last = k == len(levels) - 1
        amount = 0
        for c in committed:
            if c > below:
                amount += (c if last or c < level else level) - below
        players = tuple(i for i, c in enumerate(committed) if live[i] and c >= level)
        if pots and pots[-1].players == players:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, players))
        below = level
    if not levels and any(committed):  # nobody live has put anything in: cannot happen in a hand
        raise ValueError("chips in the pot but no player still in has put any in")
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> list[int]:
    """Each winner's share, in the order of ``winners``: equal shares, odd chips one each from the first."""
    share, odd = divmod(amount, len(winners))
    return [share + 1 if k < odd else share for k in range(len(winners))]
