"""Running a session: start and the round-1 draw, knock-outs and their undo, the round-2 draw,
balancing, the winner, points, closing. Each service is one transaction that first locks the
session row (select_for_update), so two organizers pressing the same button do nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import groupby

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from poker.engine import fairness
from poker.models import FairnessEpoch

from .. import rules, session_events
from ..models import (
    AuditEntry,
    GameTable,
    KnockOut,
    Registration,
    Result,
    Seat,
    SeatingDraw,
    Session,
    SessionClock,
    TableMove,
)
from . import online

DRAW = "draw"


def _stream(session: Session, label: str, by=None, **details) -> fairness.Stream:
    """The random stream of ``label`` from the session's committed seed (docs/fairness.md), its
    use written in the audit log so that anyone can check it once the seed is revealed."""
    AuditEntry.objects.create(
        session=session, action=AuditEntry.Action.RANDOM_DRAW, by=by, details={"label": label, **details}
    )
    return fairness.Stream(_epoch(session).seed, label)


def _epoch(session: Session) -> FairnessEpoch:
    if session.epoch_id is None:  # a session made in bulk (bulk_create skips save)
        session.save(update_fields=["epoch"])
    return session.epoch


def lock(session: Session | int) -> Session:
    """The session's row, locked for a change: its screens look again once the change commits."""
    pk = session if isinstance(session, int) else session.pk
    session_events.changed(pk)
    return Session.objects.select_for_update().select_related("season").get(pk=pk)


@dataclass
class KnockoutOutcome:
    knockouts: list[KnockOut] = field(default_factory=list)
    qualified: list[Registration] = field(default_factory=list)  # round 1: saved at the cut
    moves: list[TableMove] = field(default_factory=list)
    broken_tables: list[int] = field(default_factory=list)
    finished: bool = False


# --- Draws ----------------------------------------------------------------------------------------


def _draw(session: Session, round_number: int, registrations: list[Registration], by) -> SeatingDraw:
    now = timezone.now()
    draw = SeatingDraw.objects.create(session=session, round_number=round_number, drawn_at=now, drawn_by=by)
    seats = []
    # Sorted by member id, then shuffled by the round's label: the order fills table 1 seat 1, 2, ...
    entrants = sorted(registrations, key=lambda r: r.member_id)
    label = fairness.seating_label(session.pk, round_number)
    tables = rules.seating_draw(entrants, rng=_stream(session, label, by, round=round_number))
    for number, players in enumerate(tables, start=1):
        # Round 1: a table of 3 or fewer qualifies everyone at once.
        done = round_number == 1 and rules.round1_table_qualifies_all(len(players))
        GameTable.objects.create(
            draw=draw,
            session=session,
            round_number=round_number,
            number=number,
            closed_at=now if done else None,
            closed_by_hand=DRAW if done else "",
        )
        for seat_number, registration in enumerate(players, start=1):
            seats.append(
                Seat(
                    session=session,
                    round_number=round_number,
                    registration=registration,
                    drawn_table=number,
                    drawn_seat=seat_number,
                    table=number,
                    seat=seat_number,
                )
            )
    Seat.objects.bulk_create(seats)
    return draw


def _restart_clock(session: Session) -> None:
    """Level 1 from the start. Online it waits for the round's first deal (clock.clock_first_deal):
    the players' get-ready countdown does not count."""
    start = None if session.mode == Session.Mode.ONLINE else timezone.now()
    SessionClock.objects.update_or_create(
        session=session, defaults={"level": 0, "elapsed": 0.0, "started_at": start, "paused_at": None}
    )


def _hold_clock(session: Session) -> None:
    """Online round 2 without the stacks reset: the clock goes on where round 1 left it, from round
    2's first deal (its get-ready countdown does not count either)."""
    if session.mode != Session.Mode.ONLINE:
        return
    clock = SessionClock.objects.select_for_update().get(session=session)
    if clock.started_at is None or clock.paused_at is not None:
        return
    clock.elapsed += max(0.0, (timezone.now() - clock.started_at).total_seconds())
    clock.started_at = None
    clock.save(update_fields=["elapsed", "started_at"])


