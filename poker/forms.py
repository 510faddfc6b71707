from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_SEATS, Table


def _for_games(*games: str) -> forms.NumberInput:
    """A number field that matters for these games only (the form's script hides it for the others)."""
    return forms.NumberInput(attrs={"data-games": " ".join(games)})


class TableForm(forms.Form):
    """An organizer opens a table (the championship opens its own through the services)."""

    name = forms.CharField(label=_("Name"), max_length=80)
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[
            (Table.Variant.HOLDEM, Table.Variant.HOLDEM.label),
            (Table.Variant.RAZZ, Table.Variant.RAZZ.label),
        ],
        initial=Table.Variant.HOLDEM,
        required=False,  # Hold'em when not given
    )
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[
            (Table.Kind.CASH, Table.Kind.CASH.label),
            (Table.Kind.TOURNAMENT, Table.Kind.TOURNAMENT.label),
        ],
        initial=Table.Kind.CASH,
        help_text=_(
            "Players sit down themselves at an open table; a tournament table is started by the organizer."
        ),
    )
    max_seats = forms.IntegerField(label=_("Seats"), min_value=2, max_value=MAX_SEATS, initial=MAX_SEATS)
    small_blind = forms.IntegerField(
        label=_("Small blind"), min_value=1, initial=10, required=False, widget=_for_games("holdem")
    )
    big_blind = forms.IntegerField(
        label=_("Big blind"), min_value=1, initial=20, required=False, widget=_for_games("holdem")
    )
    bring_in = forms.IntegerField(
        label=_("Bring-in"),
        min_value=1,
        initial=10,
        required=False,
        widget=_for_games("razz"),
        help_text=_("Razz is fixed limit: the small bet is twice the bring-in, the big bet four times."),
    )
    ante = forms.IntegerField(label=_("Ante"), min_value=0, initial=0)
    starting_stack = forms.IntegerField(label=_("Starting stack"), min_value=1, initial=5000)
    action_seconds = forms.IntegerField(
        label=_("Action time (seconds)"), min_value=5, max_value=600, initial=30
    )
    time_bank_seconds = forms.IntegerField(
        label=_("Time bank (seconds)"),
        min_value=0,
        max_value=600,
        initial=0,
        help_text=_("Extra time each player can use once his action time is over; 0 for none."),
    )
    chat_enabled = forms.BooleanField(label=_("Chat"), required=False, initial=True)

    def clean(self):
        data = super().clean()
        data["variant"] = data.get("variant") or Table.Variant.HOLDEM
        if data["variant"] == Table.Variant.RAZZ:
            bring_in = data.pop("bring_in", None)
            if not bring_in:
                self.add_error("bring_in", _("Razz needs a bring-in."))
            else:
                # The table keeps Razz's stakes in its blinds: the bring-in and the small bet.
                data["small_blind"], data["big_blind"] = bring_in, 2 * bring_in
            return data
        data.pop("bring_in", None)
        small, big = data.get("small_blind"), data.get("big_blind")
        for name in ("small_blind", "big_blind"):
            if not data.get(name) and name not in self.errors:
                self.add_error(name, _("This field is required."))
        if small and big and big < small:
            self.add_error("big_blind", _("The big blind cannot be smaller than the small blind."))
        return data
