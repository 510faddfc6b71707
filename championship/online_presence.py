"""Where each player of an online session is, in one word for the organizer's live view: playing,
away since hand N, or disconnected since mm:ss (issue 32). Read from the poker tables' seats."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone

from poker.models import Seat as PokerSeat


@dataclass(frozen=True)
class OnlineSeat:
    stack: int  # at the start of the current hand
    state: str  # "playing", "away", "disconnected" (one of them)
    away_since_hand: int | None = None
    offline_since: datetime | None = None  # None while disconnected: no page of his ever opened

    @property
    def offline_for(self) -> str:
        """How long his last page has been closed, as mm:ss (h:mm:ss past an hour)."""
        if self.offline_since is None:
            return ""
        seconds = max(0, int((timezone.now() - self.offline_since).total_seconds()))
        hours, rest = divmod(seconds, 3600)
        minutes, seconds = divmod(rest, 60)
        return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes:02}:{seconds:02}"


def seat_state(*, connections: int, sitting_out: bool) -> str:
    """No page open says most (he cannot be playing); with a page open, away or playing."""
    if connections <= 0:
        return "disconnected"
    return "away" if sitting_out else "playing"


def online_seats(table_ids: list[int]) -> dict[tuple[int, int], OnlineSeat]:
    """Each seat of these poker tables, by (poker table, user): one query."""
    rows = PokerSeat.objects.filter(table_id__in=table_ids).values_list(
        "table_id", "user_id", "stack", "connections", "sitting_out", "away_since_hand", "offline_since"
    )
    return {
        (table_id, user_id): OnlineSeat(
            stack=stack,
            state=seat_state(connections=connections, sitting_out=sitting_out),
            away_since_hand=since_hand if sitting_out else None,
            offline_since=offline_since if connections <= 0 else None,
        )
        for table_id, user_id, stack, connections, sitting_out, since_hand, offline_since in rows
    }
