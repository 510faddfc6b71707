"""Razz: seven-card stud, lowest hand wins, fixed limit (docs/rules.md, section "Razz").

>>> from poker.engine import Action, Razz, parse_cards
>>> from poker.engine.razz import deck_for
>>> deck = deck_for(["As 2s Kd", "3c 4c 5h"])          # player 0 shows Kd: he brings in
>>> hand = Razz(ante=5, bring_in=10, small_bet=20, big_bet=40).start_hand([1000, 1000], deck)
>>> hand.actor, hand.legal_actions().bring_in, hand.legal_actions().min_raise_to
(0, 10, 20)
>>> _ = hand.act(Action.bring_in()); _ = hand.act(Action.fold())
>>> hand.is_over, hand.stacks
(True, [1005, 995])

Players are 0..n-1 clockwise, player 0 the first seat left of the dealer. The state is plain data;
``to_dict()`` gives a JSON-compatible dict (with the secret deck: keep it server-side) and
``from_dict()`` a hand that plays on exactly like the original. Every event and its fields:
``events.py`` (the shared ones, and the section "Razz": ``up_cards``, ``bring_in``, ``complete``,
``reshuffle``; down cards are private ``hole_cards``).

How the rules are read, where docs/rules.md leaves a choice to the program (TDA-style, written down here
as docs/rules.md asks):

- The bets: ``small_bet`` is twice the bring-in and ``big_bet`` twice the small bet (docs/rules.md, "Razz");
  ``Razz(ante, bring_in)`` fills them in, other values raise ValueError.
- Antes are posted first, in seat order; a player whose stack does not cover the ante posts it all
  and is all-in.
- Bring-in: the highest up card on 3rd street, ace lowest, king highest, ties by suit (spades >
  hearts > diamonds > clubs). If that player is all-in from his ante, the duty passes to the next
  player clockwise who has chips (as PokerKit does). A bring-in bigger than his stack is posted all-in,
  and the others then call what he posted (or complete).
- The bring-in player acts first and may only post the bring-in (``Action.bring_in()``) or complete
  (``Action.raise_to(small_bet)``). The bring-in is not a bet: it does not count towards the cap.
- Fixed limit: on 3rd street, while nobody has completed, a raise is the completion to the small
  bet; after it, and on every other street, a bet or raise adds exactly one unit (small bet on 3rd
  and 4th street, big bet from 5th). A player with fewer chips than that may go all-in for less.
- The cap: four bets a round, the completion (or opening bet) and three raises. Every completion,
  bet or raise counts, an all-in for less too (as PokerKit counts them).
- Reopening, TDA rule 47B for fixed limit (docs/rules.md, "Razz"): an all-in for less than a full
  bet reopens the betting for a player who has already acted when the bet he faces has grown by at
  least half a bet of the street since he last acted (several short all-ins together count: bring-in
  10, small bet 20, 10 more reopens, 9 does not); below half he may only call or fold. The next
  raise is then a full bet over the all-in. Anyone may complete while nobody has completed (a short
  all-in "completion" does not close it).
- A player may not fold when he can check, nobody may raise when no other player still in could call
  more, and a hand in which at most one player still has chips runs itself out.
- From 4th street the player showing the best low acts first (pairs are bad: unpaired beats one pair
  beats two pair beats trips; within that, the highest card decides, then the next); ties: the lowest
  seat. If he is all-in, the next player clockwise with chips acts first. On 7th street the order is
  that of the four up cards (the down card and a community card do not count).
- Dealing: 3rd street one card at a time from player 0, down, down, up; then a burn and one card
  each to the players still in (up on 4th-6th, down on 7th). When the deck is empty, the burned and
  folded cards are put back. For a hand dealt from a shuffled deck they are shuffled in a random order
  drawn with the CSPRNG when the hand was dealt (``reshuffle_keys``, secret like the deck), so a
  stored hand resumed elsewhere deals the very same cards; for a hand dealt from an explicit deck
  they come back in the order they left play (burned cards first, then folded hands), so tests and
  replays know every card. If, at the start of a street, the deck
  together with the burned and folded cards cannot give every player still in a card (eight players
  to 7th street), the street is one community card: burn, then one card face up in ``board``.
- Showdown: every hand still in is shown, the last bettor or raiser of 7th street first, else from
  player 0, clockwise. Each pot goes to the best ace-to-five low among its players; equal hands split,
  odd chips one each in seat order from player 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _betting as betting
from . import events as ev
from ._betting import MAX_PLAYERS, MIN_PLAYERS
from ._deck import deck_to_deal, put_back, reshuffle_order, unused_cards
from ._showdown import award_pots, show_hands
from ._state import StateFormat, whole
from .actions import BRING_IN, CALL, CHECK, FOLD, RAISE, Action, IllegalAction, LegalActions
from .cards import Card, card_names, parse_cards
from .evaluate import HandNames, LowHand, evaluate_low
from .pots import Pot, build_pots

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
THIRD, FOURTH, FIFTH, SIXTH, SEVENTH = range(5)
CAP = 4  # bets a round: the completion (or opening bet) and three raises
STATE_VERSION = 1

# The Razz event types, under the names this module has always given them (see events.py)
UP_CARDS, BRING_IN_EVENT, COMPLETE, RESHUFFLE = ev.UP_CARDS, ev.BRING_IN, ev.COMPLETE, ev.RESHUFFLE
RAZZ_EVENT_TYPES = (UP_CARDS, BRING_IN_EVENT, COMPLETE, RESHUFFLE)  # besides the Hold'em ones


def _low_rank(card: Card) -> int:
    """0 for an ace, 1 for a deuce ... 12 for a king (Razz: the ace is the lowest card)."""
    return (card.rank_index + 1) % 13


def bring_in_key(card: Card) -> tuple[int, int]:
    """The greater key brings in: king highest, ace lowest; equal ranks by suit, spades highest."""
    return _low_rank(card), card.suit_index


def showing_key(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """How good the up cards look for a low; the smaller key acts first from 4th street.

    Unpaired beats one pair beats two pair beats trips beats quads; then the ranks (the paired ranks
    first, then the rest), highest first, ace low.
    """
    counts = Counter(_low_rank(c) for c in cards)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    top = groups[0][1] if groups else 1
    if top == 1:
        category = 0
    elif top == 2:
        category = 2 if len(groups) > 1 and groups[1][1] == 2 else 1
    else:
        category = top  # 3: trips, 4: quads
    return category, tuple(rank for rank, _ in groups)


def _names(hand: LowHand, beaten: LowHand | None = None) -> HandNames:
    """A low's names give its five cards: they always say what decided."""
    return hand.names()


