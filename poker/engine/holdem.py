"""No-limit Texas Hold'em, exactly as RULES.md says (section "Texas Hold'em, no limit").

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

How the rules are read, where RULES.md leaves a choice to the program:

- Players are 0..n-1 clockwise. ``start_hand(..., blind_players=(sb, bb))`` overrides who posts the
  blinds (dead-button rule, decided by the table app across hands; ``sb`` may be None); ``button``
  is then the player who acts last after the flop and the dealing starts on his left.
- Antes are posted first, then the small and the big blind, each from what is left of the stack. A
  big blind all-in for less still counts as a full big blind: the others call the full big blind,
  and the minimum raise is to two big blinds (the part nobody matches comes back at the end of the
  round, like any uncalled bet).
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

from . import events as ev
from .actions import CALL, CHECK, FOLD, RAISE, Action, IllegalAction, LegalActions
from .cards import Card, check_deck, full_deck, parse_cards, shuffled_deck
from .evaluate import HighHand, evaluate_high_raw
from .pots import Pot, build_pots, split_pot

STREETS = ("preflop", "flop", "turn", "river")
PREFLOP, FLOP, TURN, RIVER = range(4)
MIN_PLAYERS, MAX_PLAYERS = 2, 8
STATE_VERSION = 1


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class NoLimitHoldem:
    """The game at one blind level: deals hands with ``start_hand``."""

    small_blind: int
    big_blind: int
    ante: int = 0

    def __post_init__(self) -> None:
        for name in ("small_blind", "big_blind", "ante"):
            value = getattr(self, name)
            if not _whole(value) or value < 0:
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
        "small_blind",
        "big_blind",
        "ante",
        "button",
        "small_blind_player",
        "big_blind_player",
        "starting_stacks",
        "stacks",
        "bets",
        "committed",
        "folded",
        "acted",
        "shown",
        "hole_cards",
        "board",
        "deck",
        "burned",
        "street",
        "level",
        "full_raise",
        "actor",
        "aggressor",
        "is_over",
        "events",
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
        n = len(stacks)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"a Hold'em hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        for i, stack in enumerate(stacks):
            if not _whole(stack):
                raise ValueError(f"the stack of player {i} must be a whole number of chips, not {stack!r}")
            if stack <= 0:
                raise ValueError(f"the stack of player {i} must be positive, not {stack}")
        if not _whole(button) or not 0 <= button < n:
            raise ValueError(f"the button {button!r} is not a player of this table (0 to {n - 1})")
        if blind_players is None:
            sb: int | None = button if n == 2 else (button + 1) % n
            bb = (button + 1) % n if n == 2 else (button + 2) % n
        else:
            sb, bb = blind_players
            if not _whole(bb) or not 0 <= bb < n:
                raise ValueError(f"the big blind player {bb!r} is not a player of this table (0 to {n - 1})")
            if sb is not None and (not _whole(sb) or not 0 <= sb < n):
                raise ValueError(f"the small blind player {sb!r} is not a player of this table (0 to {n - 1})")
            if sb == bb:
                raise ValueError(f"player {bb} cannot post both blinds")
        cards = shuffled_deck() if deck is None else check_deck(deck)

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
            committed = self.committed
            for i in order:
                amount = min(game.ante, st[i])
                st[i] -= amount
                committed[i] += amount
                events.append({"type": ev.ANTE, "player": i, "amount": amount, "all_in": not st[i]})
        for kind, player, blind in ((ev.SMALL_BLIND, sb, game.small_blind), (ev.BIG_BLIND, bb, game.big_blind)):
            if player is not None and blind:
                amount = min(blind, st[player])
                if amount:
                    st[player] -= amount
                    self.bets[player] = amount
                    events.append({"type": kind, "player": player, "amount": amount, "all_in": not st[player]})

        hole = self.hole_cards
        for k in range(2 * n):
            hole[order[k % n]].append(cards[k])
        for i in order:
            events.append({"type": ev.HOLE_CARDS, "player": i, "cards": [str(c) for c in hole[i]], "private": True})
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
        to_call = self.level - self.bets[i]
        call = min(to_call, self.stacks[i]) if to_call > 0 else 0
        bounds = self._raise_bounds(i)
        low, high = (None, None) if isinstance(bounds, str) else bounds
        return LegalActions(
            can_fold=call > 0,
            can_check=call == 0,
            can_call=call > 0,
            call_amount=call,
            min_raise_to=low,
            max_raise_to=high,
        )

    def check_action(self, action: Action) -> None:
        """Raise IllegalAction saying why ``action`` is not allowed now; return if it is."""
        i = self.actor
        if i is None:
            raise IllegalAction("the hand is over" if self.is_over else "no player is to act")
        kind = action.kind
        to_call = self.level - self.bets[i]
        if kind == CHECK:
            if to_call > 0:
                raise IllegalAction(f"player {i} cannot check: {min(to_call, self.stacks[i])} to call")
        elif kind == CALL:
            if to_call <= 0:
                raise IllegalAction(f"player {i} has nothing to call: check")
        elif kind == FOLD:
            if to_call <= 0:
                raise IllegalAction(f"player {i} may not fold with nothing to call: check")
        elif kind == RAISE:
            bounds = self._raise_bounds(i)
            if isinstance(bounds, str):
                raise IllegalAction(f"player {i} cannot raise: {bounds}")
            low, high = bounds
            amount = action.amount
            if not _whole(amount):
                raise IllegalAction(f"the amount must be a whole number of chips, not {amount!r}")
            assert isinstance(amount, int)
            word = "bet" if self.level == 0 else "raise"
            if amount > high:
                raise IllegalAction(f"player {i} has {high} chips in all: he cannot {word} to {amount}")
            if amount < low:
                minimum = "bet" if self.level == 0 else "raise is to"
                raise IllegalAction(f"the minimum {minimum} {low} (all-in: {high}), not {amount}")
        else:
            raise IllegalAction(f"{action} is not an action of no-limit Hold'em")

    def can_act(self, action: Action) -> bool:
        try:
            self.check_action(action)
        except IllegalAction:
            return False
        return True

    # ----------------------------------------------------------------------------------------------
    # Playing

    def act(self, action: Action) -> list[ev.Event]:
        """Apply the actor's ``action`` and return the events it produced (IllegalAction if not allowed)."""
        self.check_action(action)
        i = self.actor
        assert i is not None
        events = self.events
        start = len(events)
        kind = action.kind
        stacks = self.stacks
        bets = self.bets
        if kind == CHECK:
            events.append({"type": ev.CHECK, "player": i})
        elif kind == CALL:
            amount = min(self.level - bets[i], stacks[i])
            stacks[i] -= amount
            bets[i] += amount
            events.append(
                {"type": ev.CALL, "player": i, "amount": amount, "total": bets[i], "all_in": not stacks[i]}
            )
        elif kind == FOLD:
            self.folded[i] = True
            events.append({"type": ev.FOLD, "player": i})
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
        folded = self.folded
        for j in range(len(bets)):
            if j != i and not folded[j] and stacks[j] + bets[j] > level:
                break
        else:
            return "no other player still in could call a raise"
        low = level + self.full_raise
        return (low, total) if low < total else (total, total)

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
            self._gather_bets()
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

    def _gather_bets(self) -> None:
        bets = self.bets
        top = max(bets)
        if not top:
            return
        i = bets.index(top)
        second = max(b for j, b in enumerate(bets) if j != i)
        if top > second:
            self.stacks[i] += top - second
            bets[i] = second
            self.events.append({"type": ev.UNCALLED_BET_RETURNED, "player": i, "amount": top - second})
        committed = self.committed
        for j, b in enumerate(bets):
            committed[j] += b
        self.bets = [0] * len(bets)
        self.events.append(
            {"type": ev.POTS, "street": STREETS[self.street], "pots": [p.to_dict() for p in self.pots]}
        )

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
            {
                "type": ev.BOARD,
                "street": street,
                "cards": [str(c) for c in cards],
                "board": [str(c) for c in self.board],
            }
        )

    def _show_down(self) -> None:
        """Everybody still in shows: the last bettor or raiser of the round first, else the
        first player left of the button, then clockwise."""
        n = len(self.stacks)
        folded = self.folded
        first = self.aggressor
        if first is None or folded[first]:
            first = self.button + 1
        board = self.board
        for k in range(first, first + n):
            i = k % n
            if not folded[i] and not self.shown[i]:
                self.shown[i] = True
                cards = self.hole_cards[i]
                hand = _hand_names(evaluate_high_raw(cards + board)) if board else None
                self.events.append(
                    {"type": ev.SHOW, "player": i, "cards": [str(c) for c in cards], "hand": hand}
                )

    def _settle(self) -> None:
        n = len(self.stacks)
        folded = self.folded
        stacks = self.stacks
        events = self.events
        pots = build_pots(self.committed, [not f for f in folded])
        order = [(self.button + 1 + k) % n for k in range(n)]
        values: dict[int, int] = {}
        for index, pot in enumerate(pots):
            players = pot.players
            if len(players) == 1:
                winners = list(players)
                shares = [pot.amount]
                hand = None
            else:
                if not values:
                    board = self.board
                    values = {i: evaluate_high_raw(self.hole_cards[i] + board) for i in order if not folded[i]}
                best = max(values[i] for i in players)
                winners = [i for i in order if i in players and values[i] == best]
                shares = split_pot(pot.amount, winners)
                hand = _hand_names(best)
            for i, share in zip(winners, shares):
                stacks[i] += share
            events.append(
                {
                    "type": ev.POT_AWARDED,
                    "pot": index,
                    "amount": pot.amount,
                    "winners": winners,
                    "shares": shares,
                    "hand": hand,
                    "uncontested": len(players) == 1,
                }
            )
        self.committed = [0] * n
        self.actor = None
        self.is_over = True
        events.append({"type": ev.HAND_OVER, "stacks": list(stacks), "winnings": self.winnings})

    # ----------------------------------------------------------------------------------------------
    # Storing and resuming

    def to_dict(self) -> dict[str, Any]:
        """The whole state as a JSON-compatible dict (with the secret deck: keep it server-side)."""
        return {
            "game": "no_limit_holdem",
            "version": STATE_VERSION,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "button": self.button,
            "small_blind_player": self.small_blind_player,
            "big_blind_player": self.big_blind_player,
            "starting_stacks": list(self.starting_stacks),
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "committed": list(self.committed),
            "folded": list(self.folded),
            "acted": list(self.acted),
            "shown": list(self.shown),
            "hole_cards": [[str(c) for c in cards] for cards in self.hole_cards],
            "board": [str(c) for c in self.board],
            "deck": [str(c) for c in self.deck],
            "burned": [str(c) for c in self.burned],
            "street": self.street,
            "level": self.level,
            "full_raise": self.full_raise,
            "actor": self.actor,
            "aggressor": self.aggressor,
            "is_over": self.is_over,
            "events": list(self.events),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HoldemHand:
        """The hand stored by ``to_dict``; ValueError if the data is not such a hand."""
        if data.get("game") != "no_limit_holdem" or data.get("version") != STATE_VERSION:
            raise ValueError(
                f"not a stored no-limit Hold'em hand (version {STATE_VERSION}): "
                f"game={data.get('game')!r}, version={data.get('version')!r}"
            )
        self = cls.__new__(cls)
        try:
            for name in (
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
            ):
                setattr(self, name, data[name])
            for name in ("starting_stacks", "stacks", "bets", "committed", "folded", "acted", "shown"):
                setattr(self, name, list(data[name]))
            self.hole_cards = [parse_cards(cards) for cards in data["hole_cards"]]
            self.board = parse_cards(data["board"])
            self.deck = parse_cards(data["deck"])
            self.burned = parse_cards(data["burned"])
            self.events = list(data["events"])
        except KeyError as missing:
            raise ValueError(f"stored hand has no {missing.args[0]!r}") from None
        n = len(self.stacks)
        lists = (self.starting_stacks, self.bets, self.committed, self.folded, self.acted, self.shown)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS or any(len(x) != n for x in lists) or len(self.hole_cards) != n:
            raise ValueError("stored hand is inconsistent: the per-player lists differ in length")
        if self.total_chips != sum(self.starting_stacks):
            raise ValueError("stored hand is inconsistent: chips do not add up to the starting stacks")
        return self

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{STREETS[self.street]}, player {self.actor} to act"
        return f"<HoldemHand {len(self.stacks)} players, {state}, stacks {self.stacks}>"


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
    parse_cards([c for cards in holes for c in cards] + board_cards + burn_cards)  # duplicates
    used = {c for cards in holes for c in cards} | set(board_cards) | set(burn_cards)
    spare = iter([c for c in full_deck() if c not in used])
    order = [(button + 1 + k) % n for k in range(n)]
    deck = [holes[i][r] if r < len(holes[i]) else next(spare) for r in range(2) for i in order]
    dealt = 0  # board cards so far
    for street, count in enumerate((3, 1, 1)):
        deck.append(burn_cards[street] if street < len(burn_cards) else next(spare))
        deck.extend(board_cards[k] if k < len(board_cards) else next(spare) for k in range(dealt, dealt + count))
        dealt += count
    return deck + list(spare)


_NAMES: dict[int, dict[str, str]] = {}


def _hand_names(value: int) -> dict[str, str]:
    """{"category", "en", "fr"} for a hand value (a fresh dict: events never share objects)."""
    names = _NAMES.get(value)
    if names is None:
        hand = HighHand(value)
        names = _NAMES[value] = {"category": hand.category, "en": hand.describe("en"), "fr": hand.describe("fr")}
    return dict(names)
