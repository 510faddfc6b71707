"""Sessions played online: the championship's side of poker/CONTRACT.md. Live sessions do nothing here.

- A draw opens one poker table per championship table (blinds from the session's clock through the
  "championship" blind provider; round 1 stops at 3 players), seats the players on their drawn
  seats with the starting stack and deals.
- The tables' signals (`receivers.py`) record knock-outs with `knockout_record`, in the transaction
  that ends the hand: a knock-out is never lost nor counted twice.
- Round-2 balancing moves a player with `table_remove_player` + `table_seat_player`, keeping his
  chips. A table in the middle of a hand cannot give a player away: it is asked to pause after the
  hand and the move waits (`applied_at` empty) until the next signal of the session or the
  organizer's "apply the moves" (TDA: a player moves between hands).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext as _

from poker import selectors
from poker import services as tables
from poker.models import Hand, Table
from poker.models import Seat as PokerSeat
from poker.push import services as push

from .. import notices
from ..models import GameTable, Registration, Seat, SeatingDraw, Session, TableMove
from ..titles import table_title

PROVIDER = "championship"


def provider_key(session: Session) -> str:
    return f"{PROVIDER}:{session.pk}"


def check_available(session: Session) -> None:
    """Online play needs every entrant to have an account (to sit at his table)."""
    if session.mode != Session.Mode.ONLINE:
        return
    missing = [
        r.member.nickname
        for r in Registration.objects.filter(session=session, member__user__isnull=True).select_related(
            "member"
        )
    ]
    if missing:
        raise ValidationError(
            _("Online play needs an account for every entrant. No account yet: %(names)s.")
            % {"names": ", ".join(missing)}
        )


def tell(session: Session, registrations) -> None:
    """Online: these players' open pages look again at where they are (championship.notices)."""
    if session.mode == Session.Mode.ONLINE:
        notices.notify(
            Registration.objects.filter(pk__in=[getattr(r, "pk", r) for r in registrations]).values_list(
                "member__user_id", flat=True
            )
        )


def after_draw(*, session: Session, draw: SeatingDraw, by) -> None:
    """Opens and fills the poker tables of a draw; each deals its first hand once its players have
    opened their table page, or at the end of the session's get-ready countdown."""
    if session.mode != Session.Mode.ONLINE:
        return
    season = session.season
    round_number = draw.round_number
    seats = list(
        Seat.objects.filter(session=session, round_number=round_number).select_related(
            "registration__member__user"
        )
    )
    carried = _round1_stacks(session) if round_number == 2 and not season.round2_reset_stacks else {}
    opened: list[tuple[int, Table, int, int]] = []  # who sits where, pushed to his devices
    for game_table in GameTable.objects.filter(
        session=session, round_number=round_number, closed_at__isnull=True
    ):
        table = _open(session, game_table, by)
        for seat in (s for s in seats if s.table == game_table.number):
            user = seat.registration.member.user
            stack = carried.get(user.pk) or season.starting_stack
            tables.table_seat_player(table=table, user=user, stack=stack, seat=seat.seat)
        tables.table_get_ready(table=table, seconds=session.ready_seconds)
        opened.extend(
            (s.registration.member.user_id, table, game_table.number, s.seat)
            for s in seats
            if s.table == game_table.number
        )
    notices.notify(s.registration.member.user_id for s in seats)
    push.push_tables_open(session=_label(session), seats=opened)


def _label(session: Session):
    """The session's name in the language of each device it is pushed to (poker/push)."""
    return lazy(lambda: session.label, str)()


def _round1_stacks(session: Session) -> dict[int, int]:
    """Without the round-2 reset (a season setting), each qualifier carries the chips he ended
    round 1 with. A player saved at the cut has none left: he starts again from the starting stack
    (docs/rules.md, round 2), the one case where chips are added."""
    return dict(
        PokerSeat.objects.filter(
            table__championship_table__session=session, table__championship_table__round_number=1
        ).values_list("user_id", "stack")
    )


def _open(session: Session, game_table: GameTable, by=None) -> Table:
    """A poker table for a championship table, its blinds from the session's clock."""
    season = session.season
    table = tables.table_open(
        # What it was called when it opened; readers see its title (championship.titles).
        name=table_title(game_table),
        variant=Table.Variant.HOLDEM,
        max_seats=8,
        blind_provider=provider_key(session),
        action_seconds=season.action_seconds,
        stop_at_players=3 if game_table.round_number == 1 else 1,
        created_by=by,
        kind=Table.Kind.TOURNAMENT,
        starting_stack=season.starting_stack,
        fairness_epoch=session.epoch,
    )
    game_table.poker_table = table
    game_table.save(update_fields=["poker_table"])
    return table


