"""The services of the tables of five-card draw against the dealer (docs/rules.md, same section).

The house banks the game, so one player is enough. A table goes round three phases:

1. Bets (deadline ``betting``, the table's action time): each player present chooses his bet, from
   the minimum (``Table.small_blind``) to the maximum (``Table.big_blind``), not above his stack.
   When every player present has bet, or at the deadline, the round is dealt to those who bet; who
   did not bet in time sits out until he comes back. Nobody bet: the table waits.
2. The draw (deadline ``action``): players draw in seat order (the engine's), 0 to 3 cards each;
   out of time he stands pat and sits out. A player away or leaving stands pat when his turn comes.
3. The dealer draws by the house rule and shows (the engine does it), every hand is shown, the
   results go to the stacks, then a pause (``next_hand``, POKER_PAUSE_MS) and the next bets.

Chips: the bet stays in the seat's stack while the round is played (the view shows it apart) and
the stack becomes ``stack + net`` when the round is settled. Seats are bought from the practice
bankroll (``poker.bankroll``) and paid back into it when the player leaves; championship tables
never play this game.

Each service is one transaction on the locked table row, with the same machinery as Hold'em
(``poker.services._Play``): stored engine state, numbered events, broadcast after the commit.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from .bankroll import bankroll_of
from .engine import Action, DealerDraw, DrawRound, IllegalAction, parse_cards
from .engine.dealer_draw import FIVE_OF_A_KIND, HIGH_CARD, MAX_DRAW, ROYAL_FLUSH, payout_multiple
from .models import Hand, Seat, Table
from .services import TableError, _finish, _fmt, _ms, _Play, table_open

PRACTICE = {"small_blind": 10, "big_blind": 200, "starting_stack": 2000, "action_seconds": 30}


def _new_draw_deck(decks: int) -> list | None:
    """The deck of the next round: None lets the engine shuffle with the CSPRNG. Tests replace
    this to deal chosen cards."""
    return None


class _DrawPlay(_Play):
    """One dealer-draw table's play inside one transaction (the engine is a ``DrawRound``)."""

    dealer_draw = True

    @staticmethod
    def load_engine(variant: str, state: dict[str, Any]) -> DrawRound:
        return DrawRound.from_dict(state)

    def record(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._store(event)
        self.table.visible_seq = self.table.seq

    def act(self, action: Action) -> None:
        self.record(self.engine.act(action))
        self.hand_changed = True

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
        return not seat.leaving and seat.stack >= self.table.small_blind

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
        self._clear_deadline()
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
        self._set_deadline(Table.DeadlineKind.BETTING, timedelta(seconds=table.action_seconds))
        self.deal_if_all_bet()

    def deal_if_all_bet(self) -> None:
        bettors = self.bettors()
        if self.table.deadline_kind == Table.DeadlineKind.BETTING and bettors:
            if all(seat.round_bet for seat in bettors):
                self.deal()
        elif self.table.deadline_kind == Table.DeadlineKind.BETTING:
            self._clear_deadline()  # nobody left to wait for
            self.table.status = Table.Status.WAITING

    def close_betting(self) -> None:
        """The betting deadline: who did not bet sits out; deal to those who did, if anyone."""
        for seat in self.bettors():
            if not seat.round_bet:
                seat.sitting_out = True
                self.touch(seat)
        self._clear_deadline()
        if any(seat.round_bet for seat in self.seats.values()):
            self.deal()
        else:
            self.table.status = Table.Status.WAITING
            self.bump()

    # ---- the round

    def deal(self) -> None:
        table = self.table
        seats = [s for _, s in sorted(self.seats.items()) if s.round_bet > 0]
        engine = DealerDraw(table.decks).start_round(
            [s.round_bet for s in seats], _new_draw_deck(table.decks)
        )
        self._clear_deadline()
        table.hands_dealt += 1
        self.hand = Hand.objects.create(
            table=table,
            number=table.hands_dealt,
            small_blind=table.small_blind,
            big_blind=table.big_blind,
            ante=0,
            button_seat=seats[0].number,
            seats=[s.number for s in seats],
            user_ids=[s.user_id for s in seats],
            names=[display_name(s.user) for s in seats],
            starting_stacks=[s.stack for s in seats],
            state={},
        )
        table.hand = self.hand
        table.status = Table.Status.PLAYING
        for seat in seats:
            seat.round_bet = 0
            self.touch(seat)
        self.engine = engine
        self.hand_changed = True
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
        self._set_deadline(Table.DeadlineKind.ACTION, timedelta(seconds=table.action_seconds))

    def settle(self) -> None:
        """The results go to the stacks; players who asked to leave are paid back; then a pause."""
        table, hand, engine = self.table, self.hand, self.engine
        table.actor_seat = None
        table.legal = None
        hand.ended_at = self.now
        for player, number in enumerate(hand.seats):
            seat = self.seats.get(number)
            if seat is not None and seat.user_id == hand.user_ids[player]:
                seat.stack = hand.starting_stacks[player] + engine.results[player]
                self.touch(seat)
        for seat in [s for s in self.seats.values() if s.leaving]:
            self.cash_out(seat)
        self._set_deadline(Table.DeadlineKind.NEXT_HAND, _ms("POKER_PAUSE_MS", 3000))

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
        del self.seats[seat.number]
        seat.delete()
        self.dirty_seats.discard(seat.number)


def _seated(play: _DrawPlay, user: AbstractBaseUser) -> Seat:
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("You are not seated at this table."))
    return seat


