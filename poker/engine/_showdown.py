"""The showdown of a betting hand, the same way in Hold'em and Razz: the hands shown, the pots awarded.

Each game gives what is its own: who shows first, how a hand is valued (high or ace-to-five low:
greater is better either way) and named, and the order odd chips go in (docs/rules.md: Hold'em
clockwise from the button's left, Razz in seat order from the dealer's left).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from . import events as ev
from .cards import Card, card_names
from .evaluate import HandNames
from .pots import build_pots, split_pot


def show_hands(
    first: int,
    folded: list[bool],
    shown: list[bool],
    hole_cards: list[list[Card]],
    names_of: Callable[[int], HandNames | None],
    events: list[ev.Event],
) -> None:
    """Every player still in who has not shown yet shows, from ``first`` clockwise (``show`` events)."""
    n = len(folded)
    for k in range(first, first + n):
        i = k % n
        if not folded[i] and not shown[i]:
            shown[i] = True
            cards = card_names(hole_cards[i])
            events.append({"type": ev.SHOW, "player": i, "cards": cards, "hand": names_of(i)})


def award_pots(
    committed: list[int],
    folded: list[bool],
    order: Sequence[int],
    value_of: Callable[[int], Any],
    names_of: Callable[[Any, Any], HandNames],
    stacks: list[int],
    events: list[ev.Event],
) -> None:
    """Each pot, main pot first, to the best hand among its players (a ``pot_awarded`` event each).

    ``value_of(i)``: player i's hand value, greater is better; ``names_of(value, beaten)``: its
    names, ``beaten`` the best hand of the pot below it (None when every hand ties), so that the
    name can say what decided. Equal hands split the pot, the odd chips one each to the winners in
    ``order``. A pot that only one player can win is his without a showdown (uncontested).
    """
    values: dict[int, Any] = {}
    for index, pot in enumerate(build_pots(committed, [not f for f in folded])):
        players = pot.players
        if len(players) == 1:
            winners = list(players)
            shares = [pot.amount]
            hand = None
        else:
            if not values:
                values = {i: value_of(i) for i in order if not folded[i]}
            best = max(values[i] for i in players)
            winners = [i for i in order if i in players and values[i] == best]
            shares = split_pot(pot.amount, winners)
            beaten = max((values[i] for i in players if values[i] != best), default=None)
            hand = names_of(best, beaten)
        for i, share in zip(winners, shares):
            stacks[i] += share
        events.append(
            {
                "type": ev.POT_AWARDED,
                "pot": index,
                "amount": pot.amount,
                "players": list(players),
                "winners": winners,
                "shares": shares,
                "hand": hand,
                "uncontested": len(players) == 1,
            }
        )