@transaction.atomic
def session_start(*, session: Session, by: AbstractBaseUser | None) -> SeatingDraw:
    """Starts the session: the round-1 seating draw of the entrants, and the clock."""
    session = lock(session)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("This session has already started."))
    registrations = list(session.registrations.select_related("member"))
    unpaid = [r.member.nickname for r in registrations if not r.may_be_seated]
    if unpaid:
        raise ValidationError(
            _(
                "Not paid: %(names)s. Record their fees, allow them to play unpaid, or unregister "
                "them before starting."
            )
            % {"names": ", ".join(unpaid)}
        )
    if len(registrations) < 2:
        raise ValidationError(_("A session needs at least 2 paid entrants to start."))
    online.check_available(session)
    draw = _draw(session, 1, registrations, by)
    session.status = Session.Status.ROUND1
    session.started_at = draw.drawn_at
    session.started_by = by
    session.save(update_fields=["status", "started_at", "started_by"])
    _restart_clock(session)
    online.after_draw(session=session, draw=draw, by=by)
    round2_when_ready(session)  # every round-1 table of 3 or fewer: nothing to play
    return draw


def round1_done(session: Session) -> bool:
    return not GameTable.objects.filter(session=session, round_number=1, closed_at__isnull=True).exists()


def round2_when_ready(session: Session) -> None:
    """Online, round 2 follows round 1 by itself: drawn and opened as soon as no round-1 table plays
    (the organizer may still draw it by hand first)."""
    if session.mode == Session.Mode.ONLINE and round1_done(session):
        round2_draw(session=session, by=None)


@transaction.atomic
def round2_draw(*, session: Session, by: AbstractBaseUser | None) -> SeatingDraw:
    """When every round-1 table is done, the qualifiers are drawn again onto round-2 tables."""
    session = lock(session)
    if session.status != Session.Status.ROUND1:
        raise ValidationError(_("The round-2 draw follows round 1."))
    if not round1_done(session):
        raise ValidationError(_("Some round-1 tables are still playing."))
    qualifiers = [
        s.registration
        for s in Seat.objects.filter(session=session, round_number=1, active=True).select_related(
            "registration"
        )
    ]
    draw = _draw(session, 2, qualifiers, by)
    session.status = Session.Status.ROUND2
    session.save(update_fields=["status"])
    if session.season.round2_reset_stacks:
        _restart_clock(session)  # (decision) stacks reset: the blinds start again from level 1
    else:
        _hold_clock(session)
    if len(qualifiers) == 1:
        _finish(session)
    online.after_draw(session=session, draw=draw, by=by)
    return draw


# --- Knock-outs -----------------------------------------------------------------------------------


def _next_sequence(session: Session) -> int:
    return (KnockOut.objects.filter(session=session).aggregate(m=Max("sequence"))["m"] or 0) + 1


