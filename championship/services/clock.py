"""The session clock: pause, resume, change level. The blinds every table reads come from here."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import rules
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
    clock.elapsed += max(0.0, (clock.paused_at - clock.started_at).total_seconds())
    clock.started_at, clock.paused_at = now, None
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
    clock.level, clock.elapsed, clock.started_at = level, 0.0, now
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


def session_blinds(session_pk: int) -> tuple[int, int, int]:
    """(small blind, big blind, ante) now, for the session's tables."""
    clock = SessionClock.objects.select_related("session__season").get(session_id=session_pk)
    season = clock.session.season
    return rules.level_at(season.levels, clock.reading(level_seconds=season.level_seconds).level)


def blinds_for_provider(key: str) -> tuple[int, int, int]:
    """The poker tables' blind provider: key "championship:<session pk>"."""
    return session_blinds(int(key.split(":", 1)[1]))
