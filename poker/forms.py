from django import forms
from django.utils.translation import gettext_lazy as _

from .models import MAX_SEATS, Table

# The settings that matter for each game: the page shows only those of the chosen game
# (static/js/table_form.js reads ``data-variants``); the others keep their defaults.
HOLDEM_ONLY = ("small_blind", "big_blind")
RAZZ_ONLY = ("bring_in",)
BETTING_ONLY = ("ante", "time_bank_seconds")  # Hold'em and Razz
DRAW_ONLY = ("decks", "min_bet", "max_bet")


BETTING_KIND_HELP = _(
    "Players sit down themselves at an open table; a tournament table is started by the organizer."
)
# The help of a field, per game (none where the label says it all).
GAME_HELP = {
    "variant": {
        Table.Variant.DEALER_DRAW: _(
            "Draw against the dealer is played with practice chips, one player or more."
        )
    },
    "kind": {
        Table.Variant.HOLDEM: BETTING_KIND_HELP,
        Table.Variant.RAZZ: BETTING_KIND_HELP,
        Table.Variant.DEALER_DRAW: _(
            "Draw against the dealer is played with practice chips: no tournament table."
        ),
    },
    "starting_stack": {
        Table.Variant.HOLDEM: _("The chips each player sits down with."),
        Table.Variant.RAZZ: _("The chips each player sits down with."),
        Table.Variant.DEALER_DRAW: _(
            "Draw against the dealer: the buy-in, taken from the player's practice bankroll."
        ),
    },
    "action_seconds": {
        Table.Variant.HOLDEM: _("The time each player has to act."),
        Table.Variant.RAZZ: _("The time each player has to act."),
        Table.Variant.DEALER_DRAW: _("Draw against the dealer: the time to bet, and then to draw."),
    },
}


