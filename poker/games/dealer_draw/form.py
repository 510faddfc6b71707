"""Draw against the dealer's part of the organizer's table form (``poker.pages.forms.TableForm``):
its settings (the decks, the bets), what the shared fields mean at this game, and their checks."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from ...models import Table

NO_TOURNAMENT = _("Draw against the dealer is played with practice chips: no tournament table.")


def clean_form(form: Any, data: dict[str, Any]) -> dict[str, Any]:
    if data.get("kind") == Table.Kind.TOURNAMENT:
        form.add_error("kind", NO_TOURNAMENT)
    if data.get("decks") not in (1, 2):
        form.add_error("decks", _("One or two decks."))
    for name in ("min_bet", "max_bet"):
        if data.get(name) is None and name not in form.errors:
            form.add_error(name, _("This field is required."))
    low, high = data.get("min_bet"), data.get("max_bet")
    if low and high and high < low:
        form.add_error("max_bet", _("The maximum bet cannot be smaller than the minimum bet."))
    stack = data.get("starting_stack")
    if low and stack and stack < low:
        form.add_error("starting_stack", _("The buy-in must cover at least the minimum bet."))
    data.update(min_bet=low, max_bet=high, ante=0, time_bank_seconds=0)
    return data


FORM = {
    "fields": ("decks", "min_bet", "max_bet"),
    "help": {
        "variant": _("Draw against the dealer is played with practice chips, one player or more."),
        "kind": NO_TOURNAMENT,
        "starting_stack": _(
            "Draw against the dealer: the buy-in, taken from the player's practice bankroll."
        ),
        "action_seconds": _("Draw against the dealer: the time to bet, and then to draw."),
    },
    "clean": clean_form,
}
