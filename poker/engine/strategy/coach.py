"""The coach: a Hold'em or Razz hand's decisions of one player, each weighed as he could weigh it.

``review(events, me)``: ``events`` are the hand's events ``me`` may see (the public ones, his own
cards, and the cards shown at the end), so nothing here can reveal a card he was not shown. For
each of his decisions: what he knew (his cards, the board, the pot, the price of a call), his
equity against the opponents' likely ranges (those of the "fort" bots, ``ranges``: read from their
actions), the equity the price asked for, and a verdict with what it cost on average. Then the
same "avec le recul" (in hindsight): his equity against the hands that were shown, exact.

Razz: what he knew is his down and up cards and the up cards of the opponents still in; his equity
is the "fort" Razz bot's (``razz_equity``: each opponent's down cards drawn from the cards he has not
seen, eights or lower for one who completed, bet or raised), Monte Carlo with its error. In
hindsight, the opponents who showed hold their seven cards and his own cards still to come are
every set of the cards not seen by the end of the hand, counted exactly (on 7th street nothing is
to come: 0, 1 or a split). A completion is weighed as a bet; the bring-in is forced, like a blind.
A hand dealt the community card (the deck run out) gets no hindsight for the decisions before it.

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
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from .. import events as ev
from ..cards import parse_cards
from ..equity import equity
from .odds import holdem_equity, low_values, razz_equity
from .ranges import opponent_range
from .seat import AGGRESSIVE, SeatView

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
    action: str  # fold, check, call, bet, raise (Razz: complete too)
    amount: int  # chips he put in with it
    hole: list[str]  # Razz: his down cards
    board: list[str]
    pot: int  # before his decision
    to_call: int
    needed: float  # equity the price asked for (0 when nothing to call)
    opponents: int
    now: Weighing
    hindsight: Weighing | None  # against the hands shown at the end, when any was
    up: list[str] = field(default_factory=list)  # Razz: his up cards
    opponents_up: list[list[str]] = field(default_factory=list)  # Razz: those of the opponents in


STREETS = ("preflop", "flop", "turn", "river")
RAZZ_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
DECISIONS = (ev.FOLD, ev.CHECK, ev.CALL, ev.BET, ev.RAISE, ev.COMPLETE)


def review(events: Sequence[Mapping[str, Any]], me: int, *, hindsight: bool = True) -> list[Decision]:
    """Every decision ``me`` made in the hand (see the module docstring); ``hindsight``: weighed
    against the hands shown too. ValueError on an event private to another player."""
    shown = {e["player"]: e["cards"] for e in events if e["type"] == ev.SHOW} if hindsight else {}
    decisions = []
    for k, event in enumerate(events):
        if event["type"] not in DECISIONS or event["player"] != me:
            continue
        view = SeatView.from_events(events[:k], me)
        if view.game == "razz":
            decisions.append(_razz_decision(view, event, shown, events, seed=k))
        else:
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
    if kind in (ev.BET, ev.RAISE, ev.COMPLETE):
        return Weighing(eq, error, SOUND if eq >= 1 / (opponents + 1) else DOUBTFUL, None)
    gap = needed - eq if kind == ev.CALL else eq - needed  # how far on the wrong side of the line
    if gap <= 0:
        return Weighing(eq, error, SOUND, 0)
    cost = round(gap * (pot + to_call))
    verdict = COSTLY if gap > MARGIN and gap > 2 * error else DOUBTFUL
    return Weighing(eq, error, verdict, cost)


def _razz_decision(
    view: SeatView,
    event: Mapping[str, Any],
    shown: dict[int, list[str]],
    events: Sequence[Mapping[str, Any]],
    seed: int,
) -> Decision:
    me = view.me
    to_call = max(0, min(max(view.bets) - view.bets[me], view.stacks[me]))
    pot = view.pot
    needed = to_call / (pot + to_call) if to_call else 0.0
    opponents = view.opponents
    mine = [int(c) for c in view.hole + view.up[me] + view.board]
    ups = [[int(c) for c in view.up[p] + view.board] for p in opponents]
    seen = mine + [int(c) for up in view.up for c in up] + [int(c) for c in view.board]
    starters = {a.player for a in view.actions if a.kind in AGGRESSIVE}  # the "fort" bot's reading
    rng = np.random.default_rng(zlib.crc32(repr((seed, mine)).encode()))
    est = razz_equity(mine, ups, seen, rng, samples=SAMPLES, good_start=[p in starters for p in opponents])
    kind = event["type"]
    now = _weigh(kind, est.equity, est.error, needed, pot, to_call, len(opponents))
    hindsight = None
    known = [p for p in opponents if p in shown]
    final_board = next((e["board"] for e in reversed(events) if e["type"] == ev.BOARD), [])
    hands = [[int(c) for c in parse_cards([*shown[p], *final_board])] for p in known]
    if known and len(final_board) == len(view.board) and all(len(h) == 7 for h in hands):
        everything = set(mine) | {c for h in hands for c in h}
        # The others' up cards, to the end of the hand, are not among his cards to come; his own are.
        ups_seen = [e for e in events if e["type"] == ev.UP_CARDS and e["player"] != me]
        everything |= {int(c) for e in ups_seen for c in parse_cards(e["cards"])}
        exact = _razz_exact(mine, hands, [c for c in range(52) if c not in everything])
        hindsight = _weigh(kind, exact, 0.0, needed, pot, to_call, len(known))
    return Decision(
        street=RAZZ_STREETS[view.street],
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
        up=[str(c) for c in view.up[me]],
        opponents_up=[[str(c) for c in view.up[p]] for p in opponents],
    )


def _razz_exact(mine: list[int], hands: list[list[int]], unseen: list[int]) -> float:
    """His share against the seven-card ``hands`` over every set of his cards still to come."""
    to_come = 7 - len(mine)
    if to_come == 0:  # 7th street: nothing to come, one deal
        rest = np.empty((1, 0), dtype=np.intp)
    else:
        rest = np.array(list(combinations(unseen, to_come)), dtype=np.intp)
    me = np.concatenate([np.tile(np.array(mine, dtype=np.intp), (len(rest), 1)), rest], axis=1)
    my_value = low_values(me)
    theirs = low_values(np.array(hands, dtype=np.intp))  # lower is better
    best = theirs.min()
    ties = int((theirs == best).sum())
    share = np.where(my_value < best, 1.0, np.where(my_value == best, 1.0 / (ties + 1), 0.0))
    return float(share.mean())
