"""The services and websocket messages of draw against the dealer: the bet on the next round and
the draw. Sitting down (with a buy-in from the bankroll), leaving, sitting out and the organizer's
buttons are the table core's (``poker.tables.services``), played by this game's ``DrawPlay``.

From the browser (JSON), beside the messages every table takes:
``{"type": "bet", "amount": 50}``: the bet on the next round (between rounds).
``{"type": "draw", "cards": ["3c", "5d"], "hand": 12, "seq": 345}``: the cards thrown (0 to 3),
answering the view of that round and seq.
"""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from ...engine import Action, IllegalAction, parse_cards
from ...engine.dealer_draw import FIVE_OF_A_KIND, HIGH_CARD, MAX_DRAW, ROYAL_FLUSH, payout_multiple
from ...models import Table
from ...tables.db import in_thread
from ...tables.errors import TableError, fmt
from ...tables.messages import BadMessage, chips, hand_and_seq
from ...tables.registry import Handler
from ...tables.services import table_open, table_seat_player
from .play import PRACTICE, DrawPlay

CARD = re.compile(r"[2-9TJQKA][cdhs]")


@transaction.atomic
def draw_bet(*, table_id: int, user: AbstractBaseUser, amount: Any) -> None:
    """Bet on the next round: from the table's minimum to its maximum, not above his stack. A
    player away who bets is back; the round is dealt once every player present has bet."""
    play = DrawPlay.lock(table_id)
    table = play.table
    seat = play.seated(user)
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise TableError("bad_amount", _("The amount must be a whole number of chips, more than zero."))
    if not play.betting_open:
        raise TableError("not_betting", _("Bets are taken between rounds: wait for the next one."))
    if seat.leaving:
        raise TableError("leaving", _("You are leaving the table."))
    if seat.round_bet:
        raise TableError("already_bet", _("You have already bet on this round."))
    if seat.stack < table.min_bet:
        raise TableError(
            "not_enough_chips",
            fmt(_("You have fewer chips than the minimum bet (%(min)s)."), min=table.min_bet),
        )
    if amount < table.min_bet:
        raise TableError(
            "amount_too_low",
            fmt(_("The minimum is %(min)s, not %(amount)s."), min=table.min_bet, amount=amount),
        )
    if amount > table.max_bet:
        raise TableError(
            "amount_too_high",
            fmt(_("The maximum bet is %(max)s, not %(amount)s."), max=table.max_bet, amount=amount),
        )
    if amount > seat.stack:
        raise TableError(
            "amount_over_stack",
            fmt(_("You have %(max)s chips: you cannot bet %(amount)s."), max=seat.stack, amount=amount),
        )
    seat.round_bet = amount
    seat.sitting_out = False
    play.touch(seat)
    play.bump()
    if table.deadline_kind != Table.DeadlineKind.BETTING:
        play.open_betting()
    else:
        play.deal_if_all_bet()
    play.finish()


@transaction.atomic
def draw_exchange(*, table_id: int, user: AbstractBaseUser, cards: Any, hand_id: int, seq: int) -> None:
    """Throw 0 to 3 cards of his hand and get as many (none: stands pat), once, in his turn;
    ``(hand_id, seq)``: the view the draw answers (a late or double click is refused)."""
    play = DrawPlay.lock(table_id)
    seat = play.seated(user)
    play.check_answers_current(hand_id, seq, _("That round is over."))
    if not play.dealt_in(seat):
        raise TableError("not_in_round", _("You are not dealt in this round."))
    player = play.hand.seats.index(seat.number)
    if play.engine.drawn[player]:
        raise TableError("already_drawn", _("You have already drawn: one exchange only."))
    play.check_turn(seat, seq)
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise TableError("bad_cards", _("The cards to throw are a list of cards like “7c”."))
    if len(cards) > MAX_DRAW:
        raise TableError("too_many_cards", fmt(_("You may throw at most %(n)s cards."), n=MAX_DRAW))
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
    play.finish()


# --------------------------------------------------------------------------------------------------
# The practice table and its paytable


@transaction.atomic
def draw_practice_open(*, user: AbstractBaseUser) -> Table:
    """A dealer-draw table for one player (the house banks it: no opponent needed), him seated."""
    table = table_open(
        name=str(fmt(_("Draw against the dealer of %(name)s"), name=display_name(user))),
        variant=Table.Variant.DEALER_DRAW,
        kind=Table.Kind.PRACTICE,
        max_seats=4,
        created_by=user,
        **PRACTICE,
    )
    table_seat_player(table=table, user=user, seat=1)
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


# --------------------------------------------------------------------------------------------------
# The websocket messages


async def on_bet(consumer: Any, message: dict[str, Any]) -> None:
    amount = chips(message.get("amount"))
    await in_thread(draw_bet)(table_id=consumer.table_id, user=consumer.user, amount=amount)


async def on_draw(consumer: Any, message: dict[str, Any]) -> None:
    cards = message.get("cards", [])
    hand, seq = hand_and_seq(message)
    if not isinstance(cards, list) or not all(isinstance(c, str) and CARD.fullmatch(c) for c in cards):
        raise BadMessage("bad_cards", _("The cards to throw are a list of cards like “7c”."))
    if len(cards) > MAX_DRAW:
        raise BadMessage("too_many_cards", fmt(_("You may throw at most %(n)s cards."), n=MAX_DRAW))
    await in_thread(draw_exchange)(
        table_id=consumer.table_id, user=consumer.user, cards=cards, hand_id=hand, seq=seq
    )


MESSAGES: dict[str, Handler] = {"bet": on_bet, "draw": on_draw}
