"""One change of one table, inside one transaction on its locked row: the machinery every game
shares. A game's plug-in (``poker.games``) subclasses ``Play`` with how its hands are dealt,
advanced and finished.

The path of a change: lock the table's row, take the rows this process saved at that very seq
(``cache``) or read them, let the service check and change them, then ``finish``: store the new
engine state, the numbered events, the seats touched and the table row in one statement
(``writes``), tell the championship about the hand's knock-outs (``poker.signals``, in the same
transaction), and broadcast after the commit (``broadcast``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, ClassVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from .. import signals
from ..models import Hand, HandEvent, KnockOut, Seat, Table
from . import after_end, cache, fairness, writes
from .broadcast import broadcast_table
from .errors import TableError, fmt
from .registry import game_of
from .rows import TableRows
from .views import StoredEvent


@dataclass
class Play:
    table: Table
    now: datetime
    seats: dict[int, Seat] = field(default_factory=dict)  # by seat number
    hand: Hand | None = None
    engine: Any = None  # the engine's hand being played (None between hands)
    new_events: list[HandEvent] = field(default_factory=list)
    dirty_seats: set[int] = field(default_factory=set)
    knockouts: list[KnockOut] = field(default_factory=list)
    prev_seq: int = 0
    hand_changed: bool = False
    hand_ended: bool = False  # the hand ended in this change (``signals.hand_finished``)
    hand_dealt: bool = False  # a hand was dealt in this change (``signals.hand_dealt``)
    # Before the change: the current hand and each player's own part (what only he sees).
    hand_before: int | None = None
    private_before: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    # Players whose own part changed in a way the seats do not show (the dealer game's bankroll).
    private_changed: set[int] = field(default_factory=set)
    # The fair deck of the hand being dealt now (docs/fairness.md); None: a deck a test gave.
    fair: fairness.FairDeal | None = None
    # The decision pending before the change (seat, since which seq): a new one is a new turn.
    turn_before: tuple[int | None, int] = (None, 0)

    # A plug-in's ``Play`` says which deadline shows a finished hand (a pause waits for it).
    showing_deadline: ClassVar[str] = Table.DeadlineKind.NEXT_HAND

    @classmethod
    def lock(cls, table_id: int) -> Play:
        """The table's change, as its game plays it. Called on a game's class (its own services),
        a table of another game is refused."""
        try:
            # The hand is read after the lock, not joined to it: a row locked after waiting for
            # another transaction is its newest version, but PostgreSQL would join it to the rows
            # of the statement's older snapshot (the hand that transaction created would be None).
            table = writes.lock_table(table_id)  # Table.objects.select_for_update().get(pk=table_id)
        except Table.DoesNotExist:
            raise TableError("no_table", _("This table does not exist.")) from None
        play_class = game_of(table.variant).play
        if not issubclass(play_class, cls):
            raise TableError("wrong_game", _("This action does not belong to this table's game."))
        play = play_class(table=table, now=timezone.now(), prev_seq=table.seq, hand_before=table.hand_id)
        play.turn_before = (table.actor_seat, table.turn_seq)
        saved = cache.take_rows(table)  # what this process saved at this very seq, if it did
        if saved is not None:
            play.seats, play.hand, play.engine = saved.seats, saved.hand, saved.engine
        else:
            play.read_rows()
        play.private_before = {s.user_id: private_part_of(s) for s in play.seats.values()}
        if table.deadline_kind == Table.DeadlineKind.GET_READY:
            play.read_presence()
        return play

    def read_rows(self) -> None:
        table = self.table
        self.seats = {seat.number: seat for seat in Seat.objects.filter(table=table).select_related("user")}
        if table.hand_id is not None:
            self.hand = Hand.objects.get(pk=table.hand_id)
            if not self.hand.state.get("is_over"):
                self.engine = self.load_engine(self.hand.state)

    # ---- what each game defines

    # The class of the engine's hand of the game (``from_dict`` rebuilds it from its stored state).
    hand_class: ClassVar[Any]

    def load_engine(self, state: dict[str, Any]) -> Any:
        """The engine's hand from its stored state."""
        return self.hand_class.from_dict(state)

    def stakes(self) -> dict[str, int]:
        """The stakes of the next hand, in the game's fields (``Game.stakes``): the table's own
        (Hold'em asks its blind provider)."""
        return {field: getattr(self.table, field) for field in game_of(self.table.variant).stakes}

    def next_hand(self) -> bool:
        """Deal the next hand (or open its bets) if the table can, else wait. True when dealt."""
        raise NotImplementedError

    def advance(self) -> None:
        """Answer for the players who cannot (away, leaving), then wait for the next decision or
        finish the hand."""
        raise NotImplementedError

    def fire(self, kind: str) -> None:
        """The table's deadline of ``kind`` is due (checked: still the one that was set)."""
        raise NotImplementedError

    def wake(self) -> None:
        """Between hands a player came or came back: the table deals again if it can."""
        raise NotImplementedError

    def buy_in(self, user: AbstractBaseUser, stack: int | None) -> int:
        """The chips ``user`` sits down with (``stack``: the organizer's number, if any)."""
        raise NotImplementedError

    def release(self, seat: Seat) -> None:
        """Free ``seat`` between hands (its player leaves)."""
        self.remove_seat(seat)

    def after_leave(self) -> None:
        """A seat was freed between hands."""
        self.wake()

    def on_away(self, seat: Seat) -> None:
        """``seat``'s player sits out while it is not his turn."""

    def on_back(self, seat: Seat) -> None:
        """``seat``'s player is back (his own tap, or his page opened after he went away unseen)."""

    def on_paused(self) -> None:
        """The table has just paused between hands."""

    def resume(self) -> None:
        """The organizer resumes the table (the pause request is already withdrawn)."""
        raise NotImplementedError

    def start(self) -> None:
        """The organizer's "start" button."""
        raise NotImplementedError

    # ---- reading

    @property
    def in_hand(self) -> bool:
        """A hand is being played (its engine still waits for decisions)."""
        return self.engine is not None and not self.engine.is_over

    def seat_of_user(self, user: AbstractBaseUser) -> Seat | None:
        return next((s for s in self.seats.values() if s.user_id == user.pk), None)

    def seated(self, user: AbstractBaseUser) -> Seat:
        seat = self.seat_of_user(user)
        if seat is None:
            raise TableError("not_seated", _("You are not seated at this table."))
        return seat

    def seat_of_player(self, player: int) -> Seat:
        return self.seats[self.hand.seats[player]]

    def dealt_in(self, seat: Seat) -> bool:
        return (
            self.in_hand
            and seat.number in self.hand.seats
            and self.hand.user_ids[self.hand.seats.index(seat.number)] == seat.user_id
        )

    def dealt_seats(self) -> list[tuple[int, Seat]]:
        """(engine player, seat) of the hand's players still in the seat they were dealt in."""
        hand = self.hand
        found = []
        for player, number in enumerate(hand.seats):
            seat = self.seats.get(number)
            if seat is not None and seat.user_id == hand.user_ids[player]:
                found.append((player, seat))
        return found

    def end_hand(self) -> None:
        """The hand is over: no decision pending."""
        self.table.actor_seat = None
        self.table.legal = None
        self.hand.ended_at = self.now
        self.hand.after_end_pending = True  # its follow-up, owed until done (``after_end``)
        self.hand_ended = True

    def check_answers_current(self, hand_id: int, seq: int, over: Any) -> None:
        """An answer names the hand and the seq it saw: refused when that hand is over (``over``:
        the message) or the seq is one the table never had."""
        if not self.in_hand or self.hand.pk != hand_id:
            raise TableError("stale", over)
        if seq > self.table.seq:
            raise TableError("bad_seq", _("Unknown table state."))

    def check_turn(self, seat: Seat, seq: int) -> None:
        """His turn, and he answered the view where it became his (not an older one)."""
        table = self.table
        if table.actor_seat != seat.number or table.visible_seq != table.seq:
            raise TableError("not_your_turn", _("It is not your turn."))
        if seq < table.turn_seq:
            raise TableError("stale", _("The table has moved on: your action was not applied."))

    def players_left(self) -> int:
        return sum(1 for seat in self.seats.values() if seat.stack > 0)

    def read_presence(self) -> None:
        """The seats' open pages as counted now (``table_presence`` counts them without this lock)."""
        counts = dict(Seat.objects.filter(table=self.table).values_list("pk", "connections"))
        for seat in self.seats.values():
            seat.connections = counts.get(seat.pk, 0)

    def missing(self) -> list[Seat]:
        """The seated players (bots aside) who have no table page open."""
        return [s for s in self.seats.values() if s.stack > 0 and not s.is_bot and s.connections <= 0]

    def getting_ready(self) -> bool:
        return self.table.deadline_kind == Table.DeadlineKind.GET_READY

    @property
    def revealing(self) -> bool:
        return self.table.deadline_kind == Table.DeadlineKind.REVEAL

    @property
    def showing(self) -> bool:
        """The hand just finished is still on show (the pause, or the run-out being revealed)."""
        return self.table.deadline_kind == self.showing_deadline

    def free_seat(self, seat: int | None) -> int:
        """The seat asked for if it is free, or the first free one."""
        free = [n for n in range(1, self.table.max_seats + 1) if n not in self.seats]
        if seat is None:
            if not free:
                raise TableError("table_full", _("This table is full."))
            return free[0]
        if seat not in range(1, self.table.max_seats + 1):
            raise TableError("bad_seat", fmt(_("There is no seat %(seat)s at this table."), seat=seat))
        if seat not in free:
            raise TableError("seat_taken", _("This seat is taken."))
        return seat

    # ---- writing

    def bump(self) -> None:
        """A change to broadcast that stores no event (a seat taken, a player sitting out...)."""
        self.table.seq += 1
        self.table.visible_seq = self.table.seq if not self.revealing else self.table.visible_seq

    def record(self, events: list[dict[str, Any]]) -> None:
        """Number and keep the engine's events; viewers see them at once."""
        for event in events:
            self.store(event)
        self.table.visible_seq = self.table.seq

    def store(self, payload: dict[str, Any]) -> HandEvent:
        self.table.seq += 1
        event = HandEvent(
            table=self.table,
            hand=self.hand,
            seq=self.table.seq,
            type=payload["type"],
            player=payload.get("player"),
            private=bool(payload.get("private")),
            payload=payload,
        )
        self.new_events.append(event)
        return event

    def act(self, action: Any) -> None:
        self.record(self.engine.act(action))
        self.hand_changed = True

    def set_deadline(self, kind: str, after: timedelta) -> None:
        self.table.deadline_kind = kind
        self.table.deadline_at = self.now + after

    def clear_deadline(self) -> None:
        self.table.deadline_kind = ""
        self.table.deadline_at = None

    def touch(self, seat: Seat) -> None:
        self.dirty_seats.add(seat.number)

    def sit(self, user: AbstractBaseUser, number: int, stack: int, **fields: Any) -> Seat:
        seat = Seat.objects.create(table=self.table, user=user, number=number, stack=stack, **fields)
        seat.user = user
        self.seats[number] = seat
        return seat

    def remove_seat(self, seat: Seat) -> None:
        del self.seats[seat.number]
        seat.delete()
        self.dirty_seats.discard(seat.number)

    def fair_deck(self, given: list | None, decks: int = 1) -> tuple[list | None, list[int] | None]:
        """The deck of the hand dealt now and its order for cards put back: ``given`` (a test's
        deck, cards put back in order) or the table's fair deck (docs/fairness.md)."""
        if given is not None:
            self.fair = None
            return given, None
        self.fair = fairness.deal(self.table, self.table.hands_dealt + 1, decks)
        return self.fair.deck, self.fair.reshuffle_keys

    def new_hand(self, seats: list[Seat], *, button_seat: int, stakes: dict[str, int], state: dict) -> Hand:
        """The row of the hand dealt now to ``seats`` (in the engine's order), made current;
        ``stakes``: the hand's, in its game's fields (``Game.stakes``)."""
        table = self.table
        table.hands_dealt += 1
        self.hand = Hand.objects.create(
            table=table,
            number=table.hands_dealt,
            **stakes,
            button_seat=button_seat,
            seats=[s.number for s in seats],
            user_ids=[s.user_id for s in seats],
            names=[display_name(s.user) for s in seats],
            starting_stacks=[s.stack for s in seats],
            state=state,
            epoch=self.fair.epoch if self.fair else None,
            client_seed=self.fair.client_seed if self.fair else "",
        )
        table.hand = self.hand
        table.status = Table.Status.PLAYING
        self.hand_changed = True
        self.hand_dealt = True
        return self.hand

    # ---- the end of the change

    def finish(self) -> None:
        self.save()
        self.send_signals()

    def save(self) -> None:
        table = self.table
        if self.hand_changed:
            # The events are rows of their own (HandEvent): the stored state leaves out the engine's
            # copy of them, which it only appends to, so each action stores a small state.
            self.hand.state = {**self.engine.to_dict(), "events": []}
        # One statement on PostgreSQL (poker.tables.writes): the hand, its new events, the seats, the table.
        writes.save_change(
            table,
            hand=self.hand if self.hand_changed else None,
            events=self.new_events,
            seats=[self.seats[n] for n in sorted(self.dirty_seats) if n in self.seats],
        )
        if self.knockouts:
            KnockOut.objects.bulk_create(self.knockouts)
        if table.seq != self.prev_seq:
            self.broadcast_on_commit()
        # After the broadcast has read them: the rows as saved, for this table's next change here.
        cache.keep_rows_on_commit(
            table,
            cache.SavedRows(self.seats, self.hand, self.engine if self.in_hand else None),
            prev_seq=self.prev_seq,
        )
        if table.status == Table.Status.FINISHED and table.deadline_at is None:
            cache.forget_table_on_commit(table.pk)  # its last change: nothing will use them

    def broadcast_on_commit(self) -> None:
        """What was just saved is what viewers get: the public view, folded from the events stored
        now on top of this process's fold of the state before (``cache``), and his own part to each
        player whose part changed. After knock-outs the championship's receivers may change the
        table in this transaction, so the broadcast reads it again."""
        table, hand = self.table, self.hand
        events = [StoredEvent(e.seq, e.payload) for e in self.new_events]
        new_hand = hand is not None and hand.pk != self.hand_before
        known_after = None
        if hand is not None and all(e.hand_id == hand.pk for e in self.new_events):
            known_after = 0 if new_hand else self.prev_seq
        bots = {seat.user_id for seat in self.seats.values() if seat.is_bot}
        changed = {
            seat.user_id
            for seat in self.seats.values()
            if seat.user_id not in bots and self.private_before.get(seat.user_id) != private_part_of(seat)
        }
        changed |= self.private_changed
        if new_hand:
            changed |= {user_id for user_id in hand.user_ids if user_id not in bots}
        # Cards dealt to one player later in the hand (Razz's 7th street, the draw's new cards).
        dealt_later = {e.hand.user_ids[e.player] for e in self.new_events if e.private}
        changed |= dealt_later - bots
        rows = None
        if not self.knockouts:
            table.hand = hand
            rows = TableRows(table, sorted(self.seats.values(), key=lambda seat: seat.number), hand, [])
        prev_seq = self.prev_seq
        transaction.on_commit(
            lambda: broadcast_table(
                table.pk, prev_seq, rows, events=events, known_after=known_after, private_for=changed
            )
        )

    def send_signals(self) -> None:
        """After saving: the championship's receivers may change this table in the same transaction."""
        if self.knockouts:
            self.send_knockouts()
        if self.hand_ended:
            after_end.follow_up_on_commit(self.hand, self.table)  # the season's figures, after the commit
        if self.hand_dealt and self.table.hand is not None:
            signals.hand_dealt.send(sender=Table, table=self.table, hand=self.table.hand)
        self.send_turn()

    def send_turn(self) -> None:
        table = self.table
        seat = self.seats.get(table.actor_seat) if table.actor_seat is not None else None
        if seat is None or seat.is_bot or seat.sitting_out or table.status == Table.Status.FINISHED:
            return
        if (table.actor_seat, table.turn_seq) != self.turn_before:
            signals.turn_started.send(sender=Table, table=table, user_id=seat.user_id, seat=seat.number)

    def send_knockouts(self) -> None:
        signals.hand_knockouts.send(
            sender=Table,
            table=self.table,
            hand_number=self.knockouts[0].hand_number,
            busted=[(k.user_id, k.stack_at_hand_start) for k in self.knockouts],
            players_left=self.players_left(),
        )
        if self.table.status == Table.Status.FINISHED:
            signals.table_finished.send(
                sender=Table,
                table=self.table,
                remaining_user_ids=[s.user_id for s in sorted(self.seats.values(), key=lambda s: s.number)],
            )


def private_part_of(seat: Seat) -> tuple[Any, ...]:
    """What of a seat only its player sees (with his cards): a change of it is sent to him."""
    return seat.pre_action, seat.time_bank
