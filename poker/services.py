"""The table app's services, as the rest of the project calls them (poker/CONTRACT.md): the table
core's (``poker.tables.services``), whatever the game; the games' own (``poker.games``: a decision
at a betting game, a bet or a draw against the dealer); and a practice table of a game that has bots."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext_lazy as _

# The games' own services, as the contract lists them (poker/CONTRACT.md): this facade names the
# games' packages so that the rest of the project need not.
from .games.betting.services import table_act, table_set_pre_action
from .games.dealer_draw.services import draw_bet, draw_exchange, draw_practice_open
from .models import Table
from .tables.errors import TableError
from .tables.registry import game_of
from .tables.services import (
    organizer_commands,
    table_chat,
    table_fire_deadline,
    table_get_ready,
    table_leave,
    table_open,
    table_pause,
    table_presence,
    table_remove_player,
    table_resume,
    table_seat_player,
    table_set_chat,
    table_set_voice_listeners,
    table_sit,
    table_sit_out,
    table_start,
)


def practice_table_open(
    *,
    user: AbstractBaseUser | None,
    bots: int = 4,
    name: str = "",
    variant: str | None = None,
    level: str = Table.BotLevel.BEGINNER,
) -> Table:
    """A table of ``variant`` (the model's default game) against ``bots`` bots of ``level``, with
    ``user`` in the last seat (or bots only: a demo table that plays by itself)."""
    variant = variant or Table._meta.get_field("variant").get_default()
    game = game_of(variant) if variant in Table.Variant.values else None
    if game is None or game.practice is None:
        raise TableError("bad_variant", _("Practice tables play Hold'em or Razz."))
    return game.practice(user=user, bots=bots, name=name, level=level)


__all__ = [
    "TableError",
    "draw_bet",
    "draw_exchange",
    "draw_practice_open",
    "organizer_commands",
    "practice_table_open",
    "table_act",
    "table_chat",
    "table_fire_deadline",
    "table_get_ready",
    "table_leave",
    "table_open",
    "table_pause",
    "table_presence",
    "table_remove_player",
    "table_resume",
    "table_seat_player",
    "table_set_chat",
    "table_set_pre_action",
    "table_set_voice_listeners",
    "table_sit",
    "table_sit_out",
    "table_start",
]
