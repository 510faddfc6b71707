"""The names of the championship's poker tables, built from their parts when they are shown (its
session, round and number), in the reader's language: ``poker.titles`` asks for them."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .models import GameTable


def table_title(game_table: GameTable) -> str:
    return _("%(session)s – round %(round)s – table %(table)s") % {
        "session": game_table.session,
        "round": game_table.round_number,
        "table": game_table.number,
    }


def table_titles(tables: list) -> dict[int, str]:
    """``{poker table pk: title}`` for those of ``tables`` that are a championship table's."""
    rows = GameTable.objects.filter(poker_table__in=[t.pk for t in tables]).select_related("session__season")
    return {row.poker_table_id: table_title(row) for row in rows}
