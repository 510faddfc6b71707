"""The only code that changes a table. Each service is one transaction on the locked table row.

The path of an action: lock the table's row (``select_for_update``), check the seat, the turn and
the (hand, seq) the action answers, rebuild the engine's hand from its stored state, act, store the
new state and the numbered events, then broadcast after the commit (``poker.broadcast``). Players
who cannot answer are answered for (sitting out: check or fold; pre-actions; bots when their time
comes); deadlines (``table_fire_deadline``) go through the same lock, so a deadline and a click can
never both apply.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from . import bots, cache, games, signals, writes
from .blinds import table_blinds
from .button import Positions
from .engine import Action
from .equity import runout_equity
from .models import MAX_SEATS, ChatMessage, Hand, HandEvent, KnockOut, Seat, Table
from .snapshots import StoredEvent

CHAT_LENGTH = 200


class TableError(Exception):
    """A refusal: ``code`` for programs, ``message`` (translatable) for the player. Nothing changed."""

    def __init__(self, code: str, message: Any) -> None:
        super().__init__(code)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


def _fmt(message: Any, **params: Any) -> Any:
    """A translatable message with its values, translated when shown (in the viewer's language)."""
    return lazy(lambda: str(message) % params, str)()


def _ms(name: str, default: int) -> timedelta:
    return timedelta(milliseconds=getattr(settings, name, default))


def _new_deck(button: int) -> list | None:
    """The deck of the next hand (``button``: the engine's button player in Hold'em, 0 in Razz):
    None lets the engine shuffle with the CSPRNG. Tests replace this to deal chosen cards."""
    return None


def _first_button(active: list[int]) -> int:
    """The seat of the first button: drawn at random (CSPRNG), as a live table draws for it."""
    return secrets.choice(active)


# --------------------------------------------------------------------------------------------------
# One table's play inside one transaction


@dataclass
class _Play:
    table: Table
    now: datetime
    seats: dict[int, Seat] = field(default_factory=dict)  # by seat number
    hand: Hand | None = None
    engine: games.EngineHand | None = None
    new_events: list[HandEvent] = field(default_factory=list)
    dirty_seats: set[int] = field(default_factory=set)
    knockouts: list[KnockOut] = field(default_factory=list)
    prev_seq: int = 0
    bot_ids: set[int] = field(default_factory=set)
    hand_changed: bool = False
    # Before the change: the current hand and each player's own part (what only he sees).
    hand_before: int | None = None
    private_before: dict[int, tuple[str, int]] = field(default_factory=dict)

    @classmethod
    def lock(cls, table_id: int) -> _Play:
        try:
            # The hand is read after the lock, not joined to it: a row locked after waiting for
            # another transaction is its newest version, but PostgreSQL would join it to the rows
            # of the statement's older snapshot (the hand that transaction created would be None).
            table = writes.lock_table(table_id)  # Table.objects.select_for_update().get(pk=table_id)
        except Table.DoesNotExist:
            raise TableError("no_table", _("This table does not exist.")) from None
        if (table.variant == Table.Variant.DEALER_DRAW) != cls.dealer_draw:
            # Draw against the dealer has its own services (poker.draw): never the bets of Hold'em
            # nor a seat without a buy-in from the practice bankroll.
            raise TableError("wrong_game", _("This action does not belong to this table's game."))
        play = cls(table=table, now=timezone.now(), prev_seq=table.seq, hand_before=table.hand_id)
        saved = cache.take_rows(table)  # what this process saved at this very seq, if it did
        if saved is not None:
            play.seats, play.hand, play.engine = saved.seats, saved.hand, saved.engine
        else:
            play.read_rows()
        play.private_before = {s.user_id: _private_part(s) for s in play.seats.values()}
        if table.deadline_kind == Table.DeadlineKind.GET_READY:
            play.read_presence()
        return play

    dealer_draw = False  # the services of draw against the dealer use a subclass (poker.draw)

    @staticmethod
    def load_engine(variant: str, state: dict[str, Any]) -> Any:
        return games.rebuild(variant, state)

    def read_rows(self) -> None:
        table = self.table
        self.seats = {seat.number: seat for seat in Seat.objects.filter(table=table).select_related("user")}
        if table.hand_id is not None:
            self.hand = Hand.objects.get(pk=table.hand_id)
            if not self.hand.state.get("is_over"):
                self.engine = self.load_engine(table.variant, self.hand.state)

    # ---- reading

    @property
    def in_hand(self) -> bool:
        """A hand is being played (its engine still waits for decisions)."""
        return self.engine is not None and not self.engine.is_over

    def seat_of_user(self, user: AbstractBaseUser) -> Seat | None:
        return next((s for s in self.seats.values() if s.user_id == user.pk), None)

    def seat_of_player(self, player: int) -> Seat:
        return self.seats[self.hand.seats[player]]

    def dealt_in(self, seat: Seat) -> bool:
        return (
            self.in_hand
            and seat.number in self.hand.seats
            and self.hand.user_ids[self.hand.seats.index(seat.number)] == seat.user_id
        )

    # ---- writing

    def bump(self) -> None:
        """A change to broadcast that stores no event (a seat taken, a player sitting out...)."""
        self.table.seq += 1
        self.table.visible_seq = self.table.seq if not self.revealing else self.table.visible_seq

    @property
    def revealing(self) -> bool:
        return self.table.deadline_kind == Table.DeadlineKind.REVEAL

    def record(self, events: list[dict[str, Any]]) -> None:
        """Number and keep the engine's events. In an all-in run-out, the equities go after the
        hands turned up and after each street, and viewers see one street at a time (deadline
        "reveal"): the engine deals the whole board in one call."""
        types = [e["type"] for e in events]
        runout = "show" in types and "board" in types[types.index("show") :]
        dealt_now = sum(len(e["cards"]) for e in events if e["type"] == "board")
        board = [str(c) for c in self.engine.board][: len(self.engine.board) - dealt_now]
        first_stage = None
        for k, event in enumerate(events):
            self._store(event)
            if not runout:
                continue
            if event["type"] == "board":
                board = list(event["board"])
                if len(board) < 5:
                    self._store(self._equity(board))
            elif event["type"] == "show" and (k + 1 == len(events) or events[k + 1]["type"] != "show"):
                first_stage = self._store(self._equity(board)).seq
        if first_stage is not None:
            self.table.visible_seq = first_stage
            self._set_deadline(Table.DeadlineKind.REVEAL, _ms("POKER_REVEAL_MS", 1000))
        elif not self.revealing:
            self.table.visible_seq = self.table.seq

    def _store(self, payload: dict[str, Any]) -> HandEvent:
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

    def _equity(self, board: list[str]) -> dict[str, Any]:
        engine = self.engine
        players = [i for i in range(engine.player_count) if not engine.folded[i]]
        shares = runout_equity([[str(c) for c in engine.hole_cards[i]] for i in players], board)
        equity: list[float | None] = [None] * engine.player_count
        for i, share in zip(players, shares):
            equity[i] = round(share, 4)
        return {"type": "equity", "street": _street_of(board), "board": list(board), "equity": equity}

    def act(self, action: Action) -> None:
        self.record(self.engine.act(action))
        self.hand_changed = True

    def _set_deadline(self, kind: str, after: timedelta) -> None:
        self.table.deadline_kind = kind
        self.table.deadline_at = self.now + after

    def _clear_deadline(self) -> None:
        self.table.deadline_kind = ""
        self.table.deadline_at = None

    def touch(self, seat: Seat) -> None:
        self.dirty_seats.add(seat.number)

    def advance(self) -> None:
        """Answer for the players who cannot (sitting out, pre-actions), then wait for a decision,
        or finish the hand."""
        engine = self.engine
        while not engine.is_over:
            seat = self.seat_of_player(engine.actor)
            automatic = None
            if seat.sitting_out or seat.leaving or seat.pre_action == Seat.PreAction.CHECK_FOLD:
                automatic = games.forced_answer(engine)
            elif seat.pre_action == Seat.PreAction.CALL_ANY:
                automatic = games.forced_answer(engine, call=True)
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
        self.table.legal = games.legal_view(engine)
        if seat.is_bot:
            self._set_deadline(Table.DeadlineKind.ACTION, _ms("POKER_BOT_MS", 800))
        else:
            self._set_deadline(Table.DeadlineKind.ACTION, timedelta(seconds=self.table.action_seconds))

    def finish_hand(self) -> None:
        table, hand, engine = self.table, self.hand, self.engine
        table.actor_seat = None
        table.legal = None
        hand.ended_at = self.now
        for player, number in enumerate(hand.seats):
            seat = self.seats.get(number)
            if seat is not None and seat.user_id == hand.user_ids[player]:
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
        self.bot_ids = {s.user_id for s in self.seats.values() if s.is_bot}
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
            del self.seats[seat.number]
            seat.delete()
            self.dirty_seats.discard(seat.number)
        if table.kind == Table.Kind.PRACTICE:
            # Practice goes on: a bot that busts buys in again (his knock-out is still recorded).
            for _stack, player in busted:
                if self.hand.user_ids[player] in self.bot_ids:
                    number = hand.seats[player]
                    bot = Seat.objects.create(
                        table=table,
                        user_id=self.hand.user_ids[player],
                        number=number,
                        stack=table.starting_stack,
                        is_bot=True,
                    )
                    self.seats[number] = bot
        for seat in [s for s in self.seats.values() if s.leaving]:
            del self.seats[seat.number]
            seat.delete()
            self.dirty_seats.discard(seat.number)
        # A tournament table stops at its last players; an open table waits for new ones.
        if busted and table.kind == Table.Kind.TOURNAMENT and self.players_left() <= table.stop_at_players:
            # Finished now (the championship hears it in this transaction), but the page says so only
            # once the hand that finished it has been shown: its run-out, then the pause.
            table.status = Table.Status.FINISHED
            if not self.revealing:
                self._set_deadline(Table.DeadlineKind.NEXT_HAND, _ms("POKER_PAUSE_MS", 3000))
        elif self.revealing:
            pass  # the reveal deadline schedules the next hand once the board is all shown
        else:
            self._set_deadline(Table.DeadlineKind.NEXT_HAND, _ms("POKER_PAUSE_MS", 3000))

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

    def start_hand(self) -> bool:
        """Deal the next hand if the table can; else wait. True when a hand was dealt."""
        table = self.table
        self._clear_deadline()
        if table.status == Table.Status.FINISHED:
            self.bump()  # the last hand's pause is over: the page now says the table is finished
            return False
        if table.pause_requested:
            table.status = Table.Status.PAUSED
            table.pause_requested = False
            self.bump()
            return False
        active = sorted(n for n, s in self.seats.items() if s.stack > 0 and not s.leaving)
        if not self._can_deal(active):
            table.status = Table.Status.WAITING
            self.bump()
            return False
        small_blind, big_blind, ante = table_blinds(table)
        previous = None
        if table.button_seat is not None:
            previous = Positions(table.button_seat, table.small_blind_seat, table.big_blind_seat)
        dealt = games.deal(
            table.variant,
            active,
            {n: self.seats[n].stack for n in active},
            previous,
            _first_button(active) if previous is None else 0,
            (small_blind, big_blind, ante),
            _new_deck,
        )
        engine, positions = dealt.engine, dealt.positions
        seats = [self.seats[n] for n in dealt.seats]
        table.hands_dealt += 1
        table.button_seat, table.small_blind_seat, table.big_blind_seat = (
            positions.button,
            positions.small_blind,
            positions.big_blind,
        )
        self.hand = Hand.objects.create(
            table=table,
            number=table.hands_dealt,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            button_seat=positions.button,
            seats=dealt.seats,
            user_ids=[s.user_id for s in seats],
            names=[display_name(s.user) for s in seats],
            starting_stacks=[s.stack for s in seats],
            state={"board": []},
        )
        table.hand = self.hand
        table.status = Table.Status.PLAYING
        for seat in seats:
            if seat.pre_action:
                seat.pre_action = ""
                self.touch(seat)
        self.engine = engine
        self.hand_changed = True
        self.record(list(engine.events))
        self.advance()
        return True

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

    def save(self) -> None:
        table = self.table
        if self.hand_changed:
            # The events are rows of their own (HandEvent): the stored state leaves out the engine's
            # copy of them, which it only appends to, so each action stores a small state.
            self.hand.state = {**self.engine.to_dict(), "events": []}
        # One statement on PostgreSQL (poker.writes): the hand, its new events, the seats, the table.
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

    def broadcast_on_commit(self) -> None:
        """What was just saved is what viewers get: the public view, folded from the events stored
        now on top of this process's fold of the state before (``poker.cache``), and his own part
        to each player whose part changed. After knock-outs the championship's receivers may change
        the table in this transaction, so the broadcast reads it again."""
        from .broadcast import broadcast_table
        from .selectors import TableRows

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
            if seat.user_id not in bots and self.private_before.get(seat.user_id) != _private_part(seat)
        }
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
        if not self.knockouts:
            return
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


