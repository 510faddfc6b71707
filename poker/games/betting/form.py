"""The betting games' part of the organizer's table form (``poker.pages.forms.TableForm``): what
Hold'em and Razz say and check alike; each adds its own stakes (``holdem.py``, ``razz.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy as _

FIELDS = ("ante", "time_bank_seconds")  # besides each game's own stakes

KIND_HELP = _("Players sit down themselves at an open table; a tournament table is started by the organizer.")
# The help of a field every game shows, at a betting game.
HELP = {
    "kind": KIND_HELP,
    "starting_stack": _("The chips each player sits down with."),
    "action_seconds": _("The time each player has to act."),
}


def form_part(
    *,
    fields: tuple[str, ...],
    clean: Callable[[Any, dict[str, Any]], dict[str, Any]],
    practice_label: Any,
    field_help: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A betting game's part of the form: its stakes ``fields`` and the ante and time bank, its
    ``clean`` of its stakes after the ante and time bank are given their default of 0."""

    def clean_betting(form: Any, data: dict[str, Any]) -> dict[str, Any]:
        data["ante"] = data.get("ante") or 0
        data["time_bank_seconds"] = data.get("time_bank_seconds") or 0
        return clean(form, data)

    return {
        "fields": fields + FIELDS,
        "field_help": field_help or {},
        "help": HELP,
        "clean": clean_betting,
        "practice_label": practice_label,
    }
