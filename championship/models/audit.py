"""The audit log: every correction and override, with who, when and why; and what the organizer
announced to every table."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .sessions import Session


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        KNOCKOUT_UNDONE = "knockout_undone", _("knock-out undone")
        UNPAID_SEATED = "unpaid_seated", _("unpaid entrant allowed to play")
        FEE_CHANGED = "fee_changed", _("fee changed")
        UNREGISTERED = "unregistered", _("registration cancelled")
        CLOCK = "clock", _("clock changed")
        MEMBERS_MERGED = "members_merged", _("members merged")
        RANDOM_DRAW = "random_draw", _("random draw")  # its label in details (docs/fairness.md)
        ANNOUNCEMENT = "announcement", _("announcement sent")  # its text in details (announcements)

    session = models.ForeignKey(
        Session, null=True, blank=True, on_delete=models.CASCADE, related_name="audit"
    )
    action = models.CharField(max_length=20, choices=Action.choices)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"