@transaction.atomic
def knockout_record(
    *,
    session: Session,
    table: int,
    busted: list[tuple[Registration, int | None]],
    by: AbstractBaseUser | None,
    source: str = KnockOut.Source.LIVE,
    hand_key: str | None = None,
    knocked_out_by: Registration | None = None,
) -> KnockoutOutcome:
    """Players out at `table` in one hand, with their stacks at the start of that hand (needed when
    several go out together). Round 1 stops a table at 3 players, who qualify; round 2 balances and
    merges the tables, and the last player left wins. ``knocked_out_by``: who knocked them out, if
    the organizer says (online, ``statistics.record`` credits them from the hand)."""
    session = lock(session)
    round_number = session.round_number
    if round_number is None:
        raise ValidationError(_("Knock-outs are recorded while a round is being played."))
    if not busted:
        raise ValidationError(_("Choose who is out."))
    ids = [r.pk for r, _s in busted]
    if len(set(ids)) != len(ids):
        raise ValidationError(_("The same player is listed twice."))
    if len(busted) > 1 and any(stack is None for _r, stack in busted):
        raise ValidationError(
            _("Several players out in one hand: give each one's chips at the start of the hand.")
        )
    if any(stack is not None and stack < 0 for _r, stack in busted):
        raise ValidationError(_("Chip counts cannot be negative."))
    game_table = GameTable.objects.filter(session=session, round_number=round_number, number=table).first()
    if game_table is None:
        raise ValidationError(_("There is no table %(table)s in this round.") % {"table": table})
    seats = {
        s.registration_id: s
        for s in Seat.objects.select_for_update().filter(
            session=session, round_number=round_number, registration_id__in=ids
        )
    }
    for registration, _stack in busted:
        seat = seats.get(registration.pk)
        name = registration.member.nickname
        if seat is None:
            raise ValidationError(_("%(name)s does not play this round.") % {"name": name})
        if not seat.active:
            raise ValidationError(_("%(name)s is already out.") % {"name": name})
        if seat.table != table:
            raise ValidationError(
                _("%(name)s plays at table %(other)s, not at table %(table)s.")
                % {"name": name, "other": seat.table, "table": table}
            )
    # Round 2 closes a broken table, but online a player out in the hand his move waited for is
    # placed out there (receivers._seat_back): only round 1's closed tables have qualified.
    if round_number == 1 and not game_table.is_open:
        raise ValidationError(_("Table %(table)s is done: its players have qualified.") % {"table": table})
    if knocked_out_by is not None and (knocked_out_by.session_id != session.pk or knocked_out_by.pk in ids):
        raise ValidationError(_("A player is knocked out by another player of the session."))

    outcome = KnockoutOutcome()
    sequence = _next_sequence(session)
    hand_key = hand_key or f"live-{sequence}"
    out = busted
    if round_number == 1:
        players_left = Seat.objects.filter(session=session, round_number=1, table=table, active=True).count()
        out_regs, saved = rules.round1_busts(players_left=players_left, busted=busted)
        outcome.qualified = saved
        out = [(r, s) for r, s in busted if r in out_regs]
    else:
        remaining = Seat.objects.filter(session=session, round_number=2, active=True).count()
        if len(busted) >= remaining:
            raise ValidationError(_("At least one player must be left: the winner."))
    # Smallest stack first: he places lowest (the order the online tables use too).
    for registration, stack in sorted(out, key=lambda b: b[1] or 0):
        seat = seats[registration.pk]
        seat.active = False
        seat.save(update_fields=["active"])
        outcome.knockouts.append(
            KnockOut.objects.create(
                session=session,
                registration=registration,
                round_number=round_number,
                table=table,
                sequence=sequence,
                hand_key=hand_key,
                stack_at_hand_start=stack,
                source=source,
                created_by=by,
            )
        )
        if knocked_out_by is not None:
            outcome.knockouts[-1].knocked_out_by.add(knocked_out_by)
        sequence += 1
    # Online: the players out, saved at the cut or left at a finished table learn it on their pages.
    online.tell(session, [r for r, _s in busted])
    if round_number == 1:
        left = Seat.objects.filter(session=session, round_number=1, table=table, active=True).count()
        # The cut decided this hand (some were saved) or the table is down to its qualifiers.
        if outcome.qualified or left <= rules.QUALIFIERS_PER_TABLE:
            game_table.closed_at = timezone.now()
            game_table.closed_by_hand = hand_key
            game_table.save(update_fields=["closed_at", "closed_by_hand"])
            online.tell(
                session,
                Seat.objects.filter(session=session, round_number=1, table=table).values_list(
                    "registration_id", flat=True
                ),
            )
    else:
        if Seat.objects.filter(session=session, round_number=2, active=True).count() == 1:
            _finish(session)
            outcome.finished = True
        else:
            outcome.moves, outcome.broken_tables = _rebalance(session, hand_key)
    return outcome


