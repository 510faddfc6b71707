"""What a player can do, and the answer when he may not.

Every game (Hold'em, Razz, dealer draw) takes the same ``Action`` records and answers
``legal_actions()`` with the same ``LegalActions`` shape, so the table app drives them alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, parse_cards


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why. Nothing was changed."""


FOLD = "fold"
CHECK = "check"
CALL = "call"
RAISE = "raise"  # a bet is a raise from zero: the amount is always the player's total for the round
BRING_IN = "bring_in"
DRAW = "draw"
KINDS = (FOLD, CHECK, CALL, RAISE, BRING_IN, DRAW)


@dataclass(frozen=True, slots=True)
class Action:
    kind: str
    amount: int | None = None  # RAISE: the "raise to" total for this betting round
    cards: tuple[Card, ...] = field(default=())  # DRAW: the cards thrown away

    @classmethod
    def fold(cls) -> Action:
        return cls(FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(CALL)

    @classmethod
    def raise_to(cls, amount: int) -> Action:
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction(f"the amount must be a whole number of chips, not {amount!r}")
        return cls(RAISE, amount)

    bet = raise_to

    @classmethod
    def bring_in(cls) -> Action:
        return cls(BRING_IN)

    @classmethod
    def draw(cls, cards: Any = ()) -> Action:
        """Throw ``cards`` ("3c 5d" or a list) to draw as many; none stands pat.

        Identical cards are allowed: with two decks a player may hold both copies of a card
        (whether he holds what he throws is the game's question, asked when he acts).
        """
        return cls(DRAW, cards=tuple(parse_cards(cards, allow_duplicates=True)))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards:
            data["cards"] = [str(c) for c in self.cards]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        kind = data.get("kind")
        if kind not in KINDS:
            raise IllegalAction(f"unknown action: {kind!r}")
        if kind == RAISE:
            return cls.raise_to(data.get("amount"))  # type: ignore[arg-type]
        if kind == DRAW:
            return cls.draw(data.get("cards", ()))
        return cls(kind)

    def __str__(self) -> str:
        if self.kind == RAISE:
            return f"raise to {self.amount}"
        if self.kind == DRAW:
            return f"draw {len(self.cards)}"
        return self.kind.replace("_", "-")


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do. Amounts are chips; None means "not allowed"."""

    can_fold: bool = False
    can_check: bool = False
    can_call: bool = False
    call_amount: int = 0  # chips a call adds (0 when there is nothing to call)
    min_raise_to: int | None = None  # None when no bet or raise is allowed
    max_raise_to: int | None = None
    bring_in: int | None = None  # Razz: what the bring-in player may post instead of completing
    can_draw: bool = False  # dealer draw
    max_draw: int = 0

    @property
    def can_raise(self) -> bool:
        return self.min_raise_to is not None
