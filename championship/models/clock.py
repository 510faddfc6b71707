"""The session's clock, shared by every table: stored as a state every process reads the same."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from .. import rules
from .sessions import Session


class SessionClock(models.Model):
    """`level` the clock was set to (0-based), `elapsed` seconds played since then before
    `started_at` (the last start or resume), `paused_at` set while paused."""

    session = models.OneToOneField(Session, on_delete=models.CASCADE, related_name="clock")
    level = models.PositiveIntegerField(default=0)
    elapsed = models.FloatField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(elapsed__gte=0), name="clock_elapsed_not_negative"),
        ]

    def __str__(self) -> str:
        return f"clock of {self.session_id}"

    def reading(self, *, level_seconds: int, now=None) -> rules.ClockReading:
        now = now or timezone.now()
        return rules.clock_reading(
            level=self.level,
            elapsed=self.elapsed,
            started_at=self.started_at.timestamp() if self.started_at else None,
            paused_at=self.paused_at.timestamp() if self.paused_at else None,
            now=now.timestamp(),
            level_seconds=level_seconds,
        )