def _rebalance(session: Session, hand_key: str) -> tuple[list[TableMove], list[int]]:
    open_tables = list(GameTable.objects.filter(session=session, round_number=2, closed_at__isnull=True))
    seats = list(
        Seat.objects.filter(session=session, round_number=2, active=True).select_related("registration")
    )
    state: dict[int, dict[int, int]] = {t.number: {} for t in open_tables}
    for seat in seats:
        state[seat.table][seat.seat] = seat.pk
    label = fairness.balance_label(session.pk, hand_key)
    plan, broken = rules.rebalance(state, rng=fairness.Stream(_epoch(session).seed, label))
    if plan:
        # The inputs and the result, by member id (as the seat draws), for the public record.
        member = {s.pk: s.registration.member_id for s in seats}
        tables = {
            str(t): {str(n): member[pk] for n, pk in sorted(by.items())} for t, by in sorted(state.items())
        }
        moved = [[member[m.player], m.from_table, m.from_seat, m.to_table, m.to_seat] for m in plan]
        _stream(session, label, moves=len(plan), broken=broken, tables=tables, moved=moved)
    by_pk = {s.pk: s for s in seats}
    moves = []
    for move in plan:
        seat = by_pk[move.player]
        seat.table, seat.seat = move.to_table, move.to_seat
        seat.save(update_fields=["table", "seat"])
        moves.append(
            TableMove.objects.create(
                session=session,
                round_number=2,
                registration_id=seat.registration_id,
                from_table=move.from_table,
                from_seat=move.from_seat,
                to_table=move.to_table,
                to_seat=move.to_seat,
                hand_key=hand_key,
            )
        )
    if broken:
        GameTable.objects.filter(session=session, round_number=2, number__in=broken).update(
            closed_at=timezone.now(), closed_by_hand=hand_key
        )
    if moves:
        online.after_moves(session=session, moves=moves, broken=broken)
    elif session.mode == Session.Mode.ONLINE:
        online.moves_apply(session=session)  # moves still waiting for a table between hands
    return moves, broken


def _finish(session: Session) -> None:
    """The winner is known: every player's place and points, from the elimination order."""
    season = session.season
    seats2 = list(Seat.objects.filter(session=session, round_number=2))
    winner = next(s.registration_id for s in seats2 if s.active)
    knockouts = list(KnockOut.objects.filter(session=session, undone_at__isnull=True).order_by("sequence"))
    hands = [
        [(k.registration_id, k.stack_at_hand_start) for k in group]
        for _key, group in groupby((k for k in knockouts if k.round_number == 2), key=lambda k: k.hand_key)
    ]
    placings = rules.round2_placings(
        players=len(seats2),
        eliminations=hands,
        winner=winner,
        scale=season.points_scale,
        unplaced=season.unplaced_points,
    )
    member_of = dict(Registration.objects.filter(session=session).values_list("pk", "member_id"))
    results = [
        Result(
            session=session, member_id=member_of[p.player], round_reached=2, place=p.place, points=p.points
        )
        for p in placings
    ]
    results += [
        Result(session=session, member_id=member_of[k.registration_id], round_reached=1, place=None, points=0)
        for k in knockouts
        if k.round_number == 1
    ]
    if len(results) != len(member_of):
        raise RuntimeError("every registered player must end with exactly one result")
    Result.objects.bulk_create(results)
    session.status = Session.Status.FINISHED
    session.finished_at = timezone.now()
    session.save(update_fields=["status", "finished_at"])
    # The session's epoch ends: its seed is revealed, every deal and draw of it can be checked.
    FairnessEpoch.objects.filter(pk=session.epoch_id, revealed_at__isnull=True).update(
        revealed_at=session.finished_at
    )
    online.tell(session, member_of)  # everybody's place and points


