"""Razz at a table (docs/rules.md, "Razz"): seven-card stud for the lowest hand, fixed limit. What
it adds to the betting games: no blinds (the deal goes round, the bring-in is posted by the lowest
card showing), the cards dealt face up, and the completion of the bring-in on 3rd street.

The table's stakes: the ante, the bring-in and the small bet (twice the bring-in); the big bet is
twice the small bet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from ..engine import Razz
from ..engine.button import Positions
from ..engine.razz import RazzHand
from ..models import Table
from ..tables.views import StoredEvent
from .betting import play as betting
from .betting import rules, views
from .betting.form import form_part
from .betting.game import betting_game

STAKES = ("ante", "bring_in", "small_bet")
PRACTICE_STAKES = {"bring_in": 10, "small_bet": 20, "ante": 5}


class RazzPlay(betting.BettingPlay):
    hand_class = RazzHand

    def deal(
        self,
        active: Sequence[int],
        stacks: dict[int, int],
        previous: Positions | None,
        stakes: dict[str, int],
    ) -> betting.Deal:
        """The deal goes round, player 0 being the first seat left of the dealer (whose deck
        starts with player 0's cards)."""
        if previous is None:
            dealer = self.first_button_seat(list(active))
        else:
            dealer = next((n for n in active if n > previous.button), active[0])
        start = next((k for k, n in enumerate(active) if n > dealer), 0)
        seats = list(active[start:]) + list(active[:start])
        deck, keys = self.fair_deck(betting.new_deck(0))
        engine = Razz(**stakes).start_hand([stacks[n] for n in seats], deck, keys)
        return betting.Deal(engine, seats, Positions(dealer, None, None))

    def legal_view(self) -> dict[str, Any]:
        """3rd street: the first raise completes the bring-in to the small bet."""
        engine = self.engine
        view = rules.legal_view(engine)
        view["complete"] = engine.street == 0 and engine.level < engine.small_bet
        return view


class RazzFold(views.HandFold):
    """A Razz hand's public state: the betting games' fold, with the cards dealt face up."""

    first_street = "third"
    game = Table.Variant.RAZZ

    def __init__(self, hand) -> None:
        super().__init__(hand)
        self.up: list[list[str]] = [[] for _ in hand.seats]

    def apply_own(self, event: StoredEvent) -> None:
        e = event.payload
        if e["type"] == "up_cards":
            self.up[e["player"]] = self.up[e["player"]] + list(e["cards"])
            self.street = e["street"]
        elif e["type"] == "burn":
            self.street = e["street"]

    def shown_cards(self, player: int, cards: list[str]) -> list[str]:
        # Razz shows all seven cards: the down cards are the ones not already face up.
        return [c for c in cards if c not in self.up[player]]

    def down_count(self, player: int) -> int:
        """How many cards ``player`` holds face down (two from 3rd street, a third on 7th unless
        the 7th-street card is the community card)."""
        if not self.up[player]:
            return 0
        return 2 + (1 if self.street == "seventh" and not self.board else 0)

    def seat_extra(self, player: int) -> dict[str, Any]:
        return {"up": list(self.up[player]), "down": self.down_count(player)}


def check_settings(
    *, kind: str, blind_provider: str, bring_in: int = 10, small_bet: int | None = None, ante: int = 0
) -> dict[str, int]:
    if blind_provider:
        raise ValueError("only Hold'em tables follow a tournament clock")
    game = Razz(ante=ante, bring_in=bring_in, small_bet=small_bet)  # ValueError on stakes that make no sense
    return {"ante": game.ante, "bring_in": game.bring_in, "small_bet": game.small_bet}


def clean_form(form: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The organizer's table form at Razz: a bring-in, and the small bet that follows from it."""
    if not data.get("bring_in"):
        form.add_error("bring_in", _("Razz needs a bring-in."))
    else:
        data["small_bet"] = 2 * data["bring_in"]  # fixed limit: the small bet follows
    return data


GAME = betting_game(
    variant=Table.Variant.RAZZ,
    play=RazzPlay,
    fold=RazzFold,
    stakes=STAKES,
    check_settings=check_settings,
    practice_stakes=PRACTICE_STAKES,
    hand_files=("phh", "phh-zip"),  # PHH variant FR
    coach=True,  # the coach reviews Razz hands too (poker.coach, docs/practice.md)
    form=form_part(
        fields=("bring_in",),
        field_help={
            "bring_in": _("Razz is fixed limit: the small bet is twice the bring-in, the big bet four times.")
        },
        clean=clean_form,
        practice_label=Table.Variant.RAZZ.label,
    ),
)
