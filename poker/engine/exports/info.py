"""What a file says of a hand beyond its events (``HandInfo``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo


@dataclass(frozen=True, slots=True)
class HandInfo:
    """What a file says of a hand beyond its events. Every field may be left out."""

    hand_id: int | None = None  # unique over the app: the PokerStars hand number
    number: int | None = None  # the hand's number at its table
    table: str | None = None  # the table's name
    seat_count: int | None = None
    seats: Sequence[int] | None = None  # each player's seat number, players in the engine's order
    button_seat: int | None = None  # Hold'em: the button's seat (an empty seat under the dead-button rule)
    names: Sequence[str] | None = None  # each player's name, as the app shows it
    started_at: datetime | None = None  # aware
    time_zone: str = "UTC"  # IANA name: the time is written in it

    def name(self, player: int) -> str:
        return self.names[player] if self.names is not None else f"Player {player + 1}"

    def seat(self, player: int) -> int:
        return self.seats[player] if self.seats is not None else player + 1

    def local_start(self) -> datetime | None:
        if self.started_at is None:
            return None
        return self.started_at.astimezone(ZoneInfo(self.time_zone))