# --------------------------------------------------------------------------------------------------
# Players (the consumer calls these)


@transaction.atomic
def draw_sit(*, table_id: int, user: AbstractBaseUser, seat: int | None = None) -> Seat:
    """Sit down with a buy-in from the bankroll: the table's starting stack, or all of the
    bankroll when it holds less (at least a minimum bet)."""
    play = _DrawPlay.lock(table_id)
    table = play.table
    if table.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.seat_of_user(user) is not None:
        raise TableError("already_seated", _("You are already seated at this table."))
    free = [n for n in range(1, table.max_seats + 1) if n not in play.seats]
    if seat is None:
        if not free:
            raise TableError("table_full", _("This table is full."))
        seat = free[0]
    elif seat not in range(1, table.max_seats + 1):
        raise TableError("bad_seat", _fmt(_("There is no seat %(seat)s at this table."), seat=seat))
    elif seat not in free:
        raise TableError("seat_taken", _("This seat is taken."))
    bankroll = bankroll_of(user, lock=True)
    buy_in = min(table.starting_stack, bankroll.chips)
    if buy_in < table.small_blind:
        raise TableError(
            "bankroll_too_small",
            _fmt(
                _("Your bankroll holds %(chips)s chips, below the minimum bet (%(min)s): refill it."),
                chips=bankroll.chips,
                min=table.small_blind,
            ),
        )
    bankroll.chips -= buy_in
    bankroll.save(update_fields=["chips", "updated_at"])
    created = Seat.objects.create(table=table, user=user, number=seat, stack=buy_in)
    created.user = user
    play.seats[seat] = created
    play.bump()
    if table.status == Table.Status.WAITING and not play.in_hand:
        play.open_betting()
    _finish(play)
    return created


@transaction.atomic
def draw_leave(*, table_id: int, user: AbstractBaseUser) -> None:
    """Leave: the chips go back to the bankroll, at once between rounds, else once the round is
    settled (standing pat meanwhile)."""
    play = _DrawPlay.lock(table_id)
    seat = _seated(play, user)
    play.bump()
    if play.dealt_in(seat):
        seat.leaving = True
        play.touch(seat)
        if play.table.actor_seat == seat.number:
            play.act(Action.draw())
            play.advance()
    else:
        play.cash_out(seat)
        play.deal_if_all_bet()
    _finish(play)


