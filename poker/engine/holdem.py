"""No-limit Texas Hold'em, exactly as docs/rules.md says (section "Texas Hold'em, no limit").

>>> from poker.engine import Action, NoLimitHoldem, full_deck
>>> game = NoLimitHoldem(small_blind=100, big_blind=200, ante=20)
>>> hand = game.start_hand(stacks=[5000, 3000, 800], button=0)
>>> hand.actor, hand.legal_actions().call_amount, hand.legal_actions().min_raise_to
(0, 200, 400)
>>> _ = hand.act(Action.fold()); _ = hand.act(Action.fold())
>>> hand.is_over, hand.stacks
(True, [4980, 2880, 940])

The state is plain data: lists of ints and bools, lists of cards, and the event log (see
``events.py`` for every event and its fields). ``to_dict()`` gives a JSON-compatible dict,
remaining deck and burned cards included (store it server-side only), and ``from_dict()`` gives
back a hand that plays on exactly like the original.

How the rules are read, where docs/rules.md leaves a choice to the program:

- Players are 0..n-1 clockwise. ``start_hand(..., blind_players=(sb, bb))`` overrides who posts the
  blinds (dead-button rule, decided by the table app across hands; ``sb`` may be None); ``button``
  is then the player who acts last after the flop and the dealing starts on his left.
- Antes are posted first, then the small and the big blind, each from what is left of the stack. A
  big blind all-in for less still counts as a full big blind: the others call the full big blind,
  and the minimum raise is to two big blinds. Nobody is asked for chips that no other player still
  in could match (they would come back as an uncalled bet): heads-up against a big blind all-in
  for no more than the small blind, the small blind has nothing to call and the hand runs out.
- A bet is a raise from zero: every ``raise_to`` amount is the player's total for the round. The
  minimum bet is one big blind; a raise must add at least the size of a full raise, the largest full
  bet or raise increment of the round and at least one big blind. An all-in may be smaller.
- Reopening (TDA): a player who has already acted on this round (a check counts) may raise again only
  when the bet he now faces has grown by at least a full raise since he acted, by one full raise or
  by several short all-ins together. Players who have not acted may always raise.
- Nobody may raise when no other player still in could put in more chips; nobody may fold when he
  can check.
- When at most one player still in has chips and he has nothing to call, nobody can act any more:
  the cards of everybody still in are shown at once, the rest of the board is dealt and the hand is
  settled within the same call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _betting as betting
from . import events as ev
from ._betting import MAX_PLAYERS, MIN_PLAYERS
from ._deck import deck_to_deal, unused_cards
from ._showdown import award_pots, show_hands
from ._state import StateFormat, whole
from .actions import CALL, CHECK, FOLD, RAISE, Action, IllegalAction, LegalActions
from .cards import Card, card_names, parse_cards
from .evaluate import HandNames, HighHand, evaluate_high_raw
from .pots import Pot, build_pots

STREETS = ("preflop", "flop", "turn", "river")
PREFLOP, FLOP, TURN, RIVER = range(4)
STATE_VERSION = 1


@dataclass(frozen=True, slots=True)
class NoLimitHoldem:
    """The game at one blind level: deals hands with ``start_hand``."""

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante"):
            value = getattr(self, name)
            if not whole(value) or value < 0:
                raise ValueError(f"{name} must be a whole number of chips, 0 or more, not {value!r}")
        if self.big_blind <= 0:
            raise ValueError(f"the big blind must be positive, not {self.big_blind}")
        if self.big_blind < self.small_blind:
            raise ValueError(
                f"the big blind ({self.big_blind}) is smaller than the small blind ({self.small_blind})"
            )

    def start_hand(
        self,
        stacks: Sequence[int],
        button: int,
        deck: Sequence[Card | str] | str | None = None,
        *,
        blind_players: tuple[int | None, int] | None = None,
    ) -> HoldemHand:
        """Post the forced bets, deal the hole cards, and return the hand waiting for its first action.

        ``deck``: None shuffles with the OS's CSPRNG; otherwise the full 52 cards, top first.
        ``blind_players``: ``(small_blind_player or None, big_blind_player)`` instead of the
        players after the button (heads-up: the button posts the small blind).
        """
        return HoldemHand._deal(self, stacks, button, deck, blind_players)


class HoldemHand:
    """One hand of no-limit Hold'em: plain data, advanced by ``act``."""

    __slots__ = (
        "acted",
        "actor",
        "aggressor",
        "ante",
        "bets",
        "big_blind",
        "big_blind_player",
        "board",
        "burned",
        "button",
        "committed",
        "deck",
        "events",
        "folded",
        "full_raise",
        "hole_cards",
        "is_over",
        "level",
        "shown",
        "small_blind",
        "small_blind_player",
        "stacks",
        "starting_stacks",
        "street",
    )

    small_blind: int
    big_blind: int
    ante: int
    button: int
    small_blind_player: int | None
    big_blind_player: int
    starting_stacks: list[int]
    stacks: list[int]  # chips behind, in front of each player
    bets: list[int]  # chips put in on the current betting round, not yet in the pots
    committed: list[int]  # chips in the pots from each player (antes and earlier rounds)
    folded: list[bool]
    acted: list[bool]  # has acted on this betting round (posting a blind is not acting)
    shown: list[bool]  # hole cards shown to everybody
    hole_cards: list[list[Card]]
    board: list[Card]
    deck: list[Card]  # the undealt cards, top first: secret
    burned: list[Card]  # secret too
    street: int  # 0 preflop, 1 flop, 2 turn, 3 river
    level: int  # the bet to match on this round
    full_raise: int  # the size of a full raise on this round
    actor: int | None
    aggressor: int | None  # the last player to bet or raise on this round
    is_over: bool
    events: list[ev.Event]

    # ----------------------------------------------------------------------------------------------
    # Starting a hand

    @classmethod
    def _deal(
        cls,
        game: NoLimitHoldem,
        stacks: Sequence[int],
        button: int,
        deck: Sequence[Card | str] | str | None,
        blind_players: tuple[int | None, int] | None,
    ) -> HoldemHand:
        betting.check_stacks(stacks, "a Hold'em hand")
        n = len(stacks)
        if not whole(button) or not 0 <= button < n:
            raise ValueError(f"the button {button!r} is not a player of this table (0 to {n - 1})")
        if blind_players is None:
            sb: int | None = button if n == 2 else (button + 1) % n
            bb = (button + 1) % n if n == 2 else (button + 2) % n
        else:
            sb, bb = blind_players
            if not whole(bb) or not 0 <= bb < n:
                raise ValueError(f"the big blind player {bb!r} is not a player of this table (0 to {n - 1})")
            if sb is not None and (not whole(sb) or not 0 <= sb < n):
                raise ValueError(
                    f"the small blind player {sb!r} is not a player of this table (0 to {n - 1})"
                )
            if sb == bb:
                raise ValueError(f"player {bb} cannot post both blinds")
        cards = deck_to_deal(deck)

        self = cls.__new__(cls)
        self.small_blind = game.small_blind
        self.big_blind = game.big_blind
        self.ante = game.ante
        self.button = button
        self.small_blind_player = sb
        self.big_blind_player = bb
        self.starting_stacks = list(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.committed = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        self.shown = [False] * n
        self.hole_cards = [[] for _ in range(n)]
        self.board = []
        self.burned = []
        self.street = PREFLOP
        self.level = game.big_blind  # a big blind all-in for less still counts as a full one
        self.full_raise = game.big_blind
        self.actor = None
        self.aggressor = None
        self.is_over = False
        events: list[ev.Event] = [
            {
                "type": ev.HAND_STARTED,
                "players": n,
                "button": button,
                "small_blind_player": sb,
                "big_blind_player": bb,
                "small_blind": game.small_blind,
                "big_blind": game.big_blind,
                "ante": game.ante,
                "stacks": list(stacks),
            }
        ]
        self.events = events

        order = [(button + 1 + k) % n for k in range(n)]  # clockwise from the button's left
        st = self.stacks
        if game.ante:
            betting.post_antes(game.ante, order, st, self.committed, events)
        for kind, player, blind in (
            (ev.SMALL_BLIND, sb, game.small_blind),
            (ev.BIG_BLIND, bb, game.big_blind),
        ):
            if player is not None and blind:
                amount = min(blind, st[player])
                if amount:
                    st[player] -= amount
                    self.bets[player] = amount
                    events.append(
                        {"type": kind, "player": player, "amount": amount, "all_in": not st[player]}
                    )

        hole = self.hole_cards
        for k in range(2 * n):
            hole[order[k % n]].append(cards[k])
        for i in order:
            events.append({"type": ev.HOLE_CARDS, "player": i, "cards": card_names(hole[i]), "private": True})
        self.deck = cards[2 * n :]

        actor = self._next_actor((bb + 1) % n)
        if actor is None:
            self._end_round()
        else:
            self.actor = actor
        return self

    # ----------------------------------------------------------------------------------------------
    # Reading the state

    @property
    def game(self) -> NoLimitHoldem:
        return NoLimitHoldem(self.small_blind, self.big_blind, self.ante)

    @property
    def player_count(self) -> int:
        return len(self.stacks)

    @property
    def street_name(self) -> str:
        return STREETS[self.street]

    @property
    def pots(self) -> list[Pot]:
        """The pots gathered so far (main pot first), without the bets of the current round.

        Empty once the hand is settled: the chips are then in the stacks."""
        return build_pots(self.committed, [not f for f in self.folded])

    @property
    def total_chips(self) -> int:
        """Stacks plus pots plus bets: always the sum of the starting stacks."""
        return sum(self.stacks) + sum(self.committed) + sum(self.bets)

    @property
    def winnings(self) -> list[int]:
        """Each player's stack now minus his stack at the start of the hand."""
        return [now - before for now, before in zip(self.stacks, self.starting_stacks)]

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (all False/None when nobody is to act)."""
        i = self.actor
        if i is None:
            return LegalActions()
        return betting.betting_options(self._to_call(i), self.stacks[i], self._raise_bounds(i))

    def check_action(self, action: Action, player: int | None = None) -> None:
        """Raise IllegalAction saying why ``action`` is not allowed now; return if it is.

        ``player``, when given, must be the player to act."""
        i = self.actor
        if i is None or (player is not None and player != i):
            betting.refuse_turn(i, self.is_over, player)
        kind = action.kind
        if kind in (CHECK, CALL, FOLD):
            to_call = self._to_call(i)
            if (kind == CHECK) == (to_call > 0):  # a check facing a bet, a call or fold facing none
                betting.refuse_check_call_or_fold(i, kind, to_call, self.stacks[i])
        elif kind == RAISE:
            amount = action.amount
            low, high = betting.raise_bounds_or_refuse(i, self._raise_bounds(i), amount)
            assert isinstance(amount, int)
            word = "bet" if self.level == 0 else "raise"
            if amount > high:
                raise IllegalAction(f"player {i} has {high} chips in all: he cannot {word} to {amount}")
            if amount < low:
                minimum = "bet" if self.level == 0 else "raise is to"
                raise IllegalAction(f"the minimum {minimum} {low} (all-in: {high}), not {amount}")
        else:
            raise IllegalAction(f"{action} is not an action of no-limit Hold'em")

    def can_act(self, action: Action, player: int | None = None) -> bool:
        try:
            self.check_action(action, player)
        except IllegalAction:
            return False
        return True

    # ----------------------------------------------------------------------------------------------
    # Playing

    def act(self, action: Action, player: int | None = None) -> list[ev.Event]:
        """Apply the actor's ``action`` and return the events it produced (IllegalAction if not allowed).

        ``player``, when given, must be the player to act."""
        self.check_action(action, player)
        i = self.actor
        assert i is not None
        events = self.events
        start = len(events)
        kind = action.kind
        stacks = self.stacks
        bets = self.bets
        if kind != RAISE:
            to_call = self._to_call(i) if kind == CALL else 0
            betting.play_check_call_or_fold(i, kind, to_call, stacks, bets, self.folded, events)
        else:
            target = action.amount
            assert target is not None
            level = self.level
            added = target - bets[i]
            stacks[i] -= added
            bets[i] = target
            if target - level >= self.full_raise:
                self.full_raise = target - level
            self.level = target
            self.aggressor = i
            if level == 0:
                events.append(
                    {"type": ev.BET, "player": i, "amount": added, "total": target, "all_in": not stacks[i]}
                )
            else:
                events.append(
                    {
                        "type": ev.RAISE,
                        "player": i,
                        "amount": added,
                        "total": target,
                        "by": target - level,
                        "all_in": not stacks[i],
                    }
                )
        self.acted[i] = True

        actor = None if kind == FOLD and self.folded.count(False) == 1 else self._next_actor(i + 1)
        self.actor = actor
        if actor is None:
            self._end_round()
        return events[start:]

    def _to_call(self, i: int) -> int:
        """What player i must add to stay in: the bet to match, or, while a big blind all-in for less
        is all there is, as much of the full big blind as some other player still in could match."""
        bets = self.bets
        level = self.level
        if level > max(bets):
            stacks = self.stacks
            folded = self.folded
            cap = max((bets[j] + stacks[j] for j in range(len(bets)) if j != i and not folded[j]), default=0)
            level = min(level, cap)
        return level - bets[i] if level > bets[i] else 0

    def _raise_bounds(self, i: int) -> tuple[int, int] | str:
        """(min, max) raise-to for player i, or the reason he may not raise."""
        bets = self.bets
        stacks = self.stacks
        level = self.level
        total = bets[i] + stacks[i]
        if total <= level:
            return "he has no more chips than it takes to call"
        if self.acted[i] and level - bets[i] < self.full_raise:
            return "the betting was not reopened (an all-in smaller than a full raise): call or fold"
        if not betting.others_could_call_more(i, level, bets, stacks, self.folded):
            return "no other player still in could call a raise"
        low = level + self.full_raise
        return (low, total) if low < total else (total, total)

    def _next_actor(self, start: int) -> int | None:
        """The first player from ``start`` clockwise who still has a decision on this round."""
        stacks = self.stacks
        folded = self.folded
        bets = self.bets
        acted = self.acted
        level = self.level
        exact = level <= max(bets)  # else a big blind all-in for less: see _to_call
        n = len(stacks)
        able = 0  # players still in with chips
        found = None
        for k in range(start, start + n):
            i = k % n
            if stacks[i] and not folded[i]:
                able += 1
                if found is None and (not acted[i] or (bets[i] < level if exact else self._to_call(i) > 0)):
                    found = i
                if found is not None and able > 1:
                    return found
        if able == 1:  # alone with chips: he acts only when he has something to call
            alone = next(i for i in range(n) if stacks[i] and not folded[i])
            return alone if self._to_call(alone) else None
        return found

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
            if self.street == RIVER:
                self._show_down()
                self._settle()
                return
            stacks = self.stacks
            if sum(1 for i, s in enumerate(stacks) if s and not folded[i]) <= 1:
                self._show_down()  # all-in: the cards are shown at once, then the board is dealt
                while self.street < RIVER:
                    self._deal_street()
                self._settle()
                return
            self._deal_street()
            self.level = 0
            self.full_raise = self.big_blind
            self.acted = [False] * len(stacks)
            self.aggressor = None
            actor = self._next_actor(self.button + 1)
            if actor is not None:
                self.actor = actor
                return

    def _deal_street(self) -> None:
        self.street += 1
        street = STREETS[self.street]
        deck = self.deck
        self.burned.append(deck[0])
        count = 3 if self.street == FLOP else 1
        cards = deck[1 : 1 + count]
        del deck[: 1 + count]
        self.board.extend(cards)
        self.events.append({"type": ev.BURN, "street": street})
        self.events.append(
            {"type": ev.BOARD, "street": street, "cards": card_names(cards), "board": card_names(self.board)}
        )

    def _show_down(self) -> None:
        """Everybody still in shows: the last bettor or raiser of the round first, else the
        first player left of the button, then clockwise."""
        first = self.aggressor
        if first is None or self.folded[first]:
            first = self.button + 1
        board = self.board
        hole = self.hole_cards

        def names(i: int) -> HandNames | None:  # None while the board is not out (all-in preflop)
            return _hand_names(evaluate_high_raw(hole[i] + board)) if board else None

        show_hands(first, self.folded, self.shown, hole, names, self.events)

    def _settle(self) -> None:
        """Each pot to its best high hand; odd chips clockwise from the button's left."""
        n = len(self.stacks)
        order = [(self.button + 1 + k) % n for k in range(n)]
        board = self.board
        hole = self.hole_cards

        def value(i: int) -> int:
            return evaluate_high_raw(hole[i] + board)

        award_pots(self.committed, self.folded, order, value, _hand_names, self.stacks, self.events)
        self.committed = [0] * n
        self.actor = None
        self.is_over = True
        self.events.append({"type": ev.HAND_OVER, "stacks": list(self.stacks), "winnings": self.winnings})

    # ----------------------------------------------------------------------------------------------
    # Storing and resuming

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-compatible dict (with the secret deck: keep it server-side)."""
        return _STORED.dump(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HoldemHand:
        """The hand stored by ``to_dict``; ValueError if the data is not such a hand."""
        self = _STORED.load(cls, data)
        n = len(self.stacks)
        lists = (self.starting_stacks, self.bets, self.committed, self.folded, self.acted, self.shown)
        _STORED.check_players(n, MIN_PLAYERS, MAX_PLAYERS, *lists, self.hole_cards)
        if self.total_chips != sum(self.starting_stacks):
            raise ValueError("stored hand is inconsistent: chips do not add up to the starting stacks")
        return self

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{STREETS[self.street]}, player {self.actor} to act"
        return f"<HoldemHand {len(self.stacks)} players, {state}, stacks {self.stacks}>"


_STORED = StateFormat(
    game="no_limit_holdem",
    version=STATE_VERSION,
    what="no-limit Hold'em hand",
    values=(
        "small_blind",
        "big_blind",
        "ante",
        "button",
        "small_blind_player",
        "big_blind_player",
        "street",
        "level",
        "full_raise",
        "actor",
        "aggressor",
        "is_over",
    ),
    lists=("starting_stacks", "stacks", "bets", "committed", "folded", "acted", "shown"),
    cards=("board", "deck", "burned"),
    card_rows=("hole_cards",),
)


def deck_for(
    hole_cards: Sequence[Sequence[Card | str] | str],
    board: Sequence[Card | str] | str = (),
    button: int = 0,
    burns: Sequence[Card | str] | str = (),
) -> list[Card]:
    """The full deck that deals these hole cards (per player) and this board with ``button``.

    For tests and replays: cards not given (missing hole cards, board, burns) are filled with the
    unused cards in their fixed order. Duplicates raise ValueError.
    """
    n = len(hole_cards)
    holes = [parse_cards(cards) for cards in hole_cards]
    board_cards = parse_cards(board)
    burn_cards = parse_cards(burns)
    spare = iter(unused_cards([c for cards in holes for c in cards] + board_cards + burn_cards))
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [holes[i][r] if r < len(holes[i]) else next(spare) for r in range(2) for i in order]
    dealt = 0  # board cards so far
    for street, count in enumerate((3, 1, 1)):
        deck.append(burn_cards[street] if street < len(burn_cards) else next(spare))
        deck.extend(
            board_cards[k] if k < len(board_cards) else next(spare) for k in range(dealt, dealt + count)
        )
        dealt += count
    return deck + list(spare)


_NAMES: dict[int, HandNames] = {}


def _hand_names(value: int, beaten: int | None = None) -> HandNames:
    """The names of a hand value (a fresh dict: events never share objects); ``beaten``, the best
    hand it beat in a pot, names the kickers when they decided."""
    if beaten is not None:
        return HighHand(value).names(beaten)
    names = _NAMES.get(value)
    if names is None:
        names = _NAMES[value] = HighHand(value).names()
    return {**names, "phrase": dict(names["phrase"])}
