"""What a bot knows: one seat's view of a hand, folded from the events that seat may see.

A bot gets exactly what the websocket gives a player in its seat: the hand's public events and its
own private ones (its cards), and the offer of the player to act (``legal``, the table's
``legal`` view). It never gets the engine's hand, which holds every player's cards and the deck.
``SeatView.from_events`` refuses an event that is private to another player, so a bot fed the
wrong events fails loudly instead of reading them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import events as ev
from ..actions import LegalActions
from ..cards import Card, parse_cards

VOLUNTARY = (ev.CALL, ev.BET, ev.RAISE, ev.COMPLETE, ev.CHECK, ev.FOLD)
AGGRESSIVE = (ev.BET, ev.RAISE, ev.COMPLETE)


@dataclass(frozen=True)
class Decision:
    """One voluntary action seen at the table: who, what, on which street, to what total."""

    street: int
    player: int
    kind: str
    total: int = 0
    all_in: bool = False


@dataclass
class SeatView:
    """The hand as the player ``me`` sees it (chips are integers; streets count from 0)."""

    game: str  # "holdem" or "razz"
    me: int
    players: int
    stakes: dict[str, int]
    starting: list[int]
    stacks: list[int]  # chips behind now
    bets: list[int]  # this betting round
    put: list[int]  # chips in the pot this hand, bets included
    folded: list[bool]
    hole: list[Card]  # his own cards that nobody else sees
    board: list[Card] = field(default_factory=list)
    up: list[list[Card]] = field(default_factory=list)  # Razz: each player's cards face up
    street: int = 0
    button: int | None = None
    big_blind_player: int | None = None
    actions: list[Decision] = field(default_factory=list)
    legal: LegalActions = field(default_factory=LegalActions)

    @classmethod
    def from_events(
        cls, events: Sequence[Mapping[str, Any]], me: int, legal: Mapping[str, Any] | None = None
    ) -> SeatView:
        """Fold ``events`` (the seat's visible events, in order) into its view; ``legal``: the
        table's offer to the player to act (``poker.games.betting.rules.legal_view``)."""
        start = events[0]
        if start.get("type") != ev.HAND_STARTED:
            raise ValueError("a seat's view starts with the hand's first event")
        n = start["players"]
        game = start.get("game", "holdem")
        names = ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet")
        stakes = {k: start[k] for k in names if k in start}
        view = cls(
            game=game,
            me=me,
            players=n,
            stakes=stakes,
            starting=list(start["stacks"]),
            stacks=list(start["stacks"]),
            bets=[0] * n,
            put=[0] * n,
            folded=[False] * n,
            hole=[],
            up=[[] for _ in range(n)],
            button=start.get("button"),
            big_blind_player=start.get("big_blind_player"),
        )
        for event in events[1:]:
            view._apply(event)
        view.legal = _legal(legal or {})
        return view

    def _apply(self, e: Mapping[str, Any]) -> None:
        kind = e["type"]
        if e.get("private") and e.get("player") != self.me:
            raise ValueError(f"event {kind} is private to player {e.get('player')}, not to player {self.me}")
        if kind == ev.HOLE_CARDS:
            self.hole += parse_cards(e["cards"])
        elif kind == ev.UP_CARDS:
            self.up[e["player"]] += parse_cards(e["cards"])
        elif kind == ev.ANTE:
            self._pay(e["player"], e["amount"], into_bet=False)
        elif kind in (ev.SMALL_BLIND, ev.BIG_BLIND, ev.BRING_IN):
            self._pay(e["player"], e["amount"])
        elif kind in (ev.CALL, ev.BET, ev.RAISE, ev.COMPLETE):
            self._pay(e["player"], e["amount"])
            self.actions.append(Decision(self.street, e["player"], kind, e["total"], bool(e.get("all_in"))))
        elif kind in (ev.CHECK, ev.FOLD):
            if kind == ev.FOLD:
                self.folded[e["player"]] = True
            self.actions.append(Decision(self.street, e["player"], kind))
        elif kind == ev.UNCALLED_BET_RETURNED:
            p = e["player"]
            self.stacks[p] += e["amount"]
            self.put[p] -= e["amount"]
            self.bets[p] = max(0, self.bets[p] - e["amount"])
        elif kind == ev.POTS:
            self.bets = [0] * self.players
        elif kind == ev.BOARD:
            self.board = parse_cards(e["board"])
        if kind in (ev.BOARD, ev.UP_CARDS, ev.BURN, ev.HOLE_CARDS) and "street" in e:
            self.street = _street_index(self.game, e["street"])

    def _pay(self, player: int, amount: int, *, into_bet: bool = True) -> None:
        self.stacks[player] -= amount
        self.put[player] += amount
        if into_bet:
            self.bets[player] += amount

    # ---- what a decision is made of

    @property
    def pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return sum(self.put)

    @property
    def to_call(self) -> int:
        return self.legal.call_amount

    @property
    def big_blind(self) -> int:
        return self.stakes.get("big_blind") or self.stakes.get("small_bet", 1)

    @property
    def opponents(self) -> list[int]:
        """The players still in the hand, himself aside."""
        return [p for p in range(self.players) if p != self.me and not self.folded[p]]

    def street_actions(self, street: int | None = None) -> list[Decision]:
        street = self.street if street is None else street
        return [a for a in self.actions if a.street == street]

    def raises(self, street: int | None = None) -> int:
        """Bets and raises made on ``street`` (this one by default)."""
        return sum(a.kind in AGGRESSIVE for a in self.street_actions(street))

    def to_act_after(self) -> list[int]:
        """Hold'em: the opponents still in who act after him on this street (his position)."""
        n = self.players
        if self.street == 0 and self.big_blind_player is not None:
            last = self.big_blind_player
        else:
            last = self.button if self.button is not None else n - 1
        order, p = [], self.me
        while p != last:
            p = (p + 1) % n
            if not self.folded[p] and self.stacks[p] > 0:
                order.append(p)
        return order

    def effective_stack(self) -> int:
        """The most he can lose or win against one opponent: his stack against the largest other."""
        mine = self.stacks[self.me] + self.bets[self.me]
        others = [self.stacks[p] + self.bets[p] for p in self.opponents]
        return min(mine, max(others, default=0))


def _street_index(game: str, name: str) -> int:
    if game == "razz":
        return ("third", "fourth", "fifth", "sixth", "seventh").index(name)
    return ("preflop", "flop", "turn", "river").index(name)


def _legal(view: Mapping[str, Any]) -> LegalActions:
    """The engine's ``LegalActions`` back from the offer the table shows the player to act."""
    call = view.get("call")
    return LegalActions(
        can_fold=bool(view.get("fold")),
        can_check=bool(view.get("check")),
        can_call=call is not None,
        call_amount=call or 0,
        min_raise_to=view.get("min"),
        max_raise_to=view.get("max"),
        bring_in=view.get("bring_in"),
    )


def offer(hand: Any) -> dict[str, Any]:
    """What the player to act in ``hand`` (a Hold'em or Razz hand) may do, as the table shows it
    to him (``poker.games.betting.rules.legal_view`` adds the game's presets to it): the bench
    builds a bot's ``legal`` with it as the table does."""
    legal = hand.legal_actions()
    i = hand.actor
    return {
        "fold": legal.can_fold,
        "check": legal.can_check,
        "call": legal.call_amount if legal.can_call else None,
        "bring_in": legal.bring_in,
        "min": legal.min_raise_to,
        "max": legal.max_raise_to,
        "bet": hand.level == 0,
        "all_in_to": hand.bets[i] + hand.stacks[i],  # the raise-to that puts him all-in
        "complete": False,
        "presets": [],
    }