@transaction.atomic
def draw_sit_out(*, table_id: int, user: AbstractBaseUser, away: bool = True) -> None:
    """Sit out (no bet is waited for; stands pat in a round he was dealt) or come back."""
    play = _DrawPlay.lock(table_id)
    seat = _seated(play, user)
    if seat.sitting_out == away:
        return
    seat.sitting_out = away
    play.touch(seat)
    play.bump()
    if away:
        seat.round_bet = 0
        if play.in_hand and play.table.actor_seat == seat.number:
            play.act(Action.draw())
            play.advance()
        else:
            play.deal_if_all_bet()
    elif play.table.status == Table.Status.WAITING and not play.in_hand:
        play.open_betting()
    _finish(play)


@transaction.atomic
def draw_bet(*, table_id: int, user: AbstractBaseUser, amount: Any) -> None:
    """Bet on the next round: from the table's minimum to its maximum, not above his stack. A
    player away who bets is back; the round is dealt once every player present has bet."""
    play = _DrawPlay.lock(table_id)
    table = play.table
    seat = _seated(play, user)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise TableError("bad_amount", _("The amount must be a whole number of chips, more than zero."))
    if not play.betting_open:
        raise TableError("not_betting", _("Bets are taken between rounds: wait for the next one."))
    if seat.leaving:
        raise TableError("leaving", _("You are leaving the table."))
    if seat.round_bet:
        raise TableError("already_bet", _("You have already bet on this round."))
    if seat.stack < table.small_blind:
        raise TableError(
            "not_enough_chips",
            _fmt(_("You have fewer chips than the minimum bet (%(min)s)."), min=table.small_blind),
        )
    if amount < table.small_blind:
        raise TableError(
            "amount_too_low",
            _fmt(_("The minimum is %(min)s, not %(amount)s."), min=table.small_blind, amount=amount),
        )
    if amount > table.big_blind:
        raise TableError(
            "amount_too_high",
            _fmt(_("The maximum bet is %(max)s, not %(amount)s."), max=table.big_blind, amount=amount),
        )
    if amount > seat.stack:
        raise TableError(
            "amount_over_stack",
            _fmt(_("You have %(max)s chips: you cannot bet %(amount)s."), max=seat.stack, amount=amount),
        )
    seat.round_bet = amount
    seat.sitting_out = False
    play.touch(seat)
    play.bump()
    if table.deadline_kind != Table.DeadlineKind.BETTING:
        play.open_betting()
    else:
        play.deal_if_all_bet()
    _finish(play)


@transaction.atomic
def draw_exchange(*, table_id: int, user: AbstractBaseUser, cards: Any, hand_id: int, seq: int) -> None:
    """Throw 0 to 3 cards of his hand and get as many (none: stands pat), once, in his turn;
    ``(hand_id, seq)``: the view the draw answers (a late or double click is refused)."""
    play = _DrawPlay.lock(table_id)
    table = play.table
    seat = _seated(play, user)
    if not play.in_hand or play.hand.pk != hand_id:
        raise TableError("stale", _("That round is over."))
    if seq > table.seq:
        raise TableError("bad_seq", _("Unknown table state."))
    if not play.dealt_in(seat):
        raise TableError("not_in_round", _("You are not dealt in this round."))
    player = play.hand.seats.index(seat.number)
    if play.engine.drawn[player]:
        raise TableError("already_drawn", _("You have already drawn: one exchange only."))
    if table.actor_seat != seat.number:
        raise TableError("not_your_turn", _("It is not your turn."))
    if seq < table.turn_seq:
        raise TableError("stale", _("The table has moved on: your action was not applied."))
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise TableError("bad_cards", _("The cards to throw are a list of cards like “7c”."))
    if len(cards) > MAX_DRAW:
        raise TableError("too_many_cards", _fmt(_("You may throw at most %(n)s cards."), n=MAX_DRAW))
    try:
        action = Action.draw(parse_cards(list(cards), allow_duplicates=True))
    except ValueError:
        raise TableError("bad_cards", _("The cards to throw are a list of cards like “7c”.")) from None
    try:
        play.engine.check_action(action, player)
    except IllegalAction:
        raise TableError("not_your_cards", _("You can only throw cards of your own hand.")) from None
    if seat.sitting_out:
        seat.sitting_out = False
        play.touch(seat)
    play.act(action)
    play.advance()
    _finish(play)


