from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_SEATS, Table


class TableForm(forms.Form):
    """An organizer opens a table (the championship opens its own through the services)."""

    name = forms.CharField(label=_("Name"), max_length=80)
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
    small_blind = forms.IntegerField(label=_("Small blind"), min_value=1, initial=10)
    big_blind = forms.IntegerField(label=_("Big blind"), min_value=1, initial=20)
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
        small, big = data.get("small_blind"), data.get("big_blind")
        if small and big and big < small:
            self.add_error("big_blind", _("The big blind cannot be smaller than the small blind."))
        return data