def _street_of(board: list[str]) -> str:
    return {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[len(board)]


def _private_part(seat: Seat) -> tuple[str, int]:
    """What of a seat only its player sees (with his cards): a change of it is sent to him."""
    return seat.pre_action, seat.time_bank


def _finish(play: _Play) -> None:
    play.save()
    play.send_signals()


# --------------------------------------------------------------------------------------------------
# The contract with the championship (poker/CONTRACT.md)


def table_open(
    *,
    name: str,
    variant: str = Table.Variant.HOLDEM,
    max_seats: int = MAX_SEATS,
    small_blind: int = 10,
    big_blind: int = 20,
    ante: int = 0,
    blind_provider: str = "",
    action_seconds: int = 30,
    stop_at_players: int = 1,
    created_by: AbstractBaseUser | None = None,
    kind: str = Table.Kind.CASH,
    starting_stack: int = 5000,
    time_bank_seconds: int = 0,
    chat_enabled: bool = True,
    decks: int = 1,
) -> Table:
    if variant not in Table.Variant.values:
        raise ValueError(f"unknown variant {variant!r}")
    if kind not in Table.Kind.values:
        raise ValueError(f"unknown table kind {kind!r}")
    if variant == Table.Variant.DEALER_DRAW and (kind == Table.Kind.TOURNAMENT or blind_provider):
        raise ValueError("draw against the dealer is played with practice chips: no tournament table")
    if decks not in (1, 2):
        raise ValueError(f"a table plays with 1 or 2 decks, not {decks!r}")
    if not 2 <= max_seats <= MAX_SEATS:
        raise ValueError(f"a table has 2 to {MAX_SEATS} seats, not {max_seats}")
    if blind_provider and variant != Table.Variant.HOLDEM:
        raise ValueError("only Hold'em tables follow a tournament clock")
    if not blind_provider:
        games.check_stakes(variant, small_blind, big_blind, ante)  # ValueError on stakes that make no sense
    if action_seconds < 1 or stop_at_players < 1:
        raise ValueError("the action time and stop_at_players must be positive")
    return Table.objects.create(
        name=name,
        variant=variant,
        max_seats=max_seats,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        blind_provider=blind_provider,
        action_seconds=action_seconds,
        stop_at_players=stop_at_players,
        created_by=created_by,
        kind=kind,
        starting_stack=starting_stack,
        time_bank_seconds=time_bank_seconds,
        chat_enabled=chat_enabled,
        decks=decks,
    )


@transaction.atomic
def table_seat_player(
    *,
    table: Table,
    user: AbstractBaseUser,
    stack: int | None = None,
    seat: int | None = None,
    is_bot: bool = False,
    grace_seconds: int = 0,
) -> Seat:
    """Seat ``user`` with ``stack`` chips (the table's starting stack by default) on ``seat`` or the
    first free seat. During a hand he waits for the next one. Open and practice tables start dealing
    by themselves when two players are there. ``grace_seconds``: a player moved here while the table
    plays, on his way to its page: for that long a missed decision folds him but does not mark him
    away."""
    play = _Play.lock(table.pk)
    t = play.table
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.seat_of_user(user) is not None:
        raise TableError("already_seated", _("You are already seated at this table."))
    stack = t.starting_stack if stack is None else stack
    if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
        raise TableError("bad_stack", _("A player sits down with a positive number of chips."))
    free = [n for n in range(1, t.max_seats + 1) if n not in play.seats]
    if seat is None:
        if not free:
            raise TableError("table_full", _("This table is full."))
        seat = free[0]
    elif seat not in range(1, t.max_seats + 1):
        raise TableError("bad_seat", _fmt(_("There is no seat %(seat)s at this table."), seat=seat))
    elif seat not in free:
        raise TableError("seat_taken", _("This seat is taken."))
    grace_until = play.now + timedelta(seconds=grace_seconds) if grace_seconds > 0 else None
    created = Seat.objects.create(
        table=t,
        user=user,
        number=seat,
        stack=stack,
        is_bot=is_bot,
        time_bank=t.time_bank_seconds,
        grace_until=grace_until,
    )
    play.seats[seat] = created
    created.user = user
    play.bump()
    if t.kind != Table.Kind.TOURNAMENT and t.status == Table.Status.WAITING and not play.in_hand:
        play.start_hand()
    _finish(play)
    table.refresh_from_db()
    return created


@transaction.atomic
def table_start(*, table: Table) -> None:
    """Deal the first hand (at least two players seated); later hands start by themselves."""
    play = _Play.lock(table.pk)
    if play.in_hand:
        raise TableError("in_hand", _("A hand is being played."))
    if play.table.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if sum(1 for s in play.seats.values() if s.stack > 0) < 2:
        raise TableError("not_enough_players", _("At least two players must be seated."))
    play.table.pause_requested = False
    dealt = play.start_hand()
    if not dealt:
        raise TableError("not_enough_players", _("At least two players must be present."))
    _finish(play)
    table.refresh_from_db()


@transaction.atomic
def table_get_ready(*, table: Table, seconds: int) -> None:
    """The first hand of a round: dealt as soon as every seated player has the table page open, or
    after ``seconds``, whichever comes first (nobody on his way is dealt in and folded as away).
    Meanwhile the view counts down and names who is missing."""
    play = _Play.lock(table.pk)
    t = play.table
    if play.in_hand:
        raise TableError("in_hand", _("A hand is being played."))
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.players_left() < 2:
        raise TableError("not_enough_players", _("At least two players must be seated."))
    t.pause_requested = False
    play.read_presence()
    if play.missing():
        t.status = Table.Status.WAITING
        play._set_deadline(Table.DeadlineKind.GET_READY, timedelta(seconds=seconds))
        play.bump()
    else:
        play.start_hand()
    _finish(play)
    table.refresh_from_db()


def table_presence(*, table_id: int, user: AbstractBaseUser, connected: bool) -> bool:
    """A seated player opened (or closed) a page of this table: True when his seat counted it.
    Anybody else (a spectator, a player of another table) changes nothing. While the round's first
    hand waits for the players, the others see who is still missing, and the last one awaited deals.

    The count is its own statement, outside the table's lock, and is never written by a change of
    the table (poker.writes leaves the column out): a change that holds the table row and writes
    the seats never waits for it, nor it for them."""
    seats = Seat.objects.filter(table_id=table_id, user=user, is_bot=False)
    if connected:
        counted = seats.update(connections=F("connections") + 1)
    else:
        counted = seats.filter(connections__gt=0).update(connections=F("connections") - 1)
    if not counted:
        return False
    if seats.values_list("connections", flat=True).first() == (1 if connected else 0):
        # His first page opened or his last one closed: the others are told who is connected. It
        # is no change of the table (no seq): its own message, read fresh (``broadcast_presence``).
        from .broadcast import broadcast_presence

        broadcast_presence(table_id)
    if Table.objects.filter(pk=table_id, deadline_kind=Table.DeadlineKind.GET_READY).exists():
        _presence_changed(table_id)
    return True


@transaction.atomic
def _presence_changed(table_id: int) -> None:
    play = _Play.lock(table_id)
    if not play.getting_ready():
        return
    play.bump()
    if not play.missing() and not play.in_hand:
        play.start_hand()
    _finish(play)


@transaction.atomic
def table_remove_player(*, table: Table, user: AbstractBaseUser) -> int:
    """Take a player off the table between hands (balancing); returns his chips."""
    play = _Play.lock(table.pk)
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("This player is not seated at this table."))
    if play.dealt_in(seat):
        raise TableError("in_hand", _("A player can be moved between hands only."))
    stack = seat.stack
    del play.seats[seat.number]
    seat.delete()
    play.bump()
    _finish(play)
    return stack


