"""One Hold'em hand read with every hole card: what each player did towards each other player.

``hand_pairs(events)`` takes all the events of a finished hand, the private ``hole_cards``
included (the server knows them; nothing here is ever shown to a player), and returns what the
pair figures add up (``pairs.py``; docs/integrity.md defines each count):

- ``Tally[i][j]``, for each ordered pair: player ``i``'s conduct towards ``j``;
- ``together``, ``contested`` and the chips that went from each player to each other.

A player's conduct towards the rest of the table is the sum of his tallies towards the others:
``pairs.py`` compares his tally towards one player with that sum minus it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .. import events as ev
from ..cards import RANKS
from .odds import heads_up_equity, river_strength

# A fold is "strong" when the folded hand's equity against the bettor's real cards was at least
# this far above the price of the call (docs/integrity.md, "Strong folds").
STRONG_FOLD_MARGIN = 0.20
STRONG_FOLD_EQUITY = 0.50  # ... and it was the better hand
# A river hand is a near-certain winner when it beats this share of every hand the others could hold.
NEAR_CERTAIN = 0.95

# The directed counts: (what happened, out of how many chances). See docs/integrity.md.
AGGRESSION = "aggression"  # bets and raises, of his decisions while the other was in with chips
STRONG_FOLDS = "strong_folds"  # strong folds, of his folds to the other's bet or raise
RAISE_FOLDS = "raise_folds"  # folds, of the times he bet or raised and the other raised him back
CHECKED_RIVERS = "checked_rivers"  # rivers checked through, of rivers he reached with a near-certain winner
# decisions without a bet or raise, of his decisions holding a strong hand while the other was in
# with chips and he had chips beyond the call (``strong_hand``)
STRONG_UNBET = "strong_unbet"
FOLDS_TO = "folds_to"  # folds, of the times he faced the other's bet or raise
# New counts last, so that counts stored before them read back at 0 of 0 (``from_dict``).
FEATURES = (AGGRESSION, STRONG_FOLDS, RAISE_FOLDS, CHECKED_RIVERS, STRONG_UNBET, FOLDS_TO)
STRONG_PREFLOP_PAIR = 8  # rank index of the ten (2 is 0): a pair of tens or better before the flop
# Which hands of the pair a flag points to (the replays on the organizer's page).
FLAGGED = (STRONG_FOLDS, RAISE_FOLDS, CHECKED_RIVERS)


@dataclass
class Tally:
    """Player i towards player j in one hand: ``hits[f]`` out of ``chances[f]`` for each feature."""

    hits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FEATURES, 0))
    chances: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FEATURES, 0))

    def add(self, feature: str, hit: bool) -> None:
        self.chances[feature] += 1
        self.hits[feature] += int(hit)


@dataclass
class HandPairs:
    players: int
    big_blind: int
    tally: dict[tuple[int, int], Tally]  # (i, j) -> i towards j, only the pairs with a chance
    contested: set[tuple[int, int]]  # i < j: both put chips in of their own will, or both saw the flop
    flow: dict[tuple[int, int], int]  # (i, j) -> chips of i that j won
    fold_flow: dict[tuple[int, int], int]  # ... of them, in pots i gave up by folding
    # (i, j) -> what j won of i's chips at an all-in beyond j's equity of them
    luck: dict[tuple[int, int], float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible: what the championship stores for each hand (no card in it)."""
        return {
            "players": self.players,
            "big_blind": self.big_blind,
            "tally": [
                [i, j, [[t.hits[f], t.chances[f]] for f in FEATURES]] for (i, j), t in self.tally.items()
            ],
            "contested": sorted([i, j] for i, j in self.contested),
            "flow": [[i, j, c] for (i, j), c in self.flow.items()],
            "fold_flow": [[i, j, c] for (i, j), c in self.fold_flow.items()],
            "luck": [[i, j, round(x, 2)] for (i, j), x in self.luck.items()],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandPairs:
        tally = {}
        for i, j, counts in data["tally"]:
            t = Tally()
            for feature, (hits, chances) in zip(FEATURES, counts):
                t.hits[feature], t.chances[feature] = hits, chances
            tally[(i, j)] = t
        return cls(
            players=data["players"],
            big_blind=data["big_blind"],
            tally=tally,
            contested={(i, j) for i, j in data["contested"]},
            flow={(i, j): c for i, j, c in data["flow"]},
            fold_flow={(i, j): c for i, j, c in data["fold_flow"]},
            luck={(i, j): x for i, j, x in data["luck"]},
        )


def hand_pairs(events: Iterable[ev.Event]) -> HandPairs:
    """The pair counts of one finished Hold'em hand from all its events (hole cards included)."""
    events = list(events)
    if not events or events[0]["type"] != ev.HAND_STARTED or events[0].get("game") is not None:
        raise ValueError("the pair figures read Hold'em hands (hand_started without a game)")
    started = events[0]
    n = started["players"]
    holes: dict[int, list[str]] = {}
    for event in events:
        if event["type"] == ev.HOLE_CARDS:
            holes[event["player"]] = list(event["cards"])
    if len(holes) != n:
        raise ValueError("the pair figures need every player's hole cards (the private events)")
    return _Reader(started, holes).read(events)


def strong_hand(hole: list[str], board: list[str]) -> bool:
    """A hand nobody plays passively by habit, read from the ranks alone (cheap, at every
    decision): before the flop a pair of tens or better or ace-king; from the flop three of a kind
    with a pocket pair, or two pair made with both hole cards (or better: a board card of each)."""
    a, b = (RANKS.index(card[0]) for card in hole)
    if not board:
        return (a == b and a >= STRONG_PREFLOP_PAIR) or {a, b} == {12, 11}
    ranks = {RANKS.index(card[0]) for card in board}
    return (a == b and a in ranks) or (a != b and a in ranks and b in ranks)


class _Reader:
    def __init__(self, started: ev.Event, holes: dict[int, list[str]]) -> None:
        n = started["players"]
        self.n = n
        self.holes = holes
        self.stacks = list(started["stacks"])  # chips behind, as the hand goes
        self.folded = [False] * n
        self.bets = [0] * n  # this betting round
        self.pot = 0  # every chip put in so far, this round's bets included
        self.board: list[str] = []
        self.aggressor: int | None = None  # who made the last bet or raise of this round
        self.raised = [False] * n  # bet or raised earlier in the hand
        self.voluntary = [False] * n
        self.saw_flop = [False] * n
        self.river_bet = False
        self.river_players: list[int] = []  # still in when the river was dealt
        self.river_decided = False  # somebody could bet on the river (not an all-in run-out)
        self.result = HandPairs(n, started.get("big_blind", 0), {}, set(), {}, {}, {})
        self.started = started
        self.fold_to: dict[int, int] = {}  # who folded to whose bet

    def tally(self, i: int, j: int) -> Tally:
        tally = self.result.tally.get((i, j))
        if tally is None:  # not setdefault: a Tally for every call would cost more than the hand
            tally = self.result.tally[(i, j)] = Tally()
        return tally

    def in_with_chips(self, j: int) -> bool:
        return not self.folded[j] and self.stacks[j] > 0

    def read(self, events: list[ev.Event]) -> HandPairs:
        pots: list[ev.Event] = []
        final = list(self.started["stacks"])
        equities: dict[tuple[int, ...], list[float]] = {}
        for event in events:
            kind = event["type"]
            i = event.get("player")
            if kind in (ev.FOLD, ev.CHECK, ev.CALL, ev.BET, ev.RAISE):
                self.decision(kind, i, event)
            if kind in (ev.ANTE, ev.SMALL_BLIND, ev.BIG_BLIND, ev.CALL, ev.BET, ev.RAISE):
                self.pot += event["amount"]
                self.stacks[i] -= event["amount"]
                if kind != ev.ANTE:
                    self.bets[i] += event["amount"]
            elif kind == ev.UNCALLED_BET_RETURNED:
                self.pot -= event["amount"]
                self.stacks[i] += event["amount"]
            elif kind == ev.POTS:
                self.bets = [0] * self.n
                self.aggressor = None
            elif kind == ev.BOARD:
                self.board = list(event["board"])
                if event["street"] == "flop":
                    self.saw_flop = [not f for f in self.folded]
                if event["street"] == "river":
                    self.river_players = [i for i in range(self.n) if not self.folded[i]]
            elif kind == "equity" and "pots" in event:  # the table's all-in equities (poker.games.holdem)
                equities = {tuple(p["players"]): p["equity"] for p in event["pots"]}
            elif kind == ev.POT_AWARDED:
                pots.append(event)
            elif kind == ev.HAND_OVER:
                final = list(event["stacks"])
        if self.river_decided:
            self.checked_river()
        self.pairs_contested()
        self.flows(pots, final, equities)
        return self.result

    def decision(self, kind: str, i: int, event: ev.Event) -> None:
        facing = max(self.bets) - self.bets[i]
        aggressive = kind in (ev.BET, ev.RAISE)
        strong = self.stacks[i] > facing and strong_hand(self.holes[i], self.board)
        for j in range(self.n):
            if j != i and self.in_with_chips(j):
                self.tally(i, j).add(AGGRESSION, aggressive)
                if strong:
                    self.tally(i, j).add(STRONG_UNBET, not aggressive)
        bettor = self.aggressor
        if facing > 0 and bettor is not None and bettor != i and not self.folded[bettor]:
            self.tally(i, bettor).add(FOLDS_TO, kind == ev.FOLD)
            if kind == ev.FOLD:
                price = facing / (self.pot + facing)
                equity = heads_up_equity(self.holes[i], self.holes[bettor], self.board)
                strong = equity >= STRONG_FOLD_EQUITY and equity >= price + STRONG_FOLD_MARGIN
                self.tally(i, bettor).add(STRONG_FOLDS, strong)
                self.fold_to[i] = bettor
            if self.raised[i]:
                self.tally(i, bettor).add(RAISE_FOLDS, kind == ev.FOLD)
        if kind == ev.FOLD:
            self.folded[i] = True
        if kind in (ev.CALL, ev.BET, ev.RAISE):
            self.voluntary[i] = True
        if kind in (ev.BET, ev.RAISE):
            self.aggressor = i
            self.raised[i] = True
            if len(self.board) == 5:
                self.river_bet = True
        if len(self.board) == 5:
            self.river_decided = True

    def checked_river(self) -> None:
        """Each player in at the river with a near-certain winner had a chance to bet it into each
        other player in; a river without a bet let it go."""
        still_in = self.river_players
        for i in still_in:
            if river_strength(self.holes[i], self.board) >= NEAR_CERTAIN:
                for j in still_in:
                    if j != i:
                        self.tally(i, j).add(CHECKED_RIVERS, not self.river_bet)

    def pairs_contested(self) -> None:
        for i in range(self.n):
            for j in range(i + 1, self.n):
                if (self.voluntary[i] and self.voluntary[j]) or (self.saw_flop[i] and self.saw_flop[j]):
                    self.result.contested.add((i, j))

    def flows(self, pots: list[ev.Event], final: list[int], equities: dict) -> None:
        """Whose chips each winner took. A player's chips are cut into the pots at the levels of
        the players still in at the end (main pot first, as the table builds them); each pot's
        winners share every contributor's part of it as they share the pot."""
        start = self.started["stacks"]
        won = [0] * self.n
        for pot in pots:
            for w, share in zip(pot["winners"], pot["shares"]):
                won[w] += share
        put_in = [start[i] - final[i] + won[i] for i in range(self.n)]
        levels = sorted({put_in[i] for i in range(self.n) if not self.folded[i]})
        bottom = 0
        result = self.result
        for pot, top in zip(pots, levels):
            parts = [max(0, min(c, top) - min(c, bottom)) for c in put_in]
            bottom = top
            amount = sum(parts) or 1
            shares = dict(zip(pot["winners"], pot["shares"]))
            for i, part in enumerate(parts):
                for w, share in shares.items():
                    if w == i or not part:
                        continue
                    chips = round(part * share / amount)
                    result.flow[(i, w)] = result.flow.get((i, w), 0) + chips
                    if self.fold_to.get(i) is not None:
                        result.fold_flow[(i, w)] = result.fold_flow.get((i, w), 0) + chips
            equity = equities.get(tuple(pot["players"]))
            if equity is not None and len(pot["players"]) == 2:
                a, b = pot["players"]
                # b's luck against a in this pot: what b got of a's part beyond b's equity of it
                got_b = shares.get(b, 0) / amount
                result.luck[(a, b)] = result.luck.get((a, b), 0.0) + parts[a] * (got_b - equity[1])
                got_a = shares.get(a, 0) / amount
                result.luck[(b, a)] = result.luck.get((b, a), 0.0) + parts[b] * (got_a - equity[0])
