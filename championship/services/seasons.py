"""Writes on seasons and the dates of their sessions."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from poker.models import FairnessEpoch

from .. import rules
from ..models import Season, Session

SETTINGS = (
    "entry_fee",
    "starting_stack",
    "points_scale",
    "unplaced_points",
    "levels",
    "level_minutes",
    "round2_reset_stacks",
    "action_seconds",
)
DEFAULT_SESSION_TIME = time(15, 0)


def _level_error(error: rules.RuleError) -> str:
    """The rules' refusal of a blind level, in the user's language."""
    texts = {
        "levels_empty": _("At least one blind level is needed."),
        "level_shape": _("Level %(level)s: give the small blind, the big blind and the ante."),
        "level_double": _("Level %(level)s: the big blind must be twice the small blind."),
        "level_ante": _("Level %(level)s: the ante must be between 0 and the big blind."),
        "level_down": _("Level %(level)s: the blinds must not go down."),
    }
    return texts.get(error.code, _("These blind levels are not valid.")) % error.params


def _validate(values: dict[str, Any]) -> None:
    errors: dict[str, list[str]] = {}
    fee = values.get("entry_fee")
    if fee is not None and Decimal(fee) < 0:
        errors["entry_fee"] = [_("The entry fee cannot be negative.")]
    if "points_scale" in values or "unplaced_points" in values:
        try:
            rules.validate_points_scale(values["points_scale"], int(values["unplaced_points"]))
        except rules.RuleError:
            errors["points_scale"] = [
                _(
                    "The points must not increase from one place to the next, and the other round-2 "
                    "players cannot get more than the last ranked place."
                )
            ]
    if "levels" in values:
        try:
            rules.validate_levels(values["levels"])
        except rules.RuleError as error:
            errors["levels"] = [_level_error(error)]
    for name in ("starting_stack", "level_minutes", "action_seconds"):
        if name in values and int(values[name]) <= 0:
            errors[name] = [_("This must be more than zero.")]
    if errors:
        raise ValidationError(errors)


def _at(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, DEFAULT_SESSION_TIME))


@transaction.atomic
def season_create(*, name: str, starts_on: date, sessions: int = 6, **settings: Any) -> Season:
    """A new season with its settings; its sessions are proposed every two months from the first
    date (the organizer adjusts each date afterwards)."""
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise TypeError(f"unknown season settings: {sorted(unknown)}")
    values = {
        "points_scale": list(rules.DEFAULT_POINTS_SCALE),
        "unplaced_points": rules.DEFAULT_UNPLACED_POINTS,
        **settings,
    }
    _validate(values)
    if Season.objects.filter(name__iexact=name).exists():
        raise ValidationError({"name": _("A season with this name exists already.")})
    if not 1 <= sessions <= 12:
        raise ValidationError({"sessions": _("A season has between 1 and 12 sessions.")})
    dates = rules.session_dates(starts_on, sessions)
    season = Season.objects.create(name=name, starts_on=starts_on, last_session_number=len(dates), **values)
    epochs = FairnessEpoch.objects.bulk_create(FairnessEpoch.fresh(FairnessEpoch.Kind.SESSION) for _ in dates)
    Session.objects.bulk_create(
        Session(season=season, number=i, scheduled_at=_at(day), epoch=epoch)
        for i, (day, epoch) in enumerate(zip(dates, epochs), start=1)
    )
    return season


@transaction.atomic
def season_update(*, season: Season, **fields: Any) -> Season:
    """Changes settings. Points and levels already used by a closed session stay as they were
    computed: results are stored per session."""
    unknown = set(fields) - set(SETTINGS) - {"name", "starts_on"}
    if unknown:
        raise TypeError(f"unknown season fields: {sorted(unknown)}")
    merged = {"points_scale": season.points_scale, "unplaced_points": season.unplaced_points, **fields}
    _validate(merged)
    if "name" in fields and Season.objects.filter(name__iexact=fields["name"]).exclude(pk=season.pk).exists():
        raise ValidationError({"name": _("A season with this name exists already.")})
    for name, value in fields.items():
        setattr(season, name, value)
    season.save(update_fields=list(fields))
    return season


@transaction.atomic
def session_create(
    *, season: Season, scheduled_at: datetime, mode: str = Session.Mode.LIVE, ready_seconds: int = 120
) -> Session:
    """A new session takes the season's next number and keeps it, whatever its date: the sessions
    seen before keep theirs (their names on the notices, the shared links, the calendars)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    # (A session written without this service, a fixture or the shell, cannot make it collide.)
    highest = season.sessions.aggregate(n=Max("number"))["n"] or 0
    season.last_session_number = max(season.last_session_number, highest) + 1
    season.save(update_fields=["last_session_number"])
    return Session.objects.create(
        season=season,
        number=season.last_session_number,
        scheduled_at=scheduled_at,
        mode=mode,
        ready_seconds=ready_seconds,
    )


@transaction.atomic
def session_update(
    *,
    session: Session,
    scheduled_at: datetime | None = None,
    mode: str | None = None,
    ready_seconds: int | None = None,
) -> Session:
    """The organizer adjusts the date or the mode of a session not yet started; its number stays."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("This session has started: its date and mode cannot change any more."))
    changed = []
    if scheduled_at is not None:
        if scheduled_at != session.scheduled_at:
            # The calendars that hold it take the new date (championship.calendar).
            session.sequence += 1
            changed.append("sequence")
        session.scheduled_at = scheduled_at
        changed.append("scheduled_at")
    if mode is not None:
        if mode not in Session.Mode.values:
            raise ValidationError({"mode": _("Unknown mode.")})
        session.mode = mode
        changed.append("mode")
    if ready_seconds is not None:
        session.ready_seconds = ready_seconds
        changed.append("ready_seconds")
    session.save(update_fields=changed)
    return session