@transaction.atomic
def table_pause(*, table: Table) -> None:
    """No new hand is dealt (a hand being played is finished first)."""
    play = _Play.lock(table.pk)
    t = play.table
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.in_hand or t.deadline_kind == Table.DeadlineKind.REVEAL:
        t.pause_requested = True
    else:
        t.status = Table.Status.PAUSED
        play._clear_deadline()
    play.bump()
    _finish(play)
    table.refresh_from_db()


@transaction.atomic
def table_resume(*, table: Table) -> None:
    play = _Play.lock(table.pk)
    t = play.table
    t.pause_requested = False
    if t.status == Table.Status.PAUSED:
        play.start_hand()
    play.bump()
    _finish(play)
    table.refresh_from_db()


# --------------------------------------------------------------------------------------------------
# Players at the table (the consumer calls these)


@transaction.atomic
def table_act(
    *, table_id: int, user: AbstractBaseUser, action: str, amount: int | None = None, hand_id: int, seq: int
) -> None:
    """Apply the player's decision; refused (TableError) if it is not his turn, answers an older
    state (a double click, a late click), or is not legal."""
    play = _Play.lock(table_id)
    table = play.table
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("You are not seated at this table."))
    if not play.in_hand or play.hand.pk != hand_id:
        raise TableError("stale", _("That hand is over."))
    if seq > table.seq:
        raise TableError("bad_seq", _("Unknown table state."))
    if table.actor_seat != seat.number or table.visible_seq != table.seq:
        raise TableError("not_your_turn", _("It is not your turn."))
    if seq < table.turn_seq:
        raise TableError("stale", _("The table has moved on: your action was not applied."))
    legal = play.engine.legal_actions()
    chosen = _check_action(action, amount, legal)
    if table.deadline_kind == Table.DeadlineKind.TIME_BANK or seat.sitting_out or seat.pre_action:
        _use_time_bank(play, seat)
        seat.sitting_out = False
        seat.pre_action = ""
        play.touch(seat)
    play.act(chosen)
    play.advance()
    _finish(play)


