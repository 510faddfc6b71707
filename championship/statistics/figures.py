"""Rows of ``PlayerFigures`` added up: one game's figures over any set of sessions, each rate with
the count it is taken from (docs/statistics.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields

from django.urls import reverse
from django.utils.translation import get_language

from poker.engine.evaluate import HighHand

from ..models import PlayerFigures
from .record import add_figures


@dataclass
class Rate:
    """``part`` of ``whole``, e.g. VPIP 31 % of 212 hands."""

    part: int
    whole: int

    @property
    def percent(self) -> int | None:
        return round(100 * self.part / self.whole) if self.whole else None


@dataclass
class HandLink:
    """A hand that holds a record: where its replay is."""

    table_id: int
    number: int

    @property
    def url(self) -> str:
        return reverse("poker:hand_replay", args=[self.table_id, self.number])


@dataclass
class GameFigures:
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    three_bet_chances: int = 0
    three_bets: int = 0
    aggressive: int = 0
    calls: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    hands_won: int = 0
    net: int = 0
    allins: int = 0
    allin_luck: float = 0.0
    allin_luck_bb: float = 0.0
    biggest_pot: int = 0
    biggest_pot_hand: int | None = None  # Hand pk
    best_hand: int | None = None
    best_hand_hand: int | None = None
    links: dict[int, HandLink] | None = None

    def add(self, row: PlayerFigures) -> None:
        add_figures(self, row, pot_hand="biggest_pot_hand", best_hand="best_hand_hand")

    # What the page shows
    @property
    def vpip_rate(self) -> Rate:
        return Rate(self.vpip, self.hands)

    @property
    def pfr_rate(self) -> Rate:
        return Rate(self.pfr, self.hands)

    @property
    def three_bet_rate(self) -> Rate:
        return Rate(self.three_bets, self.three_bet_chances)

    @property
    def showdown_rate(self) -> Rate:
        return Rate(self.showdowns, self.saw_flop)

    @property
    def showdown_won_rate(self) -> Rate:
        return Rate(self.showdowns_won, self.showdowns)

    @property
    def aggression(self) -> float | None:
        """Bets and raises per call after the flop (None: he never called)."""
        return round(self.aggressive / self.calls, 1) if self.calls else None

    @property
    def best_hand_name(self) -> str:
        if self.best_hand is None:
            return ""
        lang = "fr" if (get_language() or "fr").startswith("fr") else "en"
        return HighHand(self.best_hand).describe(lang)

    @property
    def biggest_pot_link(self) -> HandLink | None:
        return (self.links or {}).get(self.biggest_pot_hand)

    @property
    def best_hand_link(self) -> HandLink | None:
        return (self.links or {}).get(self.best_hand_hand)


GAMES = [choice for choice, _label in PlayerFigures.Game.choices]


def total(rows: Iterable[PlayerFigures]) -> dict[str, GameFigures]:
    """The rows added up by game (every game present, empty when not played)."""
    games = {game: GameFigures() for game in GAMES}
    for row in rows:
        games[row.game].add(row)
    return games


def link(groups: list[GameFigures], links: dict[int, HandLink]) -> None:
    for group in groups:
        group.links = links


FIELD_NAMES = [f.name for f in fields(GameFigures)]