@dataclass(frozen=True, slots=True)
class Razz:
    """Fixed-limit Razz at one level of stakes: deals hands with ``start_hand``."""

    ante: int
    bring_in: int
    small_bet: int | None = None  # twice the bring-in
    big_bet: int | None = None  # twice the small bet

    def __post_init__(self) -> None:
        if self.small_bet is None and whole(self.bring_in):
            object.__setattr__(self, "small_bet", 2 * self.bring_in)
        if self.big_bet is None and whole(self.small_bet):
            object.__setattr__(self, "big_bet", 2 * self.small_bet)  # type: ignore[operator]
        for name in ("ante", "bring_in", "small_bet", "big_bet"):
            value = getattr(self, name)
            if not whole(value) or value < 0:
                raise ValueError(f"{name} must be a whole number of chips, 0 or more, not {value!r}")
        if self.bring_in <= 0:
            raise ValueError(f"the bring-in must be positive, not {self.bring_in}")
        if self.small_bet != 2 * self.bring_in:
            raise ValueError(
                f"the small bet must be twice the bring-in (docs/rules.md, Razz): {2 * self.bring_in}, "
                f"not {self.small_bet}"
            )
        if self.big_bet != 2 * self.small_bet:  # type: ignore[operator]
            raise ValueError(
                f"the big bet must be twice the small bet (docs/rules.md, Razz): {2 * self.small_bet}, "  # type: ignore[operator]
                f"not {self.big_bet}"
            )

    def start_hand(
        self,
        stacks: Sequence[int],
        deck: Sequence[Card | str] | str | None = None,
        reshuffle_keys: Sequence[int] | None = None,
    ) -> RazzHand:
        """Post the antes, deal 3rd street and return the hand waiting for the bring-in.

        ``deck``: None shuffles with the OS's CSPRNG; otherwise all 52 cards, top first
        (``deck_for`` builds one from the cards each player should get). ``reshuffle_keys``: the
        order cards put back take (``fairness.reshuffle_keys``), given with a table's fair deck.
        """
        return RazzHand._deal(self, stacks, deck, reshuffle_keys)


