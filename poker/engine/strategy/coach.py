"""The coach: a Hold'em hand's decisions of one player, each weighed as he could weigh it.

``review(events, me)``: ``events`` are the hand's events ``me`` may see (the public ones, his own
cards, and the cards shown at the end), so nothing here can reveal a card he was not shown. For
each of his decisions: what he knew (his cards, the board, the pot, the price of a call), his
equity against the opponents' likely ranges (those of the "fort" bots, ``ranges``: read from their
actions), the equity the price asked for, and a verdict with what it cost on average. Then the
same "avec le recul" (in hindsight): his equity against the hands that were shown, exact.

The verdicts (docs/practice.md):
- a call: "sound" when his equity reaches the equity needed, call / (pot + call); "costly" when it
  falls short by more than 5 points, "doubtful" in between; it cost (needed - equity) x (pot + call)
  chips on average;
- a fold facing a bet: the other way round: "costly" when his equity beat the price by more than
  5 points, and the chips given up are (equity - needed) x (pot + call);
- a check: "sound" (it costs nothing now);
- a bet or raise: "sound" with at least his fair share of equity (1 / players in the hand), else
  "doubtful": a bluff may be right, which equity alone cannot tell; no chips are counted.
A verdict within two standard errors of the line is at most "doubtful". Equity alone ignores the
betting still to come: the figures are estimates, not a solver's.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import events as ev
from ..equity import equity
from .odds import holdem_equity
from .ranges import opponent_range
from .seat import SeatView

SOUND, DOUBTFUL, COSTLY = "sound", "doubtful", "costly"
MARGIN = 0.05
SAMPLES = 3000


@dataclass(frozen=True)
class Weighing:
    """His equity against what he was up against, and what the verdict makes of it."""

    equity: float
    error: float  # standard error (0: exact)
    verdict: str
    cost: int | None  # chips lost on average by this decision (None: not counted)


@dataclass(frozen=True)
class Decision:
    """One of his decisions, as he saw it, with the coach's weighing now and in hindsight."""

    street: str
    action: str  # fold, check, call, bet, raise
    amount: int  # chips he put in with it
    hole: list[str]
    board: list[str]
    pot: int  # before his decision
    to_call: int
    needed: float  # equity the price asked for (0 when nothing to call)
    opponents: int
    now: Weighing
    hindsight: Weighing | None  # against the hands shown at the end, when any was


STREETS = ("preflop", "flop", "turn", "river")


def review(events: Sequence[Mapping[str, Any]], me: int, *, hindsight: bool = True) -> list[Decision]:
    """Every decision ``me`` made in the hand (see the module docstring); ``hindsight``: weighed
    against the hands shown too. ValueError on an event private to another player."""
    shown = {e["player"]: e["cards"] for e in events if e["type"] == ev.SHOW} if hindsight else {}
    decisions = []
    for k, event in enumerate(events):
        if event["type"] not in (ev.FOLD, ev.CHECK, ev.CALL, ev.BET, ev.RAISE) or event["player"] != me:
            continue
        view = SeatView.from_events(events[:k], me)
        decisions.append(_decision(view, event, shown, seed=k))
    return decisions


def _decision(view: SeatView, event: Mapping[str, Any], shown: dict[int, list[str]], seed: int) -> Decision:
    me = view.me
    to_call = max(0, min(max(view.bets) - view.bets[me], view.stacks[me]))
    pot = view.pot
    needed = to_call / (pot + to_call) if to_call else 0.0
    opponents = view.opponents
    rng = np.random.default_rng(zlib.crc32(repr((seed, [str(c) for c in view.hole])).encode()))
    ranges = [opponent_range(view, p) for p in opponents]
    est = holdem_equity(view.hole, view.board, ranges, rng, samples=SAMPLES)
    kind = event["type"]
    now = _weigh(kind, est.equity, est.error, needed, pot, to_call, len(opponents))
    hindsight = None
    known = [p for p in opponents if p in shown]
    if known:
        exact = equity(
            [[str(c) for c in view.hole], *(shown[p] for p in known)], [str(c) for c in view.board]
        )
        hindsight = _weigh(kind, exact[0].equity, 0.0, needed, pot, to_call, len(known))
    return Decision(
        street=STREETS[view.street],
        action=kind,
        amount=int(event.get("amount", 0)),
        hole=[str(c) for c in view.hole],
        board=[str(c) for c in view.board],
        pot=pot,
        to_call=to_call,
        needed=needed,
        opponents=len(opponents),
        now=now,
        hindsight=hindsight,
    )


def _weigh(
    kind: str, eq: float, error: float, needed: float, pot: int, to_call: int, opponents: int
) -> Weighing:
    if kind == ev.CHECK or (kind == ev.FOLD and to_call == 0):
        return Weighing(eq, error, SOUND, 0 if kind == ev.CHECK else None)
    if kind in (ev.BET, ev.RAISE):
        return Weighing(eq, error, SOUND if eq >= 1 / (opponents + 1) else DOUBTFUL, None)
    gap = needed - eq if kind == ev.CALL else eq - needed  # how far on the wrong side of the line
    if gap <= 0:
        return Weighing(eq, error, SOUND, 0)
    cost = round(gap * (pot + to_call))
    verdict = COSTLY if gap > MARGIN and gap > 2 * error else DOUBTFUL
    return Weighing(eq, error, verdict, cost)