def _check_action(action: str, amount: Any, legal) -> Action:
    if legal.bring_in is not None and action not in ("bring_in", "raise", "bet"):
        raise TableError("bring_in_due", _("Post the bring-in or complete first."))
    if action == "bring_in":
        if legal.bring_in is None:
            raise TableError("illegal", _("You do not owe the bring-in."))
        return Action.bring_in()
    if action == "fold":
        if not legal.can_fold:
            raise TableError("illegal", _("You cannot fold when you can check."))
        return Action.fold()
    if action == "check":
        if not legal.can_check:
            raise TableError("illegal", _("You cannot check: there is a bet to call."))
        return Action.check()
    if action == "call":
        if not legal.can_call:
            raise TableError("illegal", _("There is nothing to call."))
        return Action.call()
    if action in ("raise", "bet"):
        if not legal.can_raise:
            raise TableError("illegal", _("You cannot raise now."))
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise TableError("bad_amount", _("The amount must be a whole number of chips."))
        if amount > legal.max_raise_to:
            raise TableError(
                "amount_too_high",
                _fmt(
                    _("You have %(max)s chips in all: you cannot go to %(amount)s."),
                    max=legal.max_raise_to,
                    amount=amount,
                ),
            )
        if amount < legal.min_raise_to:
            raise TableError(
                "amount_too_low",
                _fmt(_("The minimum is %(min)s, not %(amount)s."), min=legal.min_raise_to, amount=amount),
            )
        return Action.raise_to(amount)
    raise TableError("unknown_action", _("Unknown action."))


