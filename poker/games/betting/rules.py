"""What the betting games (Hold'em, Razz) share at a table: what a player who cannot answer is
made to do, and what the player to act is offered."""

from __future__ import annotations

from typing import Any

from ...engine import Action
from ...engine.strategy.seat import offer


def forced_answer(engine: Any, *, call: bool = False) -> Action:
    """What a player who cannot answer does: check if he can, else fold; ``call``: call any.
    A Razz player who owes the bring-in posts it (he may not fold before doing so, docs/rules.md, "Razz")."""
    legal = engine.legal_actions()
    if legal.bring_in is not None:
        return Action.bring_in()
    if call:
        return Action.call() if legal.can_call else Action.check()
    return Action.check() if legal.can_check else Action.fold()


def legal_view(engine: Any) -> dict[str, Any]:
    """What the player to act may do (the game adds its bet presets or its completion)."""
    return offer(engine)