class TableForm(forms.Form):
    """An organizer opens a table (the championship opens its own through the services)."""

    name = forms.CharField(label=_("Name"), max_length=80)
    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[
            (Table.Variant.HOLDEM, Table.Variant.HOLDEM.label),
            (Table.Variant.RAZZ, Table.Variant.RAZZ.label),
            (Table.Variant.DEALER_DRAW, Table.Variant.DEALER_DRAW.label),
        ],
        initial=Table.Variant.HOLDEM,
        required=False,
    )
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[
            (Table.Kind.CASH, Table.Kind.CASH.label),
            (Table.Kind.TOURNAMENT, Table.Kind.TOURNAMENT.label),
        ],
        initial=Table.Kind.CASH,
    )
    max_seats = forms.IntegerField(label=_("Seats"), min_value=2, max_value=MAX_SEATS, initial=MAX_SEATS)
    small_blind = forms.IntegerField(label=_("Small blind"), min_value=1, initial=10, required=False)
    big_blind = forms.IntegerField(label=_("Big blind"), min_value=1, initial=20, required=False)
    bring_in = forms.IntegerField(
        label=_("Bring-in"),
        min_value=1,
        initial=10,
        required=False,
        help_text=_("Razz is fixed limit: the small bet is twice the bring-in, the big bet four times."),
    )
    ante = forms.IntegerField(label=_("Ante"), min_value=0, initial=0, required=False)
    decks = forms.TypedChoiceField(
        label=_("Decks"),
        choices=[(1, _("One deck")), (2, _("Two decks (five of a kind is the best hand)"))],
        coerce=int,
        initial=1,
        required=False,
    )
    min_bet = forms.IntegerField(label=_("Minimum bet"), min_value=1, initial=10, required=False)
    max_bet = forms.IntegerField(label=_("Maximum bet"), min_value=1, initial=200, required=False)
    starting_stack = forms.IntegerField(
        label=_("Starting stack"),
        min_value=1,
        initial=5000,
    )
    action_seconds = forms.IntegerField(
        label=_("Action time (seconds)"),
        min_value=5,
        max_value=600,
        initial=30,
    )
    time_bank_seconds = forms.IntegerField(
        label=_("Time bank (seconds)"),
        min_value=0,
        max_value=600,
        initial=0,
        required=False,
        help_text=_("Extra time each player can use once his action time is over; 0 for none."),
    )
    chat_enabled = forms.BooleanField(label=_("Chat"), required=False, initial=True)
    voice_listeners = forms.BooleanField(
        label=_("Spectators may listen to the voice room"),
        required=False,
        initial=False,
        help_text=_(
            "The players seated at the table talk to each other; spectators only listen, never speak."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Each field's help is the chosen game's; the others ride along for table_form.js to swap in.
        variant = self.data.get("variant") or Table.Variant.HOLDEM
        for name, helps in GAME_HELP.items():
            field = self.fields[name]
            for game in Table.Variant.values:
                field.widget.attrs[f"data-help-{game}"] = helps.get(game, "")
            field.help_text = helps.get(variant, "")
        for name in HOLDEM_ONLY:
            self.fields[name].widget.attrs["data-variants"] = Table.Variant.HOLDEM
        for name in RAZZ_ONLY:
            self.fields[name].widget.attrs["data-variants"] = Table.Variant.RAZZ
        for name in BETTING_ONLY:
            self.fields[name].widget.attrs["data-variants"] = f"{Table.Variant.HOLDEM} {Table.Variant.RAZZ}"
        for name in DRAW_ONLY:
            self.fields[name].widget.attrs["data-variants"] = Table.Variant.DEALER_DRAW

    def clean(self):
        """The settings of the chosen game, as ``services.table_open`` takes them."""
        data = super().clean()
        data["variant"] = data.get("variant") or Table.Variant.HOLDEM
        if data.get("variant") == Table.Variant.DEALER_DRAW:
            data.pop("bring_in", None)
            return self._clean_draw(data)
        for name in DRAW_ONLY:
            data.pop(name, None)
        data["ante"] = data.get("ante") or 0
        data["time_bank_seconds"] = data.get("time_bank_seconds") or 0
        if data["variant"] == Table.Variant.RAZZ:
            for name in HOLDEM_ONLY:
                data.pop(name, None)
            if not data.get("bring_in"):
                self.add_error("bring_in", _("Razz needs a bring-in."))
            else:
                data["small_bet"] = 2 * data["bring_in"]  # fixed limit: the small bet follows
            return data
        data.pop("bring_in", None)
        for name in HOLDEM_ONLY:
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, _("This field is required."))
        small, big = data.get("small_blind"), data.get("big_blind")
        if small and big and big < small:
            self.add_error("big_blind", _("The big blind cannot be smaller than the small blind."))
        return data

    def _clean_draw(self, data):
        if data.get("kind") == Table.Kind.TOURNAMENT:
            self.add_error(
                "kind", _("Draw against the dealer is played with practice chips: no tournament table.")
            )
        if data.get("decks") not in (1, 2):
            self.add_error("decks", _("One or two decks."))
        for name in ("min_bet", "max_bet"):
            if data.get(name) is None and name not in self.errors:
                self.add_error(name, _("This field is required."))
        low, high = data.get("min_bet"), data.get("max_bet")
        if low and high and high < low:
            self.add_error("max_bet", _("The maximum bet cannot be smaller than the minimum bet."))
        stack = data.get("starting_stack")
        if low and stack and stack < low:
            self.add_error("starting_stack", _("The buy-in must cover at least the minimum bet."))
        for name in HOLDEM_ONLY:
            data.pop(name, None)
        data.update(min_bet=low, max_bet=high, ante=0, time_bank_seconds=0)
        return data


class PracticeForm(forms.Form):
    """A practice table against bots: the game, how many bots and how well they play."""

    variant = forms.ChoiceField(
        label=_("Game"),
        choices=[(Table.Variant.HOLDEM, _("Hold'em")), (Table.Variant.RAZZ, Table.Variant.RAZZ.label)],
        initial=Table.Variant.HOLDEM,
    )
    level = forms.ChoiceField(
        label=_("Bots' level"), choices=Table.BotLevel.choices, initial=Table.BotLevel.BEGINNER
    )
    bots = forms.TypedChoiceField(
        label=_("Bots"), choices=[(n, str(n)) for n in range(1, MAX_SEATS)], coerce=int, initial=4
    )

    def __init__(self, data=None, **kwargs):
        # A field left out keeps its default (the table list's one-click buttons send only the game).
        if data is not None:
            data = {name: field.initial for name, field in self.base_fields.items()} | data.dict()
        super().__init__(data, **kwargs)
