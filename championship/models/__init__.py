from ..announcements.models import Announcement
from ..integrity.models import HandPairs
from .audit import AuditEntry
from .chips import ChipColour
from .clock import SessionClock
from .draws import GameTable, Seat, SeatingDraw, TableMove
from .figures import AllIn, PlayerFigures
from .members import Invitation, Member, nickname_key
from .registrations import Registration
from .results import KnockOut, Result
from .seasons import Season
from .sessions import Session

__all__ = [
    "AllIn",
    "Announcement",
    "AuditEntry",
    "ChipColour",
    "GameTable",
    "HandPairs",
    "Invitation",
    "KnockOut",
    "Member",
    "PlayerFigures",
    "Registration",
    "Result",
    "Season",
    "Seat",
    "SeatingDraw",
    "Session",
    "SessionClock",
    "TableMove",
    "nickname_key",
]