def _use_time_bank(play: _Play, seat: Seat) -> None:
    """A player answering in his time bank pays for the seconds used."""
    table = play.table
    if table.deadline_kind != Table.DeadlineKind.TIME_BANK or table.deadline_at is None:
        return
    bank_started = table.deadline_at - timedelta(seconds=seat.time_bank)
    used = math.ceil(max(0.0, (play.now - bank_started).total_seconds()))
    seat.time_bank = max(0, seat.time_bank - used)


@transaction.atomic
def table_sit(*, table_id: int, user: AbstractBaseUser, seat: int | None = None) -> Seat:
    """A player takes a seat himself, with the table's starting stack (open and practice tables)."""
    table = Table.objects.get(pk=table_id)
    if table.kind == Table.Kind.TOURNAMENT:
        raise TableError("tournament", _("Players are seated by the tournament draw."))
    return table_seat_player(table=table, user=user, seat=seat)


@transaction.atomic
def table_leave(*, table_id: int, user: AbstractBaseUser) -> None:
    """Leave the table: at once between hands, else when the hand is over (folded in the meantime)."""
    play = _Play.lock(table_id)
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("You are not seated at this table."))
    if play.table.kind == Table.Kind.TOURNAMENT:
        raise TableError("tournament", _("In a tournament, sit out instead: your chips stay in play."))
    if play.dealt_in(seat):
        seat.leaving = True
        play.touch(seat)
        play.bump()
        if play.table.actor_seat == seat.number:
            play.advance()
    else:
        del play.seats[seat.number]
        seat.delete()
        play.bump()
        if play.table.status == Table.Status.WAITING and not play.in_hand:
            play.start_hand()  # the ones left may play on (the demo table's bots)
    _finish(play)


