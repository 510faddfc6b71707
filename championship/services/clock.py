"""The session clock: its start with a round's first deal, pause, resume, change level. The blinds
every table reads come from here.

Online, a round's clock waits for the round's first hand (``clock_first_deal``): the get-ready
countdown, while the players open their tables, does not eat level 1. Live, the organizer deals as he
presses Start, and the clock starts then (services.sessions)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import rules, session_events
from ..models import AuditEntry, Session, SessionClock
from . import online
from .sessions import lock

MAX_LEVEL = 100  # levels people can jump to (1-based); the blinds double after the season's list


def _clock(session: Session) -> SessionClock:
    if not session.is_running:
        raise ValidationError(_("The clock runs while a round is being played."))
    return SessionClock.objects.select_for_update().get(session=session)


@transaction.atomic
def clock_pause(*, session: Session, by: AbstractBaseUser | None) -> SessionClock:
    session = lock(session)
    clock = _clock(session)
    if clock.paused_at is not None:
        raise ValidationError(_("The clock is already paused."))
    clock.paused_at = timezone.now()
    clock.save(update_fields=["paused_at"])
    online.tables_pause(session=session)
    return clock


@transaction.atomic
def clock_resume(*, session: Session, by: AbstractBaseUser | None) -> SessionClock:
    session = lock(session)
    clock = _clock(session)
    if clock.paused_at is None:
        raise ValidationError(_("The clock is running."))
    now = timezone.now()
    if clock.started_at is not None:
        clock.elapsed += max(0.0, (clock.paused_at - clock.started_at).total_seconds())
        clock.started_at = now
    elif online.round_dealt(session):  # its first hand was dealt during the pause
        clock.started_at = now
    clock.paused_at = None
    clock.save(update_fields=["elapsed", "started_at", "paused_at"])
    online.tables_resume(session=session)
    return clock


@transaction.atomic
def clock_set_level(*, session: Session, level: int, by: AbstractBaseUser | None) -> SessionClock:
    """Jumps to the start of a level (0-based); a paused clock stays paused."""
    session = lock(session)
    clock = _clock(session)
    if not 0 <= level < MAX_LEVEL:
        raise ValidationError(_("No such level."))
    now = timezone.now()
    before = clock.reading(level_seconds=session.season.level_seconds, now=now).level
    clock.level, clock.elapsed = level, 0.0
    if clock.started_at is not None:  # else it still waits for the round's first deal
        clock.started_at = now
    if clock.paused_at is not None:
        clock.paused_at = now
    clock.save(update_fields=["level", "elapsed", "started_at", "paused_at"])
    AuditEntry.objects.create(
        session=session,
        action=AuditEntry.Action.CLOCK,
        by=by,
        details={"from_level": before + 1, "to_level": level + 1},
    )
    return clock


def clock_first_deal(*, session_id: int) -> bool:
    """A table of the session dealt the first hand of a round: the clock starts now, unless it runs
    already (another table dealt first) or the organizer paused it. One statement, no lock: the
    hand's own transaction has committed (receivers.on_hand_dealt)."""
    started = SessionClock.objects.filter(
        session_id=session_id, started_at__isnull=True, paused_at__isnull=True
    ).update(started_at=timezone.now())
    if started:
        session_events.changed(session_id)
    return bool(started)


def session_blinds(session_pk: int) -> tuple[int, int, int]:
    """(small blind, big blind, ante) now, for the session's tables."""
    clock = SessionClock.objects.select_related("session__season").get(session_id=session_pk)
    season = clock.session.season
    return rules.level_at(season.levels, clock.reading(level_seconds=season.level_seconds).level)


def blinds_for_provider(key: str) -> tuple[int, int, int]:
    """The poker tables' blind provider: key "championship:<session pk>"."""
    return session_blinds(int(key.split(":", 1)[1]))
