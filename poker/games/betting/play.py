"""A change of a table of a betting game (Hold'em, Razz): how a hand is dealt, answered for,
finished, and the next one started. The game (``poker.games.holdem``, ``poker.games.razz``) says
how its hand is dealt and rebuilt, and what the player to act is offered.

Players who cannot answer are answered for (sitting out: check or fold; pre-actions; bots when
their time comes); a tournament table stops at its last players and reports the hand's
knock-outs together, with each player's stack at the start of the hand (docs/rules.md, "The cut").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from ...engine import Action, is_visible, strategy
from ...engine.button import Positions
from ...models import HandEvent, KnockOut, Seat, Table
from ...tables import fairness
from ...tables.errors import TableError, ms
from ...tables.play import Play
from . import rules

# The moves a player makes himself (blinds and antes are forced; a bring-in he may post or complete).
OWN_MOVES = ("fold", "check", "call", "bet", "raise", "complete", "bring_in")


def new_deck(button: int) -> list | None:
    """The deck of the next hand (``button``: the engine's button player in Hold'em, 0 in Razz):
    None deals the table's fair deck (docs/fairness.md). Tests replace this to deal chosen cards."""
    return None


def first_button(active: list[int]) -> int | None:
    """The seat of the first button: None draws it from the table's epoch (docs/fairness.md, "The
    first button"), as a live table draws for it. Tests replace this to seat the button."""
    return None


@dataclass(frozen=True)
class Deal:
    """A hand just dealt: the engine's hand, the seats in engine order, and where the dealer sits."""

    engine: Any
    seats: list[int]
    positions: Positions