@transaction.atomic
def table_sit_out(*, table_id: int, user: AbstractBaseUser, away: bool = True) -> None:
    """Sit out (checked or folded when his turn comes) or come back."""
    play = _Play.lock(table_id)
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("You are not seated at this table."))
    if seat.sitting_out == away:
        return
    seat.sitting_out = away
    play.touch(seat)
    play.bump()
    if away and play.in_hand and play.table.actor_seat == seat.number:
        play.advance()
    elif (
        not away
        and not play.in_hand
        and play.table.status == Table.Status.WAITING
        and play.table.kind != Table.Kind.TOURNAMENT
    ):
        play.start_hand()
    _finish(play)


@transaction.atomic
def table_set_pre_action(*, table_id: int, user: AbstractBaseUser, pre_action: str) -> None:
    """Check/fold or call any, applied the moment his turn comes (this hand only)."""
    if pre_action not in Seat.PreAction.values:
        raise TableError("bad_pre_action", _("Unknown pre-action."))
    play = _Play.lock(table_id)
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("You are not seated at this table."))
    if pre_action and not play.dealt_in(seat):
        raise TableError("not_in_hand", _("You are not in this hand."))
    seat.pre_action = pre_action
    play.touch(seat)
    play.bump()
    if pre_action and play.table.actor_seat == seat.number:
        play.advance()
    _finish(play)


