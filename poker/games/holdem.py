"""No-limit Texas Hold'em at a table (docs/rules.md, "Texas Hold'em, no limit"): the
championship's game. What it adds to the betting games: the button and blinds moved by the
dead-button rule (``poker.engine.button``), the bet presets, and the all-in run-out shown one
street at a time with each hand's equity.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext_lazy as _

from ..blinds import table_blinds
from ..engine import NoLimitHoldem
from ..engine.button import Positions, engine_positions, first_positions, next_positions
from ..engine.equity import pot_equities
from ..engine.holdem import HoldemHand
from ..models import Table
from ..tables.errors import ms
from .betting import play as betting
from .betting import rules, views
from .betting.form import form_part
from .betting.game import betting_game

PRACTICE_STAKES = {"small_blind": 10, "big_blind": 20, "ante": 0}


class HoldemPlay(betting.BettingPlay):
    hand_class = HoldemHand

    def stakes(self) -> dict[str, int]:
        """The table's blinds, or the championship clock's level (``poker.blinds``)."""
        small_blind, big_blind, ante = table_blinds(self.table)
        return {"small_blind": small_blind, "big_blind": big_blind, "ante": ante}

    def deal(
        self,
        active: Sequence[int],
        stacks: dict[int, int],
        previous: Positions | None,
        stakes: dict[str, int],
    ) -> betting.Deal:
        if previous is None:
            positions = first_positions(active, self.first_button_seat(list(active)))
        else:
            positions = next_positions(active, previous)
        button, sb_player, bb_player = engine_positions(active, positions)
        deck, _keys = self.fair_deck(betting.new_deck(button))
        engine = NoLimitHoldem(**stakes).start_hand(
            [stacks[n] for n in active],
            button,
            deck,
            blind_players=(sb_player, bb_player),
        )
        return betting.Deal(engine, list(active), positions)

    def legal_view(self) -> dict[str, Any]:
        """With the bet presets: minimum, half pot, pot, all-in."""
        engine = self.engine
        view = rules.legal_view(engine)
        legal = engine.legal_actions()
        if legal.min_raise_to is None:
            return view
        i = engine.actor
        to_call = engine.level - engine.bets[i]
        pot = sum(engine.committed) + sum(engine.bets) + to_call
        low, high = legal.min_raise_to, legal.max_raise_to
        for name, amount in (
            ("min", low),
            ("half_pot", engine.level + pot // 2),
            ("pot", engine.level + pot),
            ("all_in", high),
        ):
            amount = min(max(amount, low), high)
            if name in ("min", "all_in") or low < amount < high:
                view["presets"].append({"name": name, "amount": amount})
        return view

    def record(self, events: list[dict[str, Any]]) -> None:
        """In an all-in run-out, the equities go after the hands turned up and after each street,
        and viewers see one street at a time (deadline "reveal"): the engine deals the whole board
        in one call."""
        types = [e["type"] for e in events]
        runout = "show" in types and "board" in types[types.index("show") :]
        dealt_now = sum(len(e["cards"]) for e in events if e["type"] == "board")
        board = [str(c) for c in self.engine.board][: len(self.engine.board) - dealt_now]
        first_stage = None
        for k, event in enumerate(events):
            self.store(event)
            if not runout:
                continue
            if event["type"] == "board":
                board = list(event["board"])
                if len(board) < 5:
                    self.store(self._equity(board))
            elif event["type"] == "show" and (k + 1 == len(events) or events[k + 1]["type"] != "show"):
                pots = [e["players"] for e in events if e["type"] == "pot_awarded" and len(e["players"]) > 1]
                first_stage = self.store(self._equity(board, pots)).seq
        if first_stage is not None:
            self.table.visible_seq = first_stage
            self.set_deadline(Table.DeadlineKind.REVEAL, ms("POKER_REVEAL_MS", 1000))
        elif not self.revealing:
            self.table.visible_seq = self.table.seq

    def _equity(self, board: list[str], pots: list[list[int]] = ()) -> dict[str, Any]:
        """Each hand's share of the pot over the boards to come. Only public cards count (the hands
        turned up and the board): the figures are the ones every viewer could work out himself.
        With ``pots`` (the moment the cards are turned up), each contested pot's exact equities
        too, from the same boards: the all-in luck of the statistics (``engine.figures``)."""
        engine = self.engine
        players = [i for i in range(engine.player_count) if not engine.folded[i]]
        holes = [[str(c) for c in engine.hole_cards[i]] for i in players]
        index = {player: k for k, player in enumerate(players)}
        results = pot_equities(
            holes, list(board), [range(len(players)), *([index[i] for i in p] for p in pots)]
        )
        shares: list[float | None] = [None] * engine.player_count
        for i, result in zip(players, results[0]):
            shares[i] = round(result.equity, 4)
        street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[len(board)]
        event = {"type": "equity", "street": street, "board": list(board), "equity": shares}
        if pots:
            event["pots"] = [
                {"players": list(p), "equity": [r.equity for r in pot]} for p, pot in zip(pots, results[1:])
            ]
        return event


class HoldemFold(views.HandFold):
    game = Table.Variant.HOLDEM


STAKES = ("small_blind", "big_blind", "ante")


def check_settings(
    *, kind: str, blind_provider: str, small_blind: int = 10, big_blind: int = 20, ante: int = 0
) -> dict[str, int]:
    if not blind_provider:
        NoLimitHoldem(small_blind, big_blind, ante)  # ValueError on blinds that make no sense
    return {"small_blind": small_blind, "big_blind": big_blind, "ante": ante}


def clean_form(form: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The organizer's table form at Hold'em: both blinds, the big one at least the small one."""
    for name in ("small_blind", "big_blind"):
        if data.get(name) is None and name not in form.errors:
            form.add_error(name, _("This field is required."))
    small, big = data.get("small_blind"), data.get("big_blind")
    if small and big and big < small:
        form.add_error("big_blind", _("The big blind cannot be smaller than the small blind."))
    return data


GAME = betting_game(
    variant=Table.Variant.HOLDEM,
    play=HoldemPlay,
    fold=HoldemFold,
    stakes=STAKES,
    check_settings=check_settings,
    practice_stakes=PRACTICE_STAKES,
    hand_files=("phh", "phh-zip", "pokerstars"),  # PHH variant NT; PokerStars writes Hold'em
    coach=True,  # the coach reviews Hold'em hands (poker.coach, docs/practice.md)
    form=form_part(fields=("small_blind", "big_blind"), clean=clean_form, practice_label=_("Hold'em")),
)
