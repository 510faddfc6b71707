"""What the views of every game share: the stored event as views read it, and the one rule that
lays a player's own part over the public view.

A view is plain JSON data, folded from the events a viewer may see (``poker.engine.visible_events``),
never from the engine's state, which holds the deck and every player's cards. Every viewer of a
table gets the same public view; a player gets his own part apart (his cards, what only he sees),
and ``compose`` lays it over the public view, here for the snapshots and in the browser
(``static/js/table_socket.js``) for the updates: the two follow the same fixtures
(``tests/poker/test_compose_fixtures.py``). Each game says what its ``me`` holds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..engine.events import is_visible
from .registry import game_of

LOG_LENGTH = 14  # the lines of the hand's log a view carries


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """A HandEvent as the views need it (seq, the engine's payload, its visibility)."""

    seq: int
    payload: dict[str, Any]

    @property
    def private(self) -> bool:
        return bool(self.payload.get("private"))

    def visible_to(self, player: int | None) -> bool:
        return is_visible(self.payload, player)


def deadline_ms(table: Any, kinds: tuple[str, ...], now: datetime) -> int | None:
    """The time left to the table's deadline when it is one of ``kinds`` (ms; the page's timer)."""
    if table.deadline_at is None or table.deadline_kind not in kinds:
        return None
    return max(0, int((table.deadline_at - now).total_seconds() * 1000))


def fold_events(fold, events: Iterable[StoredEvent], player: int | None):
    """``fold`` after the events ``player`` (engine index, None for a spectator) may see."""
    for event in events:
        if event.visible_to(player):
            fold.apply(event)
    return fold


def compose(public: dict[str, Any], private: dict[str, Any] | None, user_id: int) -> dict[str, Any]:
    """One player's view: the public view with his own part laid over it. His cards go on his seat
    dealt in the current hand, and count only in the hand they were dealt in; then his game says
    what he may do (``me``)."""
    view = dict(public)
    hand_id = public["hand_id"]
    private = private or {}
    cards = private.get("cards") if hand_id is not None and private.get("hand_id") == hand_id else None
    seats = public["seats"]
    if cards:
        index = next(
            (k for k, s in enumerate(seats) if s.get("user_id") == user_id and s.get("in_hand")), None
        )
        if index is not None and not seats[index].get("cards"):
            seats = list(seats)
            seats[index] = {**seats[index], "cards": cards}
            view["seats"] = seats
    seat = next((s for s in seats if s.get("user_id") == user_id and s.get("seated")), None)
    view["me"] = game_of(public["game"]).me(view, seat, private, user_id)
    return view