@transaction.atomic
def knockout_undo(*, knockout: KnockOut, by: AbstractBaseUser | None, reason: str) -> KnockOut:
    """Undoes a mistaken knock-out: the player sits again where he was, the tables the hand closed
    open again, and the audit log keeps who, when and why. In round 2 only the last hand can be
    undone (later balancing depends on it); after closing, nothing can."""
    if not reason.strip():
        raise ValidationError({"reason": _("Say why this knock-out is undone.")})
    session = lock(knockout.session_id)
    knockout = KnockOut.objects.select_for_update().select_related("registration__member").get(pk=knockout.pk)
    if knockout.undone_at is not None:
        raise ValidationError(_("This knock-out has already been undone."))
    if knockout.source == KnockOut.Source.ONLINE:
        raise ValidationError(_("This knock-out was played at an online table: it cannot be undone."))
    if session.status == Session.Status.CLOSED:
        raise ValidationError(_("This session is closed: its results cannot change any more."))
    if knockout.round_number == 1 and session.status != Session.Status.ROUND1:
        raise ValidationError(_("Round 2 has been drawn: round-1 knock-outs cannot be undone any more."))
    if knockout.round_number == 2:
        last = (
            KnockOut.objects.filter(session=session, round_number=2, undone_at__isnull=True)
            .order_by("-sequence")
            .first()
        )
        if last.hand_key != knockout.hand_key:
            raise ValidationError(
                _("Only the last knock-out of round 2 can be undone: undo the later ones first.")
            )
    if session.status == Session.Status.FINISHED:
        session.results.all().delete()
        session.status = Session.Status.ROUND2
        session.finished_at = None
        session.save(update_fields=["status", "finished_at"])
    hand_key = knockout.hand_key
    moves = list(
        TableMove.objects.filter(session=session, hand_key=hand_key, reverted_at__isnull=True).order_by("-pk")
    )
    now = timezone.now()
    for move in moves:
        Seat.objects.filter(
            session=session, round_number=move.round_number, registration_id=move.registration_id
        ).update(table=move.from_table, seat=move.from_seat)
        move.reverted_at = now
        move.save(update_fields=["reverted_at"])
    GameTable.objects.filter(session=session, closed_by_hand=hand_key).update(
        closed_at=None, closed_by_hand=""
    )
    Seat.objects.filter(
        session=session, round_number=knockout.round_number, registration_id=knockout.registration_id
    ).update(active=True)
    knockout.undone_at = now
    knockout.save(update_fields=["undone_at"])
    others = KnockOut.objects.filter(session=session, hand_key=hand_key, undone_at__isnull=True)
    if knockout.round_number == 1:
        left = Seat.objects.filter(session=session, round_number=1, table=knockout.table, active=True).count()
        if left <= rules.QUALIFIERS_PER_TABLE:
            GameTable.objects.filter(session=session, round_number=1, number=knockout.table).update(
                closed_at=now, closed_by_hand=hand_key
            )
    elif others.exists():
        _rebalance(session, hand_key)
    AuditEntry.objects.create(
        session=session,
        action=AuditEntry.Action.KNOCKOUT_UNDONE,
        by=by,
        reason=reason.strip(),
        details={
            "member": knockout.registration.member.nickname,
            "member_id": knockout.registration.member_id,
            "round": knockout.round_number,
            "table": knockout.table,
            "recorded_at": knockout.created_at.isoformat(),
            "moves_reverted": len(moves),
        },
    )
    return knockout


@transaction.atomic
def session_close(*, session: Session, by: AbstractBaseUser | None) -> Session:
    """Closes a finished session: its points count in the season's standings from now on."""
    session = lock(session)
    if session.status == Session.Status.CLOSED:
        raise ValidationError(_("This session is already closed."))
    if session.status != Session.Status.FINISHED:
        raise ValidationError(_("A session closes once round 2 has its winner."))
    session.status = Session.Status.CLOSED
    session.closed_at = timezone.now()
    session.closed_by = by
    session.save(update_fields=["status", "closed_at", "closed_by"])
    return session