def _playable(session: Session, game_table: GameTable) -> Table:
    """The table's poker table, able to take players. A round-2 table left with one player after a
    hand has finished by itself (it stops at one): his game goes on at a new poker table, where the
    players moved in join him."""
    old = game_table.poker_table
    old.refresh_from_db()
    if old.status != Table.Status.FINISHED:
        return old
    new = _open(session, game_table)
    users = get_user_model().objects.in_bulk(
        PokerSeat.objects.filter(table=old).values_list("user_id", flat=True)
    )
    for user_id, seat, _stack in selectors.table_players(old):
        stack = tables.table_remove_player(table=old, user=users[user_id])
        tables.table_seat_player(table=new, user=users[user_id], stack=stack, seat=seat)
    notices.notify(users)  # his table page is the old table's: it takes him to the new one
    return new


def after_moves(*, session: Session, moves: list[TableMove], broken: list[int]) -> None:
    """Carries the balancing moves to the poker tables (or leaves them waiting, see the module doc)."""
    if session.mode != Session.Mode.ONLINE:
        now = timezone.now()
        TableMove.objects.filter(pk__in=[m.pk for m in moves]).update(applied_at=now)
        return
    moves_apply(session=session)


def moves_apply(*, session: Session) -> int:
    """Applies the waiting moves whose table is between hands; pauses the others. Returns how many
    are still waiting."""
    if session.mode != Session.Mode.ONLINE:
        return 0
    by_number = {
        t.number: t
        for t in GameTable.objects.filter(session=session, round_number=2).select_related("poker_table")
    }
    pending = list(
        TableMove.objects.filter(session=session, applied_at__isnull=True, reverted_at__isnull=True)
        .order_by("pk")
        .select_related("registration__member")
    )
    users = get_user_model().objects.in_bulk([m.registration.member.user_id for m in pending])
    blocked: set[int] = set()  # a player whose earlier move waits: his later moves wait too
    for move in pending:
        source = by_number[move.from_table].poker_table
        target = _playable(session, by_number[move.to_table])
        user = users[move.registration.member.user_id]
        if user.pk in blocked or PokerSeat.objects.filter(table=target, number=move.to_seat).exists():
            blocked.add(user.pk)  # his seat there is not free yet: another move must go first
            continue
        try:
            stack = tables.table_remove_player(table=source, user=user)
        except tables.TableError as error:
            if error.code == "in_hand":
                tables.table_pause(table=source)  # the move happens once this hand is over
            elif error.code != "not_seated":
                raise
            # not_seated: he went out in the hand that is ending; his knock-out comes next and
            # cancels the move.
            blocked.add(user.pk)
            continue
        # On his way to the new table's page: not marked away before the get-ready countdown.
        tables.table_seat_player(
            table=target, user=user, stack=stack, seat=move.to_seat, grace_seconds=session.ready_seconds
        )
        move.applied_at = timezone.now()
        move.save(update_fields=["applied_at"])
        notices.notify([user.pk])
        push.push_moved(
            user_id=user.pk, session=_label(session), table=target, number=move.to_table, seat=move.to_seat
        )
    for number, game_table in by_number.items():
        table = game_table.poker_table
        if table is None:
            continue
        table.refresh_from_db()
        if game_table.closed_at is not None:
            continue
        if table.status in (Table.Status.PAUSED, Table.Status.WAITING) and not _has_waiting_move_from(
            session, number
        ):
            _restart(table)
    return len(blocked)


def _has_waiting_move_from(session: Session, number: int) -> bool:
    return TableMove.objects.filter(
        session=session, from_table=number, applied_at__isnull=True, reverted_at__isnull=True
    ).exists()


def _restart(table: Table) -> None:
    try:
        if table.status == Table.Status.PAUSED:
            tables.table_resume(table=table)
        else:
            tables.table_start(table=table)
    except tables.TableError as error:
        if error.code not in ("in_hand", "not_enough_players", "finished"):
            raise


def round_dealt(session: Session) -> bool:
    """Has a table of the current round dealt a hand?"""
    return Hand.objects.filter(
        table__championship_table__session=session,
        table__championship_table__round_number=session.round_number or 0,
    ).exists()


def tables_pause(*, session: Session) -> None:
    """The organizer paused the clock: no new hand is dealt (a hand being played is finished)."""
    for table in _open_tables(session):
        tables.table_pause(table=table)


def tables_resume(*, session: Session) -> None:
    for table in _open_tables(session):
        if not _has_waiting_move_from(session, table.championship_table.number):
            tables.table_resume(table=table)


def _open_tables(session: Session) -> list[Table]:
    if session.mode != Session.Mode.ONLINE:
        return []
    return [
        t.poker_table
        for t in GameTable.objects.filter(
            session=session,
            round_number=session.round_number or 0,
            closed_at__isnull=True,
            poker_table__isnull=False,
        ).select_related("poker_table")
        if t.poker_table.status != Table.Status.FINISHED
    ]
