"""The betting games a table deals (no-limit Hold'em, Razz): what differs between them at a table.

``poker.services`` plays a hand the same way whatever the game (lock, act, store, broadcast); this
module holds the few places where the games differ: which engine deals the hand and who sits where
in it, how a stored hand is rebuilt, what the player to act is offered, and what a player who
cannot answer (away, out of time) is made to do. Draw against the dealer is no betting game: the
house banks it, and it has its own services.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .button import Positions, engine_positions, first_positions, next_positions
from .engine import Action, NoLimitHoldem, Razz
from .engine.holdem import HoldemHand
from .engine.razz import RazzHand

HOLDEM = "holdem"
RAZZ = "razz"
DEALER_DRAW = "dealer_draw"
BETTING_GAMES = (HOLDEM, RAZZ)

EngineHand = HoldemHand | RazzHand


@dataclass(frozen=True)
class Deal:
    """A hand just dealt: the engine's hand, the seats in engine order, and where the dealer sits."""

    engine: EngineHand
    seats: list[int]
    positions: Positions


def check_stakes(variant: str, small_blind: int, big_blind: int, ante: int) -> None:
    """ValueError when the stakes make no sense for the game. For Razz the table's small blind is the
    bring-in and its big blind the small bet (twice the bring-in, docs/rules.md, "Razz"); the big bet
    is twice that. For draw against the dealer they are the minimum and the maximum bet."""
    if variant == RAZZ:
        Razz(ante=ante, bring_in=small_blind, small_bet=big_blind)
    elif variant == DEALER_DRAW:
        # Draw against the dealer keeps its minimum and maximum bet in the blinds.
        if small_blind < 1 or big_blind < small_blind:
            raise ValueError(f"bets from {small_blind} to {big_blind} make no sense")
    else:
        NoLimitHoldem(small_blind, big_blind, ante)


def deal(
    variant: str,
    active: Sequence[int],
    stacks: dict[int, int],
    previous: Positions | None,
    first_button: int,
    blinds: tuple[int, int, int],
    new_deck: Callable[[int], Any],
) -> Deal:
    """Deal the next hand to the seats ``active`` (sorted seat numbers) with ``stacks`` by seat.

    Hold'em moves the button and blinds by the dead-button rule (``poker.button``). Razz has no
    blinds: the deal simply goes round, player 0 being the first seat left of the dealer.
    ``new_deck(button)`` gives the deck (None: shuffled), ``button`` being the engine's button
    player (0 in Razz, whose deck starts with player 0's cards)."""
    small_blind, big_blind, ante = blinds
    if variant == RAZZ:
        if previous is None:
            dealer = first_button
        else:
            dealer = next((n for n in active if n > previous.button), active[0])
        start = next((k for k, n in enumerate(active) if n > dealer), 0)
        seats = list(active[start:]) + list(active[:start])
        engine = Razz(ante=ante, bring_in=small_blind, small_bet=big_blind).start_hand(
            [stacks[n] for n in seats], new_deck(0)
        )
        return Deal(engine, seats, Positions(dealer, None, None))
    if previous is None:
        positions = first_positions(active, first_button)
    else:
        positions = next_positions(active, previous)
    button, sb_player, bb_player = engine_positions(active, positions)
    engine = NoLimitHoldem(small_blind, big_blind, ante).start_hand(
        [stacks[n] for n in active], button, new_deck(button), blind_players=(sb_player, bb_player)
    )
    return Deal(engine, list(active), positions)


def rebuild(variant: str, state: dict[str, Any]) -> EngineHand:
    """The engine's hand from its stored state."""
    return (RazzHand if variant == RAZZ else HoldemHand).from_dict(state)


def forced_answer(engine: EngineHand, *, call: bool = False) -> Action:
    """What a player who cannot answer does: check if he can, else fold; ``call``: call any.
    A Razz player who owes the bring-in posts it (he may not fold before doing so, docs/rules.md, "Razz")."""
    legal = engine.legal_actions()
    if legal.bring_in is not None:
        return Action.bring_in()
    if call:
        return Action.call() if legal.can_call else Action.check()
    return Action.check() if legal.can_check else Action.fold()


def legal_view(engine: EngineHand) -> dict[str, Any]:
    """What the player to act may do, with the bet presets (no-limit: minimum, half pot, pot,
    all-in; fixed limit: the one amount allowed)."""
    legal = engine.legal_actions()
    i = engine.actor
    view: dict[str, Any] = {
        "fold": legal.can_fold,
        "check": legal.can_check,
        "call": legal.call_amount if legal.can_call else None,
        "bring_in": legal.bring_in,
        "min": legal.min_raise_to,
        "max": legal.max_raise_to,
        "bet": engine.level == 0,
        "all_in_to": engine.bets[i] + engine.stacks[i],  # the raise-to that puts him all-in
        # Razz, 3rd street: the first raise completes the bring-in to the small bet.
        "complete": isinstance(engine, RazzHand) and engine.street == 0 and engine.level < engine.small_bet,
        "presets": [],
    }
    if legal.min_raise_to is not None and isinstance(engine, HoldemHand):
        to_call = engine.level - engine.bets[i]
        pot = sum(engine.committed) + sum(engine.bets) + to_call
        low, high = legal.min_raise_to, legal.max_raise_to
        presets = []
        for name, amount in (
            ("min", low),
            ("half_pot", engine.level + pot // 2),
            ("pot", engine.level + pot),
            ("all_in", high),
        ):
            amount = min(max(amount, low), high)
            if name in ("min", "all_in") or low < amount < high:
                presets.append({"name": name, "amount": amount})
        view["presets"] = presets
    return view
