"""A session (séance): one evening of the championship, in two rounds."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from poker.models import FairnessEpoch

from .seasons import Season


class Session(models.Model):
    class Mode(models.TextChoices):
        LIVE = "live", _("live, at physical tables")
        ONLINE = "online", _("online tables")

    class Status(models.TextChoices):
        PLANNED = "planned", _("registration open")
        ROUND1 = "round1", _("round 1")
        ROUND2 = "round2", _("round 2")
        FINISHED = "finished", _("finished, to be closed")
        CLOSED = "closed", _("closed")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="sessions", verbose_name=_("season")
    )
    number = models.PositiveIntegerField(_("number"))
    scheduled_at = models.DateTimeField(_("date"))
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices, default=Mode.LIVE)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    # Online: the first hand of each round waits this long at most for players to open their table.
    ready_seconds = models.PositiveIntegerField(_("get-ready countdown (seconds)"), default=120)
    # The version of its calendar event (RFC 5545 SEQUENCE, championship.calendar): raised with
    # each change of its date, in the same transaction.
    sequence = models.PositiveIntegerField(default=0)
    started_at = models.DateTimeField(null=True, blank=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    finished_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The session's committed secret for its draws and deals (docs/fairness.md), made with it.
    epoch = models.OneToOneField(
        "poker.FairnessEpoch", null=True, blank=True, on_delete=models.PROTECT, related_name="session"
    )

    class Meta:
        ordering = ["scheduled_at", "number"]
        verbose_name = _("session")
        constraints = [
            models.UniqueConstraint(fields=["season", "number"], name="session_number_unique_in_season"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="session_number_positive"),
            models.CheckConstraint(
                condition=models.Q(ready_seconds__gte=10, ready_seconds__lte=900),
                name="session_ready_10s_to_15min",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season} – {self.label}"

    def save(self, *args, **kwargs) -> None:
        if self.epoch_id is None:  # committed when the session is created (docs/fairness.md)
            self.epoch = FairnessEpoch.objects.create(kind=FairnessEpoch.Kind.SESSION)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("session_detail", args=[self.pk])

    @property
    def label(self) -> str:
        return _("Session %(number)s") % {"number": self.number}

    @property
    def round_number(self) -> int | None:
        return {self.Status.ROUND1: 1, self.Status.ROUND2: 2}.get(self.status)

    @property
    def is_open_for_registration(self) -> bool:
        return self.status == self.Status.PLANNED

    @property
    def is_running(self) -> bool:
        return self.status in (self.Status.ROUND1, self.Status.ROUND2)
