"""The services every table has, whatever its game: the only code that changes a table, each one
transaction on the locked table row (``play.Play``), its game deciding what follows (a deal, the
next bets). The championship's calls are here (poker/CONTRACT.md), and the players' that do not
depend on the game: sit down, leave, sit out and back, chat. Each game adds its own (its bets, its
draw) in its plug-in. Deadlines go through the same lock, so a deadline and a click never both apply.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.roles import display_name

from .. import signals
from ..models import MAX_SEATS, ChatMessage, FairnessEpoch, Seat, Table
from . import fairness, pages
from .broadcast import broadcast_chat, broadcast_presence
from .errors import TableError, fmt
from .play import Play
from .registry import game_of, games

CHAT_LENGTH = 200


# --------------------------------------------------------------------------------------------------
# The contract with the championship (poker/CONTRACT.md), and the organizer's buttons


@transaction.atomic
def table_open(
    *,
    name: str,
    variant: str | None = None,
    max_seats: int = MAX_SEATS,
    small_blind: int | None = None,
    big_blind: int | None = None,
    ante: int | None = None,
    bring_in: int | None = None,
    small_bet: int | None = None,
    min_bet: int | None = None,
    max_bet: int | None = None,
    blind_provider: str = "",
    action_seconds: int = 30,
    stop_at_players: int = 1,
    created_by: AbstractBaseUser | None = None,
    kind: str = Table.Kind.CASH,
    starting_stack: int = 5000,
    time_bank_seconds: int = 0,
    chat_enabled: bool = True,
    voice_listeners: bool = False,
    decks: int = 1,
    fairness_epoch: FairnessEpoch | None = None,
    bot_level: str = Table.BotLevel.BEGINNER,
) -> Table:
    """A new table of ``variant`` (the model's default game), ValueError on settings that make no
    sense (the forms check them first). The stakes are the game's own (``Game.stakes``: Hold'em's
    blinds and ante, Razz's ante, bring-in and small bet, the dealer game's minimum and maximum
    bet), its defaults for those not given; TypeError for another game's. ``fairness_epoch``: the
    championship session's committed secret its decks come from (else the table's own epochs)."""
    variant = variant or Table._meta.get_field("variant").get_default()
    if variant not in Table.Variant.values:
        raise ValueError(f"unknown variant {variant!r}")
    if kind not in Table.Kind.values:
        raise ValueError(f"unknown table kind {kind!r}")
    if bot_level not in Table.BotLevel.values:
        raise ValueError(f"unknown bot level {bot_level!r}")
    if decks not in (1, 2):
        raise ValueError(f"a table plays with 1 or 2 decks, not {decks!r}")
    if not 2 <= max_seats <= MAX_SEATS:
        raise ValueError(f"a table has 2 to {MAX_SEATS} seats, not {max_seats}")
    if action_seconds < 1 or stop_at_players < 1:
        raise ValueError("the action time and stop_at_players must be positive")
    given = dict(
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        min_bet=min_bet,
        max_bet=max_bet,
    )
    stakes = game_of(variant).check_settings(
        kind=kind, blind_provider=blind_provider, **{k: v for k, v in given.items() if v is not None}
    )
    table = Table.objects.create(
        name=name,
        variant=variant,
        max_seats=max_seats,
        # The other games' stakes are 0.
        **({field: 0 for game in games() for field in game.stakes} | stakes),
        blind_provider=blind_provider,
        action_seconds=action_seconds,
        stop_at_players=stop_at_players,
        created_by=created_by,
        kind=kind,
        starting_stack=starting_stack,
        time_bank_seconds=time_bank_seconds,
        chat_enabled=chat_enabled,
        voice_listeners=voice_listeners,
        decks=decks,
        bot_level=bot_level,
    )
    fairness.open_for(table, fairness_epoch)
    return table


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
    """Seat ``user`` with ``stack`` chips (the table's buy-in by default) on ``seat`` or the first
    free seat. During a hand he waits for the next one. Open and practice tables start dealing by
    themselves once there are players. ``grace_seconds``: a player moved here while the table
    plays, on his way to its page: for that long a missed decision folds him but does not mark him
    away."""
    play = Play.lock(table.pk)
    t = play.table
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.seat_of_user(user) is not None:
        raise TableError("already_seated", _("You are already seated at this table."))
    number = play.free_seat(seat)
    stack = play.buy_in(user, stack)
    grace_until = play.now + timedelta(seconds=grace_seconds) if grace_seconds > 0 else None
    created = play.sit(
        user, number, stack, is_bot=is_bot, time_bank=t.time_bank_seconds, grace_until=grace_until
    )
    play.bump()
    if not play.in_hand:
        play.wake()
    play.finish()
    table.refresh_from_db()
    return created


@transaction.atomic
def table_start(*, table: Table) -> None:
    """The organizer's start: the first hand is dealt (or the first bets taken); later hands
    start by themselves."""
    play = Play.lock(table.pk)
    if play.in_hand:
        raise TableError("in_hand", _("A hand is being played."))
    if play.table.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    play.table.pause_requested = False
    play.start()
    play.finish()
    table.refresh_from_db()


@transaction.atomic
def table_get_ready(*, table: Table, seconds: int) -> None:
    """The first hand of a round: dealt as soon as every seated player has the table page open, or
    after ``seconds``, whichever comes first (nobody on his way is dealt in and folded as away).
    Meanwhile the view counts down and names who is missing."""
    play = Play.lock(table.pk)
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
        play.set_deadline(Table.DeadlineKind.GET_READY, timedelta(seconds=seconds))
        play.bump()
        signals.get_ready_started.send(
            sender=Table, table=t, missing_user_ids=[seat.user_id for seat in play.missing()]
        )
    else:
        play.next_hand()
    play.finish()
    table.refresh_from_db()


def table_presence(*, table_id: int, user: AbstractBaseUser, connected: bool) -> bool:
    """A seated player opened (or closed) a page of this table: True when his seat counted it.
    Anybody else (a spectator, a player of another table) changes nothing. While the round's first
    hand waits for the players, the others see who is still missing, and the last one awaited deals.

    The count is its own statement, outside the table's lock, and is never written by a change of
    the table (poker.tables.writes leaves the column out): a change that holds the table row and
    writes the seats never waits for it, nor it for them."""
    seats = Seat.objects.filter(table_id=table_id, user=user, is_bot=False)
    if connected:
        counted = seats.update(connections=F("connections") + 1)
    else:
        counted = seats.filter(connections__gt=0).update(connections=F("connections") - 1)
    if not counted:
        return False
    pages.count(table_id, user.pk, 1 if connected else -1)  # taken back if this process dies
    count, away_unseen = seats.values_list("connections", "away_unseen").first() or (None, False)
    if count == (1 if connected else 0):
        # His first page opened or his last one closed: the others are told who is connected. It
        # is no change of the table (no seq): its own message, read fresh (``broadcast_presence``).
        seats.update(offline_since=None if connected else timezone.now())
        broadcast_presence(table_id)
        if connected and away_unseen:
            # A time running out that read no page of his just before this count, and commits just
            # after this read, is undone at the next deal instead (``BettingPlay.back_if_seen``).
            _back_if_unseen(table_id, user)
    if Table.objects.filter(pk=table_id, deadline_kind=Table.DeadlineKind.GET_READY).exists():
        _presence_changed(table_id)
    return True


def table_visibility(*, table_id: int, user: AbstractBaseUser, visible: bool) -> bool:
    """A seated player's page of this table came into sight (or left it): True when his seat counted
    it. Like the presence, its own statement outside the table's lock; only Web Push reads it (his
    turn is pushed when none of his pages is in sight)."""
    seats = Seat.objects.filter(table_id=table_id, user=user, is_bot=False)
    if visible:
        return bool(seats.update(visible_pages=F("visible_pages") + 1))
    return bool(seats.filter(visible_pages__gt=0).update(visible_pages=F("visible_pages") - 1))


@transaction.atomic
def _back_if_unseen(table_id: int, user: AbstractBaseUser) -> None:
    """He was marked away while no page of his was open (late, reloading, moved): his page is
    open now, so he is back, and dealt the next hand."""
    play = Play.lock(table_id)
    seat = play.seat_of_user(user)
    if seat is None or not (seat.sitting_out and seat.away_unseen):
        return
    seat.come_back()
    play.touch(seat)
    play.on_back(seat)
    play.bump()
    if not play.in_hand:
        play.wake()
    play.finish()


@transaction.atomic
def _presence_changed(table_id: int) -> None:
    play = Play.lock(table_id)
    if not play.getting_ready():
        return
    play.bump()
    if not play.missing() and not play.in_hand:
        play.next_hand()
    play.finish()


@transaction.atomic
def table_remove_player(*, table: Table, user: AbstractBaseUser) -> int:
    """Take a player off the table between hands (balancing); returns his chips."""
    play = Play.lock(table.pk)
    seat = play.seat_of_user(user)
    if seat is None:
        raise TableError("not_seated", _("This player is not seated at this table."))
    if play.dealt_in(seat):
        raise TableError("in_hand", _("A player can be moved between hands only."))
    stack = seat.stack
    play.remove_seat(seat)
    play.bump()
    play.finish()
    return stack


@transaction.atomic
def table_pause(*, table: Table) -> None:
    """No new hand is dealt (a hand being played, or shown, is finished first)."""
    play = Play.lock(table.pk)
    t = play.table
    if t.status == Table.Status.FINISHED:
        raise TableError("finished", _("This table is finished."))
    if play.in_hand or play.showing:
        t.pause_requested = True
    else:
        t.status = Table.Status.PAUSED
        play.clear_deadline()
        play.on_paused()
    play.bump()
    play.finish()
    table.refresh_from_db()


@transaction.atomic
def table_resume(*, table: Table) -> None:
    play = Play.lock(table.pk)
    play.table.pause_requested = False
    play.resume()
    play.finish()
    table.refresh_from_db()


@transaction.atomic
def table_set_chat(*, table: Table, enabled: bool) -> None:
    play = Play.lock(table.pk)
    play.table.chat_enabled = enabled
    play.bump()
    play.finish()


def table_set_voice_listeners(*, table: Table, allowed: bool) -> None:
    """Spectators may listen to the table's voice room, or no longer (poker/voice): not part of the
    game's state, so no change of the table; the listeners already in the room are dropped at
    their next membership check."""
    Table.objects.filter(pk=table.pk).update(voice_listeners=allowed)
    table.voice_listeners = allowed


def organizer_commands(table: Table) -> dict[str, object]:
    """The organizer's buttons on the table page, by the name the page posts."""
    return {
        "start": lambda: table_start(table=table),
        "pause": lambda: table_pause(table=table),
        "resume": lambda: table_resume(table=table),
        "chat-on": lambda: table_set_chat(table=table, enabled=True),
        "chat-off": lambda: table_set_chat(table=table, enabled=False),
        "listeners-on": lambda: table_set_voice_listeners(table=table, allowed=True),
        "listeners-off": lambda: table_set_voice_listeners(table=table, allowed=False),
    }


