"""The values a table's websocket message may carry, checked before any service is called.

Every integer from a browser is bounded here: Python's integers have no limit, the database's
columns do (a 20-digit number would overflow a query), and a number out of any sensible range gets
a clear error to its sender instead.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from ..engine import fairness
from .errors import fmt

# The largest value a PositiveIntegerField holds on every database (chips, hand ids, seqs).
MAX_WHOLE = 2**31 - 1


class BadMessage(Exception):
    """A message refused before it reaches a service: ``code`` and ``message`` for its sender."""

    def __init__(self, code: str, message: Any) -> None:
        super().__init__(code)
        self.code, self.message = code, message


def whole(value: Any, *, low: int = 0) -> bool:
    """A whole number (not a bool) from ``low`` to ``MAX_WHOLE``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= MAX_WHOLE


def chips(value: Any) -> int:
    """An amount of chips: a whole number from 1 to ``MAX_WHOLE``."""
    if not whole(value, low=1):
        raise BadMessage(
            "bad_amount",
            fmt(_("The amount must be a whole number of chips, from 1 to %(max)s."), max=MAX_WHOLE),
        )
    return value


def seat_number(value: Any) -> int | None:
    """A seat asked for, or None (the first free one)."""
    if value is not None and not whole(value, low=1):
        raise BadMessage("bad_seat", _("Unknown seat."))
    return value


def hand_and_seq(message: dict[str, Any]) -> tuple[int, int]:
    """The hand and the seq an action answers."""
    hand, seq = message.get("hand"), message.get("seq")
    if not whole(hand) or not whole(seq):
        raise BadMessage("malformed", _("An action names the hand and the seq it answers."))
    return hand, seq


def client_seed(value: Any) -> str:
    """A player's contribution to the table's client seed (docs/fairness.md): 1 to 64 printable
    ASCII characters."""
    try:
        return fairness.check_client_seed(value)
    except ValueError:
        raise BadMessage("bad_client_seed", CLIENT_SEED_RULE) from None


CLIENT_SEED_RULE = fmt(
    _(
        "Your contribution must be 1 to %(max)s printable ASCII characters "
        "(letters, digits, punctuation, spaces)."
    ),
    max=fairness.CLIENT_SEED_MAX,
)
