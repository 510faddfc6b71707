from django import forms
from django.utils.translation import gettext_lazy as _

from ..models import MAX_SEATS, Table
from ..tables.registry import game_of, games

# The form names no game: each game's plug-in gives its part (``Game.form``: the settings only it
# has, the help of the fields at this game, its checks), and the game is picked from the model's
# choices (``Table.Variant``, its default the model's).
DEFAULT_GAME = Table._meta.get_field("variant").get_default()


def game_choices() -> list[tuple[str, str]]:
    """Every game a table can play, in the order the plug-ins registered, as the model names it."""
    return [(game.variant, Table.Variant(game.variant).label) for game in games()]


def practice_choices() -> list[tuple[str, str]]:
    """The games with practice bots, by the name the practice form gives them."""
    return [(game.variant, game.form["practice_label"]) for game in games() if game.practice is not None]


class TableForm(forms.Form):
    """An organizer opens a table (the championship opens its own through the services)."""

    name = forms.CharField(label=_("Name"), max_length=80)
    variant = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=DEFAULT_GAME, required=False)
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
    bring_in = forms.IntegerField(label=_("Bring-in"), min_value=1, initial=10, required=False)
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
        variant = self.data.get("variant") or DEFAULT_GAME
        chosen = {} if variant not in dict(game_choices()) else game_of(variant).form.get("help", {})
        helped = [name for name in self.fields if any(name in game.form.get("help", {}) for game in games())]
        for name in helped:
            field = self.fields[name]
            for game in games():
                field.widget.attrs[f"data-help-{game.variant}"] = game.form.get("help", {}).get(name, "")
            field.help_text = chosen.get(name, "")
        # The settings only some games have: shown for those (``data-variants``), with their own help.
        shown_for: dict[str, list[str]] = {}
        for game in games():
            for name in game.form.get("fields", ()):
                shown_for.setdefault(name, []).append(game.variant)
            for name, text in game.form.get("field_help", {}).items():
                self.fields[name].help_text = text
        for name, variants in shown_for.items():
            self.fields[name].widget.attrs["data-variants"] = " ".join(variants)

    def clean(self):
        """The settings of the chosen game, as ``services.table_open`` takes them: the other games'
        settings dropped, the game's own checked by its plug-in."""
        data = super().clean()
        data["variant"] = data.get("variant") or DEFAULT_GAME
        game = game_of(data["variant"])
        for other in games():
            for name in other.form.get("fields", ()):
                if name not in game.form.get("fields", ()):
                    data.pop(name, None)
        return game.form["clean"](self, data)


class PracticeForm(forms.Form):
    """A practice table against bots: the game, how many bots and how well they play."""

    variant = forms.ChoiceField(label=_("Game"), choices=practice_choices, initial=DEFAULT_GAME)
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
