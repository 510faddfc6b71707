"""The services of the tables of five-card draw against the dealer (docs/rules.md, same section).

The house banks the game, so one player is enough. A table goes round three phases:

1. Bets (deadline ``betting``, the table's action time): each player present chooses his bet, from
   the minimum (``Table.min_bet``) to the maximum (``Table.max_bet``), not above his stack.
   When every player present has bet, or at the deadline, the round is dealt to those who bet; who
   did not bet in time sits out until he comes back. Nobody bet: the table waits.
2. The draw (deadline ``action``): players draw in seat order (the engine's), 0 to 3 cards each;
   out of time he stands pat and sits out. A player away or leaving stands pat when his turn comes.
3. The dealer draws by the house rule and shows (the engine does it), every hand is shown, the
   results go to the stacks, then a pause (``next_hand``, POKER_PAUSE_MS) and the next bets.

Chips: the bet stays in the seat's stack while the round is played (the view shows it apart) and
the stack becomes ``stack + net`` when the round is settled. Seats are bought from the practice
bankroll (``bankroll``) and paid back into it when the player leaves; championship tables never
play this game.

Each service is one transaction on the locked table row, with the machinery of every table
(``poker.tables.play``): stored engine state, numbered events, broadcast after the commit. Sitting
down, leaving, sitting out, pausing and chatting are the core's services; the bet and the draw are
this game's (``services``).
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.utils.translation import gettext_lazy as _

from ...engine import Action, DealerDraw, DrawRound
from ...engine.dealer_draw import MAX_DRAW
from ...models import Seat, Table
from ...tables.errors import TableError, fmt, ms
from ...tables.play import Play
from .bankroll import bankroll_of

PRACTICE = {"min_bet": 10, "max_bet": 200, "starting_stack": 2000, "action_seconds": 30}


def new_deck(decks: int) -> list | None:
    """The deck of the next round: None deals the table's fair deck (docs/fairness.md). Tests replace
    this to deal chosen cards."""
    return None


class DrawPlay(Play):
    """One dealer-draw table's change inside one transaction (the engine is a ``DrawRound``)."""

    hand_class = DrawRound

    # ---- the bets

    @property
    def betting_open(self) -> bool:
        """Bets are taken between rounds, once the last results have been shown."""
        table = self.table
        return (
            not self.in_hand
            and table.deadline_kind != Table.DeadlineKind.NEXT_HAND
            and table.status not in (Table.Status.PAUSED, Table.Status.FINISHED)
        )

    def can_bet(self, seat: Seat) -> bool:
        return not seat.leaving and seat.stack >= self.table.min_bet

    def bettors(self) -> list[Seat]:
        """The players the bets wait for: present, not leaving, with at least a minimum bet."""
        return [s for _, s in sorted(self.seats.items()) if not s.sitting_out and self.can_bet(s)]

    def clear_bets(self) -> None:
        for seat in self.seats.values():
            if seat.round_bet:
                seat.round_bet = 0
                self.touch(seat)

    def open_betting(self) -> None:
        """Wait for the bets (the action time), or for players when nobody present can bet."""
        table = self.table
        self.clear_deadline()
        table.actor_seat = None
        table.legal = None
        self.bump()
        if table.status == Table.Status.FINISHED:
            return
        if table.pause_requested:
            table.status = Table.Status.PAUSED
            table.pause_requested = False
            self.clear_bets()
            return
        if not self.bettors():
            table.status = Table.Status.WAITING
            return
        table.status = Table.Status.PLAYING
        self.set_deadline(Table.DeadlineKind.BETTING, timedelta(seconds=table.action_seconds))
        self.deal_if_all_bet()

    def deal_if_all_bet(self) -> None:
        bettors = self.bettors()
        if self.table.deadline_kind == Table.DeadlineKind.BETTING and bettors:
            if all(seat.round_bet for seat in bettors):
                self.deal()
        elif self.table.deadline_kind == Table.DeadlineKind.BETTING:
            self.clear_deadline()  # nobody left to wait for
            self.table.status = Table.Status.WAITING

    def close_betting(self) -> None:
        """The betting deadline: who did not bet sits out; deal to those who did, if anyone."""
        for seat in self.bettors():
            if not seat.round_bet:
                seat.sitting_out = True
                self.touch(seat)
        self.clear_deadline()
        if any(seat.round_bet for seat in self.seats.values()):
            self.deal()
        else:
            self.table.status = Table.Status.WAITING
            self.bump()

    # ---- the round

    def deal(self) -> None:
        table = self.table
        seats = [s for _, s in sorted(self.seats.items()) if s.round_bet > 0]
        deck, keys = self.fair_deck(new_deck(table.decks), table.decks)
        engine = DealerDraw(table.decks).start_round([s.round_bet for s in seats], deck, keys)
        self.clear_deadline()
        self.new_hand(
            seats,
            button_seat=seats[0].number,
            stakes=self.stakes(),
            state={},
        )
        for seat in seats:
            seat.round_bet = 0
            self.touch(seat)
        self.engine = engine
        self.record(list(engine.events))
        self.advance()

    def advance(self) -> None:
        """Stand pat for the players away or leaving, then wait for a draw, or settle the round."""
        engine = self.engine
        while not engine.is_over:
            seat = self.seat_of_player(engine.actor)
            if not (seat.sitting_out or seat.leaving):
                break
            self.act(Action.draw())
        table = self.table
        if engine.is_over:
            self.settle()
            return
        seat = self.seat_of_player(engine.actor)
        table.actor_seat = seat.number
        table.turn_seq = table.seq
        table.legal = {"draw": True, "max_draw": MAX_DRAW}
        self.set_deadline(Table.DeadlineKind.ACTION, timedelta(seconds=table.action_seconds))

    def settle(self) -> None:
        """The results go to the stacks; players who asked to leave are paid back; then a pause."""
        hand, engine = self.hand, self.engine
        self.end_hand()
        for player, seat in self.dealt_seats():
            seat.stack = hand.starting_stacks[player] + engine.results[player]
            self.touch(seat)
        for seat in [s for s in self.seats.values() if s.leaving]:
            self.cash_out(seat)
        self.set_deadline(Table.DeadlineKind.NEXT_HAND, ms("POKER_PAUSE_MS", 3000))

    def out_of_time(self) -> None:
        seat = self.seats[self.table.actor_seat]
        seat.sitting_out = True
        self.touch(seat)
        self.act(Action.draw())
        self.advance()

    def cash_out(self, seat: Seat) -> None:
        """The seat's chips go back to the player's bankroll and the seat is freed."""
        bankroll = bankroll_of(seat.user, lock=True)
        bankroll.chips += seat.stack
        bankroll.save(update_fields=["chips", "updated_at"])
        self.private_changed.add(seat.user_id)
        self.remove_seat(seat)

    # ---- what the table core asks of the game

    def next_hand(self) -> bool:
        self.open_betting()
        return False  # a round is dealt once the bets are in

    def fire(self, kind: str) -> None:
        if kind == Table.DeadlineKind.NEXT_HAND:
            self.open_betting()
        elif kind == Table.DeadlineKind.BETTING:
            self.close_betting()
        elif kind == Table.DeadlineKind.ACTION and self.in_hand:
            self.out_of_time()
        else:
            self.clear_deadline()
            self.bump()

    def wake(self) -> None:
        if self.table.deadline_kind == Table.DeadlineKind.BETTING:
            self.deal_if_all_bet()
        elif self.table.status == Table.Status.WAITING:
            self.open_betting()

    def buy_in(self, user: AbstractBaseUser, stack: int | None) -> int:
        """From the bankroll: the table's starting stack, or all of the bankroll when it holds
        less (at least a minimum bet)."""
        if stack is not None:
            # Never a seat with chips of the organizer's (a championship seat): only the bankroll's.
            raise TableError("wrong_game", _("This action does not belong to this table's game."))
        table = self.table
        bankroll = bankroll_of(user, lock=True)
        buy_in = min(table.starting_stack, bankroll.chips)
        if buy_in < table.min_bet:
            raise TableError(
                "bankroll_too_small",
                fmt(
                    _("Your bankroll holds %(chips)s chips, below the minimum bet (%(min)s): refill it."),
                    chips=bankroll.chips,
                    min=table.min_bet,
                ),
            )
        bankroll.chips -= buy_in
        bankroll.save(update_fields=["chips", "updated_at"])
        self.private_changed.add(user.pk)
        return buy_in

    def release(self, seat: Seat) -> None:
        self.cash_out(seat)

    def after_leave(self) -> None:
        self.deal_if_all_bet()

    def on_away(self, seat: Seat) -> None:
        seat.round_bet = 0  # no bet is waited for from a player away
        self.deal_if_all_bet()

    def on_paused(self) -> None:
        self.clear_bets()  # bets placed are cancelled

    def resume(self) -> None:
        table = self.table
        self.bump()
        if table.status in (Table.Status.PAUSED, Table.Status.WAITING) and not self.in_hand:
            table.status = Table.Status.WAITING
            self.open_betting()

    def start(self) -> None:
        self.resume()
