"""The pieces of a betting round that Hold'em and Razz play alike, as small functions on plain lists.

A betting hand keeps per-player lists: ``stacks`` (chips behind), ``bets`` (put in on this round),
``committed`` (in the pots from earlier rounds and antes), ``folded``. What differs between the
games (no limit or fixed limit, who acts next, the bring-in, the full big blind) stays in each
game's module; what is the same is here: the table's stacks, antes, the check/call/fold rules,
the end of a round (the uncalled bet goes back, the bets go into the pots).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NoReturn

from . import events as ev
from ._state import whole
from .actions import CALL, CHECK, IllegalAction, LegalActions
from .pots import build_pots

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def check_stacks(stacks: Sequence[int], what: str) -> None:
    """2 to 8 players, each with a positive whole number of chips; ValueError naming the problem.

    ``what`` names the hand in the message: "a Hold'em hand"."""
    n = len(stacks)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"{what} needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    for i, stack in enumerate(stacks):
        if not whole(stack):
            raise ValueError(f"the stack of player {i} must be a whole number of chips, not {stack!r}")
        if stack <= 0:
            raise ValueError(f"the stack of player {i} must be positive, not {stack}")


def post_antes(
    ante: int, order: Iterable[int], stacks: list[int], committed: list[int], events: list[ev.Event]
) -> None:
    """Every player posts the ante in ``order``, straight into the pot; a short stack posts it all."""
    for i in order:
        amount = min(ante, stacks[i])
        stacks[i] -= amount
        committed[i] += amount
        events.append({"type": ev.ANTE, "player": i, "amount": amount, "all_in": not stacks[i]})


def refuse_turn(actor: int | None, is_over: bool, player: int | None) -> NoReturn:
    """IllegalAction: nobody is to act (the hand is over), or it is not ``player``'s turn."""
    if actor is None:
        raise IllegalAction("the hand is over" if is_over else "no player is to act")
    raise IllegalAction(f"it is player {actor}'s turn, not player {player}'s")


def refuse_check_call_or_fold(i: int, kind: str, to_call: int, stack: int) -> NoReturn:
    """IllegalAction: player i may not check facing ``to_call`` > 0, nor call or fold facing none.

    The games ask ``(kind == CHECK) == (to_call > 0)`` first: the refusal is the rare case."""
    if kind == CHECK:
        raise IllegalAction(f"player {i} cannot check: {min(to_call, stack)} to call")
    if kind == CALL:
        raise IllegalAction(f"player {i} has nothing to call: check")
    raise IllegalAction(f"player {i} may not fold with nothing to call: check")


def raise_bounds_or_refuse(i: int, bounds: tuple[int, int] | str, amount: object) -> tuple[int, int]:
    """``bounds``, player i's (min, max) raise-to; IllegalAction when they are the reason he may
    not raise, or when ``amount`` is not a whole number of chips."""
    if isinstance(bounds, str):
        raise IllegalAction(f"player {i} cannot raise: {bounds}")
    if not whole(amount):
        raise IllegalAction(f"the amount must be a whole number of chips, not {amount!r}")
    return bounds


def betting_options(to_call: int, stack: int, bounds: tuple[int, int] | str) -> LegalActions:
    """What a player facing ``to_call`` may do: fold or call, or check; raise within ``bounds``."""
    call = min(to_call, stack) if to_call > 0 else 0
    low, high = (None, None) if isinstance(bounds, str) else bounds
    return LegalActions(
        can_fold=call > 0,
        can_check=call == 0,
        can_call=call > 0,
        call_amount=call,
        min_raise_to=low,
        max_raise_to=high,
    )


def play_check_call_or_fold(
    i: int,
    kind: str,
    to_call: int,
    stacks: list[int],
    bets: list[int],
    folded: list[bool],
    events: list[ev.Event],
) -> None:
    """Player i checks, calls (``to_call`` or all he has) or folds."""
    if kind == CHECK:
        events.append({"type": ev.CHECK, "player": i})
    elif kind == CALL:
        amount = min(to_call, stacks[i])
        stacks[i] -= amount
        bets[i] += amount
        events.append(
            {"type": ev.CALL, "player": i, "amount": amount, "total": bets[i], "all_in": not stacks[i]}
        )
    else:
        folded[i] = True
        events.append({"type": ev.FOLD, "player": i})


def others_could_call_more(
    i: int, level: int, bets: list[int], stacks: list[int], folded: list[bool]
) -> bool:
    """Could any other player still in put in more than ``level``? Nobody may raise otherwise."""
    for j in range(len(bets)):  # noqa: SIM110  (a loop: any() with a generator costs 4x here)
        if j != i and not folded[j] and stacks[j] + bets[j] > level:
            return True
    return False


def gather_bets(
    bets: list[int],
    stacks: list[int],
    committed: list[int],
    folded: list[bool],
    events: list[ev.Event],
    street: str,
) -> list[int]:
    """The betting round is over: the part of the top bet nobody matched goes back to its player,
    the rest into the pots (a ``pots`` event tells them). Returns the new, empty bets."""
    top = max(bets)
    if not top:
        return bets
    i = bets.index(top)
    second = max(b for j, b in enumerate(bets) if j != i)
    if top > second:
        stacks[i] += top - second
        bets[i] = second
        events.append({"type": ev.UNCALLED_BET_RETURNED, "player": i, "amount": top - second})
    for j, b in enumerate(bets):
        committed[j] += b
    pots = build_pots(committed, [not f for f in folded])
    events.append({"type": ev.POTS, "street": street, "pots": [p.to_dict() for p in pots]})
    return [0] * len(bets)