@transaction.atomic
def table_chat(*, table_id: int, user: AbstractBaseUser, text: str) -> ChatMessage:
    table = Table.objects.select_for_update().get(pk=table_id)
    if not table.chat_enabled:
        raise TableError("chat_off", _("The chat is turned off at this table."))
    text = " ".join(str(text).split())
    if not text:
        raise TableError("chat_empty", _("Empty message."))
    if len(text) > CHAT_LENGTH:
        raise TableError("chat_too_long", _fmt(_("A message has at most %(n)s characters."), n=CHAT_LENGTH))
    last = ChatMessage.objects.filter(table=table, user=user).aggregate(last=Max("created_at"))["last"]
    if last is not None and timezone.now() - last < timedelta(seconds=1):
        raise TableError("too_fast", _("Slow down: one message a second."))
    message = ChatMessage.objects.create(table=table, user=user, text=text)
    from .broadcast import broadcast_chat

    transaction.on_commit(lambda: broadcast_chat(table.pk, display_name(user), text, message.created_at))
    return message


@transaction.atomic
def table_set_chat(*, table: Table, enabled: bool) -> None:
    play = _Play.lock(table.pk)
    play.table.chat_enabled = enabled
    play.bump()
    _finish(play)


# --------------------------------------------------------------------------------------------------
# Deadlines


@transaction.atomic
def table_fire_deadline(*, table_id: int, kind: str, seq: int) -> bool:
    """Fire the table's deadline if it is still the one seen (same kind, same seq) and is due.

    Called by whichever process notices it first; the others find it gone. True when it fired."""
    if Table.objects.filter(pk=table_id, variant=Table.Variant.DEALER_DRAW).exists():
        from .draw import draw_fire_deadline

        return draw_fire_deadline(table_id=table_id, kind=kind, seq=seq)
    play = _Play.lock(table_id)
    table = play.table
    if (
        table.deadline_at is None
        or table.deadline_at > play.now
        or table.deadline_kind != kind
        or table.seq != seq
    ):
        return False
    if kind in (Table.DeadlineKind.NEXT_HAND, Table.DeadlineKind.GET_READY):
        play.start_hand()
    elif kind == Table.DeadlineKind.REVEAL:
        _reveal_next_street(play)
    elif kind in (Table.DeadlineKind.ACTION, Table.DeadlineKind.TIME_BANK):
        if not play.in_hand:
            play._clear_deadline()
            play.bump()
        else:
            _out_of_time(play)
    _finish(play)
    return True