# --------------------------------------------------------------------------------------------------
# Players at the table (the consumer calls these)


@transaction.atomic
def table_sit(*, table_id: int, user: AbstractBaseUser, seat: int | None = None) -> Seat:
    """A player takes a seat himself, with the table's buy-in (open and practice tables)."""
    table = Table.objects.get(pk=table_id)
    if table.kind == Table.Kind.TOURNAMENT:
        raise TableError("tournament", _("Players are seated by the tournament draw."))
    return table_seat_player(table=table, user=user, seat=seat)


@transaction.atomic
def table_leave(*, table_id: int, user: AbstractBaseUser) -> None:
    """Leave the table: at once between hands, else when the hand is over (folded, or standing
    pat, in the meantime)."""
    play = Play.lock(table_id)
    seat = play.seated(user)
    if play.table.kind == Table.Kind.TOURNAMENT:
        raise TableError("tournament", _("In a tournament, sit out instead: your chips stay in play."))
    if play.dealt_in(seat):
        seat.leaving = True
        play.touch(seat)
        play.bump()
        if play.table.actor_seat == seat.number:
            play.advance()
    else:
        play.release(seat)
        play.bump()
        if not play.in_hand:
            play.after_leave()  # the ones left may play on (the demo table's bots)
    play.finish()