# --------------------------------------------------------------------------------------------------
# Deadlines (``services.table_fire_deadline`` hands dealer-draw tables over to this)


@transaction.atomic
def draw_fire_deadline(*, table_id: int, kind: str, seq: int) -> bool:
    play = _DrawPlay.lock(table_id)
    table = play.table
    if (
        table.deadline_at is None
        or table.deadline_at > play.now
        or table.deadline_kind != kind
        or table.seq != seq
    ):
        return False
    if kind == Table.DeadlineKind.NEXT_HAND:
        play.open_betting()
    elif kind == Table.DeadlineKind.BETTING:
        play.close_betting()
    elif kind == Table.DeadlineKind.ACTION and play.in_hand:
        play.out_of_time()
    else:
        play._clear_deadline()
        play.bump()
    _finish(play)
    return True


# --------------------------------------------------------------------------------------------------
# The organizer's buttons (and the practice table's owner)


@transaction.atomic
def draw_pause(*, table: Table) -> None:
    """No new round: a round being played is settled first; bets placed are cancelled."""
    play = _DrawPlay.lock(table.pk)
    t = play.table
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.in_hand or t.deadline_kind == Table.DeadlineKind.NEXT_HAND:
        t.pause_requested = True
    else:
        t.status = Table.Status.PAUSED
        play._clear_deadline()
        play.clear_bets()
    play.bump()
    _finish(play)


@transaction.atomic
def draw_resume(*, table: Table) -> None:
    play = _DrawPlay.lock(table.pk)
    t = play.table
    t.pause_requested = False
    play.bump()
    if t.status in (Table.Status.PAUSED, Table.Status.WAITING) and not play.in_hand:
        t.status = Table.Status.WAITING
        play.open_betting()
    _finish(play)


@transaction.atomic
def draw_set_chat(*, table: Table, enabled: bool) -> None:
    play = _DrawPlay.lock(table.pk)
    play.table.chat_enabled = enabled
    play.bump()
    _finish(play)


def organizer_commands(table: Table) -> dict[str, Any]:
    return {
        "start": lambda: draw_resume(table=table),
        "pause": lambda: draw_pause(table=table),
        "resume": lambda: draw_resume(table=table),
        "chat-on": lambda: draw_set_chat(table=table, enabled=True),
        "chat-off": lambda: draw_set_chat(table=table, enabled=False),
    }


@transaction.atomic
def draw_practice_open(*, user: AbstractBaseUser) -> Table:
    """A dealer-draw table for one player (the house banks it: no opponent needed), him seated."""
    table = table_open(
        name=str(_fmt(_("Draw against the dealer of %(name)s"), name=display_name(user))),
        variant=Table.Variant.DEALER_DRAW,
        kind=Table.Kind.PRACTICE,
        max_seats=4,
        created_by=user,
        **PRACTICE,
    )
    draw_sit(table_id=table.pk, user=user, seat=1)
    table.refresh_from_db()
    return table


# The hand categories of the paytable, by their category number (docs/rules.md, "Five-card draw against the
# dealer"; five of a kind: two decks only).
CATEGORY_NAMES = (
    _("High card"),
    _("Pair"),
    _("Two pair"),
    _("Three of a kind"),
    _("Straight"),
    _("Flush"),
    _("Full house"),
    _("Four of a kind"),
    _("Straight flush"),
    _("Royal flush"),
    _("Five of a kind"),
)


def paytable(decks: int) -> list[dict[str, Any]]:
    """What a hand better than the dealer's pays, times the bet (the dealer below three of a kind),
    best first, as the table page shows it: the engine's ``payout_multiple``."""
    best = FIVE_OF_A_KIND if decks == 2 else ROYAL_FLUSH
    return [
        {"name": CATEGORY_NAMES[category], "pays": payout_multiple(category, HIGH_CARD)}
        for category in range(best, HIGH_CARD - 1, -1)
    ]