def _out_of_time(play: _Play) -> None:
    table = play.table
    seat = play.seats[table.actor_seat]
    engine = play.engine
    if seat.is_bot:
        play.act(bots.decide(engine))
    elif seat.grace_until is not None and play.now < seat.grace_until:
        play.act(games.forced_answer(engine))  # on his way from another table: not away yet
    elif table.deadline_kind == Table.DeadlineKind.ACTION and seat.time_bank > 0:
        play._set_deadline(Table.DeadlineKind.TIME_BANK, timedelta(seconds=seat.time_bank))
        play.bump()
        return
    else:
        if table.deadline_kind == Table.DeadlineKind.TIME_BANK:
            seat.time_bank = 0
        seat.sitting_out = True
        seat.pre_action = ""
        play.touch(seat)
        play.act(games.forced_answer(engine))
    play.advance()


def _reveal_next_street(play: _Play) -> None:
    """Show the next street of an all-in run-out with the new equities; with the river, the result."""
    table = play.table
    hidden = list(
        HandEvent.objects.filter(table=table, seq__gt=table.visible_seq)
        .order_by("seq")
        .values_list("seq", "type")
    )
    play._clear_deadline()
    table.seq += 1
    boards = [k for k, (_, kind) in enumerate(hidden) if kind == "board"]
    if len(boards) > 1:
        stop = boards[0] + 1 if hidden[boards[0] + 1][1] == "equity" else boards[0]
        table.visible_seq = hidden[stop][0]
        play._set_deadline(Table.DeadlineKind.REVEAL, _ms("POKER_REVEAL_MS", 1000))
        return
    table.visible_seq = table.seq
    play._set_deadline(Table.DeadlineKind.NEXT_HAND, _ms("POKER_PAUSE_MS", 3000))


# --------------------------------------------------------------------------------------------------
# Practice tables against bots

BOT_NAMES = ("Rado", "Soa", "Feno", "Lanto", "Miora", "Tojo", "Vola")


def bot_users(count: int) -> list[AbstractBaseUser]:
    """The practice bots' accounts (made once; they cannot log in)."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    bots_ = []
    for name in BOT_NAMES[:count]:
        user, created = User.objects.get_or_create(
            username=f"bot-{name.lower()}", defaults={"first_name": f"{name} (bot)"}
        )
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        bots_.append(user)
    return bots_


@transaction.atomic
def practice_table_open(
    *, user: AbstractBaseUser | None, bots: int = 4, name: str = "", variant: str = Table.Variant.HOLDEM
) -> Table:
    """A table against ``bots`` bots (with ``user`` in the last seat, or bots only for a demo table
    that plays by itself). Bots that bust sit down again with a new stack. Razz is played with an
    ante of 5 and a bring-in of 10 (bets of 20 and 40), Hold'em with blinds of 10 and 20."""
    if variant not in games.BETTING_GAMES:
        raise TableError("bad_variant", _("Practice tables play Hold'em or Razz."))
    razz = variant == Table.Variant.RAZZ
    table = table_open(
        name=name or _fmt(_("Practice of %(name)s"), name=display_name(user) if user else "ARF").__str__(),
        variant=variant,
        kind=Table.Kind.PRACTICE,
        max_seats=min(MAX_SEATS, bots + 2),
        small_blind=10,
        big_blind=20,
        ante=5 if razz else 0,
        starting_stack=2000,
        action_seconds=30,
        created_by=user,
    )
    for bot in bot_users(bots):
        table_seat_player(table=table, user=bot, is_bot=True)
    if user is not None:
        table_seat_player(table=table, user=user, seat=table.max_seats)
    table.refresh_from_db()
    return table
