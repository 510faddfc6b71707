"""The practice bots' decisions, as pure code: what a player at a seat would do, from what that
seat may see (docs/practice.md).

``decide(level, events, me, legal)``: ``events`` are the hand's events that seat may see (the
public ones and its own cards: what the websocket sends it), ``legal`` the offer the table shows
the player to act. Three levels: "beginner" (débutant: the cards played plainly), "regular"
(régulier: equity against ranges and pot odds) and "strong" (fort: position, push/fold, bluffs,
sizes that say nothing). ``BASELINES`` are the fixed opponents of the bench (bench/bots.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..actions import Action
from . import baselines, beginner, holdem, razz
from .seat import SeatView

BEGINNER, REGULAR, STRONG = "beginner", "regular", "strong"
LEVELS = (BEGINNER, REGULAR, STRONG)
_rng = random.SystemRandom()

Player = Callable[[SeatView, random.Random], Action]


def _level(name: str) -> Player:
    def play(view: SeatView, rng: random.Random) -> Action:
        if name == BEGINNER:
            return (beginner.razz if view.game == "razz" else beginner.holdem)(view, rng)
        return (razz.decide if view.game == "razz" else holdem.decide)(view, name, rng)

    return play


PLAYERS: dict[str, Player] = {level: _level(level) for level in LEVELS}
BASELINES: dict[str, Player] = {
    "calling_station": baselines.calling_station,
    "random": baselines.random_player,
    "tight": baselines.tight,
}


def decide(
    level: str,
    events: Sequence[Mapping[str, Any]],
    me: int,
    legal: Mapping[str, Any],
    rng: random.Random | None = None,
) -> Action:
    """The action of a bot of ``level`` sitting as player ``me``. ValueError on an unknown level
    or on an event private to another player."""
    if level not in PLAYERS:
        raise ValueError(f"unknown bot level {level!r}: one of {', '.join(LEVELS)}")
    return PLAYERS[level](SeatView.from_events(events, me, legal), rng or _rng)


__all__ = ["BASELINES", "LEVELS", "PLAYERS", "SeatView", "decide"]