@transaction.atomic
def table_sit_out(*, table_id: int, user: AbstractBaseUser, away: bool = True) -> None:
    """Sit out (answered for when his turn comes) or come back."""
    play = Play.lock(table_id)
    seat = play.seated(user)
    if seat.sitting_out == away:
        return
    if away:
        seat.go_away(hand_number=play.hand.number if play.dealt_in(seat) else play.table.hands_dealt + 1)
    else:
        seat.come_back()
        play.on_back(seat)
    play.touch(seat)
    play.bump()
    if away and play.in_hand and play.table.actor_seat == seat.number:
        play.advance()
    elif away:
        play.on_away(seat)
    elif not play.in_hand:
        play.wake()
    play.finish()


@transaction.atomic
def table_chat(*, table_id: int, user: AbstractBaseUser, text: str) -> ChatMessage:
    table = Table.objects.select_for_update().get(pk=table_id)
    if not table.chat_enabled:
        raise TableError("chat_off", _("The chat is turned off at this table."))
    text = " ".join(str(text).split())
    if not text:
        raise TableError("chat_empty", _("Empty message."))
    if len(text) > CHAT_LENGTH:
        raise TableError("chat_too_long", fmt(_("A message has at most %(n)s characters."), n=CHAT_LENGTH))
    last = ChatMessage.objects.filter(table=table, user=user).aggregate(last=Max("created_at"))["last"]
    if last is not None and timezone.now() - last < timedelta(seconds=1):
        raise TableError("too_fast", _("Slow down: one message a second."))
    message = ChatMessage.objects.create(table=table, user=user, text=text)
    transaction.on_commit(lambda: broadcast_chat(table.pk, display_name(user), text, message.created_at))
    return message


# --------------------------------------------------------------------------------------------------
# Deadlines


@transaction.atomic
def table_fire_deadline(*, table_id: int, kind: str, seq: int) -> bool:
    """Fire the table's deadline if it is still the one seen (same kind, same seq) and is due.

    Called by whichever process notices it first; the others find it gone. True when it fired."""
    play = Play.lock(table_id)
    table = play.table
    if (
        table.deadline_at is None
        or table.deadline_at > play.now
        or table.deadline_kind != kind
        or table.seq != seq
    ):
        return False
    play.fire(kind)
    play.finish()
    return True