class RazzHand:
    """One hand of Razz: plain data, advanced by ``act``."""

    __slots__ = (
        "acted",
        "actor",
        "aggressor",
        "ante",
        "bets",
        "big_bet",
        "board",
        "bring_in",
        "bring_in_player",
        "burned",
        "committed",
        "deck",
        "events",
        "faced",
        "folded",
        "hole_cards",
        "is_over",
        "level",
        "mucked",
        "raises",
        "reshuffle_keys",
        "shown",
        "small_bet",
        "stacks",
        "starting_stacks",
        "street",
    )

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: list[int]
    stacks: list[int]  # chips behind
    bets: list[int]  # chips put in on this betting round
    committed: list[int]  # chips in the pots (antes and earlier rounds)
    folded: list[bool]
    acted: list[bool]  # has acted since the last full bet or raise of this round
    faced: list[int]  # the bet to match when he last acted on this round
    shown: list[bool]
    hole_cards: list[list[Card]]  # every card dealt to each player, in dealing order
    board: list[Card]  # the community card, when the deck cannot serve everyone on 7th street
    deck: list[Card]  # undealt cards, top first: secret
    burned: list[Card]  # secret, and back into the deck when it runs out
    mucked: list[Card]  # folded hands, likewise
    reshuffle_keys: list[int] | None  # a random rank per card for putting cards back; None: in order
    street: int  # 0 for 3rd street ... 4 for 7th street
    level: int  # the bet to match on this round
    raises: int  # completions, bets and raises on this round (the cap is 4)
    bring_in_player: int | None  # who must still bring in (3rd street, before anybody else acts)
    actor: int | None
    aggressor: int | None  # the last player to complete, bet or raise on this round
    is_over: bool
    events: list[ev.Event]

    # ----------------------------------------------------------------------------------------------
    # Starting a hand

    @classmethod
    def _deal(
        cls,
        game: Razz,
        stacks: Sequence[int],
        deck: Sequence[Card | str] | str | None,
        keys: Sequence[int] | None = None,
    ) -> RazzHand:
        betting.check_stacks(stacks, "a Razz hand")
        n = len(stacks)
        cards = deck_to_deal(deck)

        self = cls.__new__(cls)
        self.ante = game.ante
        self.bring_in = game.bring_in
        self.small_bet = game.small_bet  # type: ignore[assignment]
        self.big_bet = game.big_bet  # type: ignore[assignment]
        self.starting_stacks = list(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.committed = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        self.faced = [0] * n
        self.shown = [False] * n
        self.hole_cards = [[] for _ in range(n)]
        self.board = []
        self.burned = []
        self.mucked = []
        self.reshuffle_keys = reshuffle_order(deck, keys)
        self.street = THIRD
        self.level = 0
        self.raises = 0
        self.bring_in_player = None
        self.actor = None
        self.aggressor = None
        self.is_over = False
        events: list[ev.Event] = [
            {
                "type": ev.HAND_STARTED,
                "game": "razz",
                "players": n,
                "ante": game.ante,
                "bring_in": game.bring_in,
                "small_bet": game.small_bet,
                "big_bet": game.big_bet,
                "stacks": list(stacks),
            }
        ]
        self.events = events

        st = self.stacks
        if game.ante:
            betting.post_antes(game.ante, range(n), st, self.committed, events)

        hole = self.hole_cards
        for k in range(3 * n):
            hole[k % n].append(cards[k])
        self.deck = cards[3 * n :]
        street = STREETS[THIRD]
        for i in range(n):
            down = card_names(hole[i][:2])
            events.append(
                {"type": ev.HOLE_CARDS, "player": i, "street": street, "cards": down, "private": True}
            )
        for i in range(n):
            up = card_names(hole[i][2:3])
            events.append({"type": UP_CARDS, "player": i, "street": street, "cards": up})

        if sum(1 for s in st if s) >= 2:
            first = max(range(n), key=lambda i: bring_in_key(hole[i][2]))
            player = next((first + k) % n for k in range(n) if st[(first + k) % n])
            self.bring_in_player = self.actor = player
        else:  # at most one player has chips: nobody can bet
            self._end_round()
        return self

    # ----------------------------------------------------------------------------------------------
    # Reading the state

    @property
    def game(self) -> Razz:
        return Razz(self.ante, self.bring_in, self.small_bet, self.big_bet)

    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def street_name(self) -> str:
        return STREETS[self.street]

    @property
    def up_cards(self) -> list[list[Card]]:
        """The cards each player was dealt face up (3rd to 6th street)."""
        return [cards[2:6] for cards in self.hole_cards]

    @property
    def down_cards(self) -> list[list[Card]]:
        return [cards[:2] + cards[6:] for cards in self.hole_cards]

    @property
    def unit(self) -> int:
        """The size of a bet or raise on this street: the small bet on 3rd and 4th, then the big bet."""
        return self.small_bet if self.street <= FOURTH else self.big_bet

    @property
    def pots(self) -> list[Pot]:
        """The pots gathered so far (main pot first), without this round's bets; empty once settled."""
        return build_pots(self.committed, [not f for f in self.folded])

    @property
    def total_chips(self) -> int:
        """Stacks plus pots plus bets: always the sum of the starting stacks."""
        return sum(self.stacks) + sum(self.committed) + sum(self.bets)

    @property
    def winnings(self) -> list[int]:
        return [now - before for now, before in zip(self.stacks, self.starting_stacks)]

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (all False/None when nobody is to act)."""
        i = self.actor
        if i is None:
            return LegalActions()
        bounds = self._raise_bounds(i)
        low, high = (None, None) if isinstance(bounds, str) else bounds
        if i == self.bring_in_player:
            return LegalActions(
                bring_in=min(self.bring_in, self.stacks[i]), min_raise_to=low, max_raise_to=high
            )
        return betting.betting_options(self.level - self.bets[i], self.stacks[i], bounds)

    def check_action(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction saying why ``action`` is not allowed now; return if it is.

        ``player``, when given, must be the player to act."""
        i = self.actor
        if i is None or (player is not None and player != i):
            betting.refuse_turn(i, self.is_over, player)
        kind = action.kind
        if i == self.bring_in_player:
            if kind in (FOLD, CHECK, CALL):
                raise IllegalAction(
                    f"player {i} has the bring-in: he must bring in or complete, he cannot {kind} first"
                )
        elif kind == BRING_IN:
            raise IllegalAction(
                "the bring-in has been posted"
                if self.street == THIRD
                else "the bring-in is only on 3rd street"
            )
        if kind in (CHECK, CALL, FOLD):
            to_call = self.level - self.bets[i]
            if (kind == CHECK) == (to_call > 0):  # a check facing a bet, a call or fold facing none
                betting.refuse_check_call_or_fold(i, kind, to_call, self.stacks[i])
        elif kind == RAISE:
            amount = action.amount
            low, _ = betting.raise_bounds_or_refuse(i, self._raise_bounds(i), amount)
            if amount != low:
                word = self._raise_word()
                limit = f"all-in to {low}" if low < self._raise_target() else f"to {low}"
                raise IllegalAction(f"fixed limit: player {i} may {word} only {limit}, not to {amount}")
        elif kind != BRING_IN:
            raise IllegalAction(f"{action} is not an action of Razz")

    def can_act(self, action: Action, player: int | None = None) -> bool:
        try:
            self.check_action(action, player)
        except IllegalAction:
            return False
        return True

    # ----------------------------------------------------------------------------------------------
    # Playing

    def act(self, action: Action, player: int | None = None) -> list[ev.Event]:
        """Apply the actor's ``action`` and return the events it produced (IllegalAction if not allowed)."""
        self.check_action(action, player)
        i = self.actor
        assert i is not None
        events = self.events
        start = len(events)
        kind = action.kind
        stacks = self.stacks
        bets = self.bets
        if kind == BRING_IN:
            amount = min(self.bring_in, stacks[i])
            stacks[i] -= amount
            bets[i] = amount
            self.level = amount
            self.bring_in_player = None
            events.append({"type": BRING_IN_EVENT, "player": i, "amount": amount, "all_in": not stacks[i]})
        elif kind != RAISE:
            betting.play_check_call_or_fold(i, kind, self.level - bets[i], stacks, bets, self.folded, events)
            if kind == FOLD:
                self.mucked.extend(self.hole_cards[i])  # back into the deck if it runs out
        else:
            target = action.amount
            assert target is not None
            word = self._raise_word()
            full = target >= self._raise_target()
            level = self.level
            added = target - bets[i]
            stacks[i] -= added
            bets[i] = target
            self.level = target
            self.raises += 1
            self.aggressor = i
            self.bring_in_player = None
            if full:  # a full completion, bet or raise reopens the betting for everybody else
                self.acted = [False] * len(stacks)
            event: ev.Event = {"type": word, "player": i, "amount": added, "total": target}
            if word == ev.RAISE:
                event["by"] = target - level
            event["all_in"] = not stacks[i]
            events.append(event)
        self.acted[i] = True
        self.faced[i] = self.level

        actor = None if kind == FOLD and self.folded.count(False) == 1 else self._next_actor(i + 1)
        self.actor = actor
        if actor is None:
            self._end_round()
        return events[start:]

    def _completing(self) -> bool:
        """3rd street and nobody has completed yet: the next raise is the completion."""
        return self.street == THIRD and self.level < self.small_bet

    def _raise_word(self) -> str:
        if self._completing():
            return COMPLETE
        return ev.BET if self.level == 0 else ev.RAISE

    def _raise_target(self) -> int:
        """The "raise to" of a full completion, bet or raise now."""
        return self.small_bet if self._completing() else self.level + self.unit

    def _raise_bounds(self, i: int) -> tuple[int, int] | str:
        """(min, max) raise-to for player i (equal: fixed limit), or the reason he may not raise."""
        bets = self.bets
        level = self.level
        total = bets[i] + self.stacks[i]
        if total <= level or (i == self.bring_in_player and total <= self.bring_in):
            return "he has no more chips than it takes to call"
        if self.raises >= CAP:
            return f"the betting is capped at {CAP} bets a round (the opening bet and three raises)"
        # TDA 47B: he may raise again once what he faces has grown by half a bet since he acted.
        if self.acted[i] and not self._completing() and 2 * (level - self.faced[i]) < self.unit:
            return "the betting was not reopened (less than half a bet since he acted): call or fold"
        if not betting.others_could_call_more(i, level, bets, self.stacks, self.folded):
            return "no other player still in could call a raise"
        target = min(self._raise_target(), total)
        return target, target

    def _next_actor(self, start: int) -> int | None:
        """The first player from ``start`` clockwise who still has a decision on this round."""
        stacks = self.stacks
        folded = self.folded
        n = len(stacks)
        able = [i for i in range(n) if stacks[i] and not folded[i]]
        if len(able) <= 1:  # alone with chips: he acts only when he faces a bet
            return able[0] if able and self.bets[able[0]] < self.level else None
        bets = self.bets
        acted = self.acted
        level = self.level
        for k in range(start, start + n):
            i = k % n
            if stacks[i] and not folded[i] and (not acted[i] or bets[i] < level):
                return i
        return None

    def _end_round(self) -> None:
        """The betting round is over: gather the bets, then deal on, or run out and settle."""
        while True:
            self.bets = betting.gather_bets(
                self.bets, self.stacks, self.committed, self.folded, self.events, STREETS[self.street]
            )
            folded = self.folded
            if folded.count(False) == 1:
                self._settle()
                return
            stacks = self.stacks
            if self.street == SEVENTH or sum(1 for i, s in enumerate(stacks) if s and not folded[i]) <= 1:
                while self.street < SEVENTH:  # nobody can bet any more: the hand runs itself out
                    self._deal_street()
                self._show_down()
                self._settle()
                return
            self._deal_street()
            n = len(stacks)
            self.level = 0
            self.raises = 0
            self.acted = [False] * n
            self.faced = [0] * n
            self.aggressor = None
            up = self.up_cards
            opener = min((i for i in range(n) if not folded[i]), key=lambda i: (showing_key(up[i]), i))
            actor = self._next_actor(opener)
            if actor is not None:
                self.actor = actor
                return

    def _take(self) -> Card:
        """The top card; when the deck is empty, the burned and folded cards are put back first."""
        if not self.deck:
            cards = self.deck = put_back(self.burned + self.mucked, self.reshuffle_keys)
            self.burned = []
            self.mucked = []
            self.events.append({"type": RESHUFFLE, "street": STREETS[self.street], "count": len(cards)})
        return self.deck.pop(0)

    def _deal_street(self) -> None:
        self.street += 1
        street = STREETS[self.street]
        live = [i for i, f in enumerate(self.folded) if not f]
        community = len(self.deck) + len(self.burned) + len(self.mucked) < len(live)
        self.burned.append(self._take())
        self.aggressor = None
        events = self.events
        events.append({"type": ev.BURN, "street": street})
        if community:
            card = self._take()
            self.board.append(card)
            board = card_names(self.board)
            events.append({"type": ev.BOARD, "street": street, "cards": card_names([card]), "board": board})
            return
        hole = self.hole_cards
        for i in live:
            hole[i].append(self._take())
        for i in live:
            cards = card_names(hole[i][-1:])
            if self.street == SEVENTH:
                events.append(
                    {"type": ev.HOLE_CARDS, "player": i, "street": street, "cards": cards, "private": True}
                )
            else:
                events.append({"type": UP_CARDS, "player": i, "street": street, "cards": cards})

    def _hand(self, i: int) -> LowHand:
        return evaluate_low(self.hole_cards[i] + self.board)

    def _show_down(self) -> None:
        """Every hand still in is shown: the last bettor or raiser of 7th street first, else from player 0."""
        first = self.aggressor if self.aggressor is not None else 0

        def names(i: int) -> HandNames:
            return _names(self._hand(i))

        show_hands(first, self.folded, self.shown, self.hole_cards, names, self.events)

    def _settle(self) -> None:
        """Each pot to its best low; odd chips in seat order from player 0."""
        n = len(self.stacks)
        award_pots(self.committed, self.folded, range(n), self._hand, _names, self.stacks, self.events)
        self.committed = [0] * n
        self.actor = None
        self.bring_in_player = None
        self.is_over = True
        self.events.append({"type": ev.HAND_OVER, "stacks": list(self.stacks), "winnings": self.winnings})

    # ----------------------------------------------------------------------------------------------
    # Storing and resuming

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-compatible dict (with the secret deck: keep it server-side)."""
        return _STORED.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RazzHand:
        """The hand stored by ``to_dict``; ValueError if the data is not such a hand."""
        self = _STORED.load(cls, data)
        lists = [getattr(self, name) for name in _STORED.lists] + [self.hole_cards]
        _STORED.check_players(len(self.stacks), MIN_PLAYERS, MAX_PLAYERS, *lists)
        if self.total_chips != sum(self.starting_stacks):
            raise ValueError("stored hand is inconsistent: chips do not add up to the starting stacks")
        Razz(self.ante, self.bring_in, self.small_bet, self.big_bet)  # the stakes are valid
        _STORED.check_reshuffle_keys(self.reshuffle_keys)
        return self

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{STREETS[self.street]} street, player {self.actor} to act"
        return f"<RazzHand {len(self.stacks)} players, {state}, stacks {self.stacks}>"


_STORED = StateFormat(
    game="razz",
    version=STATE_VERSION,
    what="Razz hand",
    values=(
        "ante",
        "bring_in",
        "small_bet",
        "big_bet",
        "street",
        "level",
        "raises",
        "bring_in_player",
        "actor",
        "aggressor",
        "is_over",
    ),
    lists=("starting_stacks", "stacks", "bets", "committed", "folded", "acted", "faced", "shown"),
    optional_lists=("reshuffle_keys",),
    cards=("board", "deck", "burned", "mucked"),
    card_rows=("hole_cards",),
)


def deck_for(
    cards: Sequence[Sequence[Card | str] | str],
    burns: Sequence[Card | str] | str = (),
    dealt: Sequence[int] | None = None,
) -> list[Card]:
    """The full deck that deals each player the cards listed for him, in dealing order.

    For tests and replays. ``cards[i]`` is player i's cards (down, down, up, up, up, up, down), as
    many as wanted; ``dealt[i]`` (3 to 7, default 7) is how many cards he is dealt before he folds:
    later streets skip him. ``burns`` are the cards burned before 4th, 5th, 6th and 7th street.
    Cards not given are filled with the unused cards in their fixed order. ValueError for duplicates,
    or when the deck would run out (the community card needs an explicit deck: see the rule tests).
    """
    n = len(cards)
    holes = [parse_cards(c) for c in cards]
    counts = list(dealt) if dealt is not None else [7] * n
    if len(counts) != n or any(not 3 <= k <= 7 for k in counts):
        raise ValueError(f"dealt must give 3 to 7 cards for each of the {n} players, not {counts!r}")
    burn_cards = parse_cards(burns)
    spare = unused_cards([c for h in holes for c in h] + burn_cards)
    need = 3 * n + sum(1 + sum(1 for k in counts if k > s) for s in range(3, 7) if max(counts) > s)
    if need > 52:
        raise ValueError(f"these players need {need} cards: the deck runs out")
    streets = sum(1 for s in range(3, 7) if max(counts) > s)
    if len(burn_cards) > streets:
        raise ValueError(
            f"{len(burn_cards)} burns given, but only {streets} streets are dealt after 3rd street"
        )
    rest = iter(spare)
    for i, hole in enumerate(holes):
        if len(hole) > counts[i]:
            raise ValueError(f"player {i} is dealt {counts[i]} cards, but {len(hole)} are listed")

    def card(i: int, k: int) -> Card:
        return holes[i][k] if k < len(holes[i]) else next(rest)

    deck = [card(i, k) for k in range(3) for i in range(n)]
    for s in range(3, 7):
        if max(counts) <= s:
            break
        deck.append(burn_cards[s - 3] if s - 3 < len(burn_cards) else next(rest))
        deck.extend(card(i, s) for i in range(n) if counts[i] > s)
    deck.extend(rest)
    return deck