class BettingPlay(Play):
    """The betting games' change; each game defines ``hand_class``, ``deal`` and ``legal_view``
    (and ``stakes`` when they are not the table's own)."""

    showing_deadline: ClassVar[str] = Table.DeadlineKind.REVEAL

    def deal(
        self,
        active: Sequence[int],
        stacks: dict[int, int],
        previous: Positions | None,
        stakes: dict[str, int],
    ) -> Deal:
        """Deal the next hand to the seats ``active`` (sorted seat numbers) with ``stacks`` by seat."""
        raise NotImplementedError

    def first_button_seat(self, active: list[int]) -> int:
        """The seat of the table's first button: a test's, else the fair draw."""
        given = first_button(active)
        return given if given is not None else fairness.draw_button(self.table, active)

    def legal_view(self) -> dict[str, Any]:
        """What the player to act may do, with the game's bet presets."""
        raise NotImplementedError

    def bot_action(self) -> Action:
        """What a bot does when his (short) time is up, at the table's level. It decides from what
        a player in its seat is sent (``poker.engine.strategy``): the hand's public events and its
        own cards, never the engine's hand, which holds every card and the deck."""
        player = self.engine.actor
        return strategy.decide(self.table.bot_level, self.seat_events(player), player, self.table.legal)

    def seat_events(self, player: int) -> list[dict[str, Any]]:
        """The hand's events ``player`` may see, in order: what his view at the table is made of
        (the events shown so far: none of a run-out still being revealed)."""
        stored = HandEvent.objects.filter(hand=self.hand, seq__lte=self.table.visible_seq)
        stored = stored.filter(Q(private=False) | Q(player=player))
        events = [payload for payload in stored.order_by("seq").values_list("payload", flat=True)]
        if not self.revealing:
            events += [e.payload for e in self.new_events if is_visible(e.payload, player)]
        return events

    # ---- the hand

    def advance(self) -> None:
        engine = self.engine
        while not engine.is_over:
            seat = self.seat_of_player(engine.actor)
            automatic = None
            if seat.sitting_out or seat.leaving or seat.pre_action == Seat.PreAction.CHECK_FOLD:
                automatic = rules.forced_answer(engine)
            elif seat.pre_action == Seat.PreAction.CALL_ANY:
                automatic = rules.forced_answer(engine, call=True)
            if automatic is None:
                break
            if seat.pre_action:
                seat.pre_action = ""
                self.touch(seat)
            self.act(automatic)
        if engine.is_over:
            self.finish_hand()
            return
        seat = self.seat_of_player(engine.actor)
        self.table.actor_seat = seat.number
        self.table.turn_seq = self.table.seq
        self.table.legal = self.legal_view()
        if seat.is_bot:
            self.set_deadline(Table.DeadlineKind.ACTION, ms("POKER_BOT_MS", 800))
        else:
            self.set_deadline(Table.DeadlineKind.ACTION, timedelta(seconds=self.table.action_seconds))

    def finish_hand(self) -> None:
        table, hand, engine = self.table, self.hand, self.engine
        self.end_hand()
        for player, seat in self.dealt_seats():
            seat.stack = engine.stacks[player]
            seat.pre_action = ""
            self.touch(seat)
        busted = sorted(
            (
                (hand.starting_stacks[p], p)
                for p in range(len(hand.seats))
                if engine.stacks[p] == 0 and self.seats.get(hand.seats[p]) is not None
            ),
        )
        bot_ids = {s.user_id for s in self.seats.values() if s.is_bot}
        for stack_at_start, player in busted:
            seat = self.seat_of_player(player)
            self.knockouts.append(
                KnockOut(
                    table=table,
                    user_id=seat.user_id,
                    hand_number=hand.number,
                    stack_at_hand_start=stack_at_start,
                )
            )
            self.remove_seat(seat)
        if table.kind == Table.Kind.PRACTICE:
            # Practice goes on: a bot that busts buys in again (his knock-out is still recorded).
            for _stack, player in busted:
                if hand.user_ids[player] in bot_ids:
                    number = hand.seats[player]
                    self.seats[number] = Seat.objects.create(
                        table=table,
                        user_id=hand.user_ids[player],
                        number=number,
                        stack=table.starting_stack,
                        is_bot=True,
                    )
        for seat in [s for s in self.seats.values() if s.leaving]:
            self.remove_seat(seat)
        # A tournament table stops at its last players; an open table waits for new ones.
        if busted and table.kind == Table.Kind.TOURNAMENT and self.players_left() <= table.stop_at_players:
            # Finished now (the championship hears it in this transaction), but the page says so only
            # once the hand that finished it has been shown: its run-out, then the pause.
            table.status = Table.Status.FINISHED
            if not self.revealing:
                self.set_deadline(Table.DeadlineKind.NEXT_HAND, ms("POKER_PAUSE_MS", 3000))
        elif self.revealing:
            pass  # the reveal deadline schedules the next hand once the board is all shown
        else:
            self.set_deadline(Table.DeadlineKind.NEXT_HAND, ms("POKER_PAUSE_MS", 3000))

    def next_hand(self) -> bool:
        """Deal the next hand if the table can; else wait. True when a hand was dealt."""
        table = self.table
        self.clear_deadline()
        if table.status == Table.Status.FINISHED:
            self.bump()  # the last hand's pause is over: the page now says the table is finished
            return False
        if table.pause_requested:
            table.status = Table.Status.PAUSED
            table.pause_requested = False
            self.bump()
            return False
        active = sorted(n for n, s in self.seats.items() if s.stack > 0 and not s.leaving)
        self.back_if_seen(active)
        if not self._can_deal(active):
            table.status = Table.Status.WAITING
            self.bump()
            return False
        stakes = self.stakes()
        previous = None
        if table.button_seat is not None:
            previous = Positions(table.button_seat, table.small_blind_seat, table.big_blind_seat)
        dealt = self.deal(active, {n: self.seats[n].stack for n in active}, previous, stakes)
        positions = dealt.positions
        seats = [self.seats[n] for n in dealt.seats]
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            positions.button,
            positions.small_blind,
            positions.big_blind,
        )
        self.new_hand(seats, button_seat=positions.button, stakes=stakes, state={"board": []})
        for seat in seats:
            if seat.pre_action:
                seat.pre_action = ""
                self.touch(seat)
        self.engine = dealt.engine
        self.record(list(dealt.engine.events))
        # Dealt in while away: the hand record says so (a hand he never saw is not "played",
        # docs/statistics.md).
        for player, seat in enumerate(seats):
            if seat.sitting_out:
                self.store({"type": "away", "player": player})
        self.table.visible_seq = self.table.seq
        self.advance()
        return True

    def on_back(self, seat: Seat) -> None:
        # Back in the middle of a hand he is dealt in: the hand record says so (a move of his own
        # after it makes the hand one he played, docs/statistics.md).
        if self.dealt_in(seat):
            self.store({"type": "back", "player": self.hand.seats.index(seat.number)})
            self.table.visible_seq = self.table.seq

    def moved_himself(self, player: int) -> bool:
        """``player`` made a move of his own in the hand (a forced blind or ante is none)."""
        moves = HandEvent.objects.filter(hand=self.hand, player=player, type__in=OWN_MOVES)
        return moves.exists()

    def back_if_seen(self, active: list[int]) -> None:
        """A player marked away while no page of his was open, whose page is open now, is dealt in
        (his page's opening brought him back already, unless it raced his time running out)."""
        unseen = [self.seats[n] for n in active if self.seats[n].sitting_out and self.seats[n].away_unseen]
        if not unseen:
            return
        self.read_presence()
        for seat in unseen:
            if seat.connections > 0:
                seat.come_back()
                self.touch(seat)

    def _can_deal(self, active: list[int]) -> bool:
        if len(active) < 2:
            return False
        if self.table.kind == Table.Kind.TOURNAMENT:
            return True  # players who are away blind off, as in a live tournament
        # Open and practice tables wait for players who are there: no endless hands between bots.
        present = [self.seats[n] for n in active if not self.seats[n].sitting_out]
        if len(present) < 2:
            return False
        if self.table.kind == Table.Kind.PRACTICE and self.table.created_by_id is None:
            # The demo table (load_demo_tables): its bots play on their own for visitors to watch,
            # also while a visitor sits there away or after he has gone.
            return True
        return any(not s.is_bot for s in present)

    # ---- between hands, and the organizer's buttons

    def wake(self) -> None:
        if self.table.status == Table.Status.WAITING and self.table.kind != Table.Kind.TOURNAMENT:
            self.next_hand()

    def after_leave(self) -> None:
        if self.table.status == Table.Status.WAITING:
            self.next_hand()

    def buy_in(self, user: AbstractBaseUser, stack: int | None) -> int:
        stack = self.table.starting_stack if stack is None else stack
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise TableError("bad_stack", _("A player sits down with a positive number of chips."))
        return stack

    def start(self) -> None:
        if self.players_left() < 2:
            raise TableError("not_enough_players", _("At least two players must be seated."))
        if not self.next_hand():
            raise TableError("not_enough_players", _("At least two players must be present."))

    def resume(self) -> None:
        if self.table.status == Table.Status.PAUSED:
            self.next_hand()
        self.bump()

    # ---- deadlines

    def fire(self, kind: str) -> None:
        if kind in (Table.DeadlineKind.NEXT_HAND, Table.DeadlineKind.GET_READY):
            self.next_hand()
        elif kind == Table.DeadlineKind.REVEAL:
            self.reveal_next_street()
        elif kind in (Table.DeadlineKind.ACTION, Table.DeadlineKind.TIME_BANK):
            if not self.in_hand:
                self.clear_deadline()
                self.bump()
            else:
                self.out_of_time()

    def out_of_time(self) -> None:
        table = self.table
        seat = self.seats[table.actor_seat]
        if seat.is_bot:
            self.act(self.bot_action())
        elif seat.grace_until is not None and self.now < seat.grace_until:
            self.act(rules.forced_answer(self.engine))  # on his way from another table: not away yet
        elif table.deadline_kind == Table.DeadlineKind.ACTION and seat.time_bank > 0:
            self.set_deadline(Table.DeadlineKind.TIME_BANK, timedelta(seconds=seat.time_bank))
            self.bump()
            return
        else:
            if table.deadline_kind == Table.DeadlineKind.TIME_BANK:
                seat.time_bank = 0
            self.time_out(seat)
            self.act(rules.forced_answer(self.engine))
        self.advance()

    def time_out(self, seat: Seat) -> None:
        """His time is up: he is away from now on. Read under the lock, after any page of his that
        opened before it (``table_presence`` counts first, then takes the lock to bring him back):
        with no page open he is back by himself when one opens; with one open, when he says so. A
        hand in which he has made no move of his own yet is marked away in the hand record."""
        self.read_presence()
        seat.go_away(hand_number=self.hand.number, unseen=seat.connections <= 0)
        self.touch(seat)
        player = self.hand.seats.index(seat.number)
        if not self.moved_himself(player):
            self.store({"type": "away", "player": player})

    def reveal_next_street(self) -> None:
        """Show the next street of an all-in run-out with the new equities; with the river, the result."""
        table = self.table
        hidden = list(
            HandEvent.objects.filter(table=table, seq__gt=table.visible_seq)
            .order_by("seq")
            .values_list("seq", "type")
        )
        self.clear_deadline()
        table.seq += 1
        boards = [k for k, (_, kind) in enumerate(hidden) if kind == "board"]
        if len(boards) > 1:
            stop = boards[0] + 1 if hidden[boards[0] + 1][1] == "equity" else boards[0]
            table.visible_seq = hidden[stop][0]
            self.set_deadline(Table.DeadlineKind.REVEAL, ms("POKER_REVEAL_MS", 1000))
            return
        table.visible_seq = table.seq
        self.set_deadline(Table.DeadlineKind.NEXT_HAND, ms("POKER_PAUSE_MS", 3000))
