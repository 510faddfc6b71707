"""Reads for the championship pages, one module per subject: ``seasons`` (the lists and the current
season and session), ``members`` (the members, a member's own registration), ``ranking`` (the
standings and each member's seasons), ``fees``, ``board`` (a session being played) and ``evening``
(where a player of tonight's online session is now).

The names are re-exported here, as ``championship.models`` does for its split models: the pages
call ``selectors.standings(season)`` whatever module holds it.
"""

from .board import ClockView, SessionBoard, TableView, clock_view, session_board
from .evening import EVENING_SOON, Evening, evening_for
from .fees import FeeTotals, season_fees, session_fee_totals, session_registrations
from .members import SelfRegistration, member_list, self_registration
from .ranking import (
    Score,
    SeasonRecord,
    StandingRow,
    Standings,
    player_history,
    season_poker_tables,
    standings,
)
from .seasons import season_current, season_list, session_current

__all__ = [
    "EVENING_SOON",
    "ClockView",
    "Evening",
    "FeeTotals",
    "Score",
    "SeasonRecord",
    "SelfRegistration",
    "SessionBoard",
    "StandingRow",
    "Standings",
    "TableView",
    "clock_view",
    "evening_for",
    "member_list",
    "player_history",
    "season_current",
    "season_fees",
    "season_list",
    "season_poker_tables",
    "self_registration",
    "session_board",
    "session_current",
    "session_fee_totals",
    "session_registrations",
    "standings",
]
