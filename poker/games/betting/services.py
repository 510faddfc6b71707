"""The services and websocket messages of the betting games (Hold'em, Razz): a player's decision,
his pre-action, and the practice tables against bots. Each service is one transaction on the locked
table row (``poker.tables.play``).

From the browser (JSON), beside the messages every table takes:
``{"type": "act", "action": "fold|check|call|bet|raise|bring_in", "amount": 600, "hand": 12, "seq": 345}``
``{"type": "pre_action", "value": "check_fold|call_any|"}``
"""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from ...engine import Action
from ...models import MAX_SEATS, Seat, Table
from ...tables.db import in_thread
from ...tables.errors import TableError, fmt
from ...tables.messages import BadMessage, chips, hand_and_seq
from ...tables.registry import Handler
from ...tables.services import table_open, table_seat_player
from .play import BettingPlay

ACTIONS = ("fold", "check", "call", "raise", "bet", "bring_in")


@transaction.atomic
def table_act(
    *, table_id: int, user: AbstractBaseUser, action: str, amount: int | None = None, hand_id: int, seq: int
) -> None:
    """Apply the player's decision; refused (TableError) if it is not his turn, answers an older
    state (a double click, a late click), or is not legal."""
    play = BettingPlay.lock(table_id)
    table = play.table
    seat = play.seated(user)
    play.check_answers_current(hand_id, seq, _("That hand is over."))
    play.check_turn(seat, seq)
    chosen = check_action(action, amount, play.engine.legal_actions())
    if table.deadline_kind == Table.DeadlineKind.TIME_BANK or seat.sitting_out or seat.pre_action:
        _use_time_bank(play, seat)
        if seat.sitting_out:
            play.on_back(seat)
        seat.come_back()
        seat.pre_action = ""
        play.touch(seat)
    play.act(chosen)
    play.advance()
    play.finish()


def check_action(action: str, amount: Any, legal) -> Action:
    """The engine's action for what the player chose, if the rules allow it now."""
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
                fmt(
                    _("You have %(max)s chips in all: you cannot go to %(amount)s."),
                    max=legal.max_raise_to,
                    amount=amount,
                ),
            )
        if amount < legal.min_raise_to:
            raise TableError(
                "amount_too_low",
                fmt(_("The minimum is %(min)s, not %(amount)s."), min=legal.min_raise_to, amount=amount),
            )
        return Action.raise_to(amount)
    raise TableError("unknown_action", _("Unknown action."))


def _use_time_bank(play: BettingPlay, seat: Seat) -> None:
    """A player answering in his time bank pays for the seconds used."""
    table = play.table
    if table.deadline_kind != Table.DeadlineKind.TIME_BANK or table.deadline_at is None:
        return
    bank_started = table.deadline_at - timedelta(seconds=seat.time_bank)
    used = math.ceil(max(0.0, (play.now - bank_started).total_seconds()))
    seat.time_bank = max(0, seat.time_bank - used)


@transaction.atomic
def table_set_pre_action(*, table_id: int, user: AbstractBaseUser, pre_action: str) -> None:
    """Check/fold or call any, applied the moment his turn comes (this hand only)."""
    if pre_action not in Seat.PreAction.values:
        raise TableError("bad_pre_action", _("Unknown pre-action."))
    play = BettingPlay.lock(table_id)
    seat = play.seated(user)
    if pre_action and not play.dealt_in(seat):
        raise TableError("not_in_hand", _("You are not in this hand."))
    seat.pre_action = pre_action
    play.touch(seat)
    play.bump()
    if pre_action and play.table.actor_seat == seat.number:
        play.advance()
    play.finish()


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
    *,
    variant: str,
    stakes: dict[str, int],
    user: AbstractBaseUser | None,
    bots: int = 4,
    name: str = "",
    level: str = Table.BotLevel.BEGINNER,
) -> Table:
    """A table of ``variant`` at ``stakes`` against ``bots`` bots of ``level`` (with ``user`` in
    the last seat, or bots only for a demo table that plays by itself). Bots that bust sit down
    again with a new stack."""
    table = table_open(
        name=name or str(fmt(_("Practice of %(name)s"), name=display_name(user) if user else "ARF")),
        variant=variant,
        kind=Table.Kind.PRACTICE,
        max_seats=min(MAX_SEATS, bots + 2),
        starting_stack=2000,
        action_seconds=30,
        created_by=user,
        bot_level=level,
        **stakes,
    )
    for bot in bot_users(bots):
        table_seat_player(table=table, user=bot, is_bot=True)
    if user is not None:
        table_seat_player(table=table, user=user, seat=table.max_seats)
    table.refresh_from_db()
    return table


# --------------------------------------------------------------------------------------------------
# The websocket messages


async def on_act(consumer: Any, message: dict[str, Any]) -> None:
    action = message.get("action")
    if action not in ACTIONS:
        raise BadMessage("unknown_action", _("Unknown action."))
    amount = chips(message.get("amount")) if action in ("raise", "bet") else None
    hand, seq = hand_and_seq(message)
    await in_thread(table_act)(
        table_id=consumer.table_id, user=consumer.user, action=action, amount=amount, hand_id=hand, seq=seq
    )


async def on_pre_action(consumer: Any, message: dict[str, Any]) -> None:
    value = message.get("value")
    if not isinstance(value, str):
        raise BadMessage("bad_pre_action", _("Unknown pre-action."))
    await in_thread(table_set_pre_action)(table_id=consumer.table_id, user=consumer.user, pre_action=value)


MESSAGES: dict[str, Handler] = {"act": on_act, "pre_action": on_pre_action}
