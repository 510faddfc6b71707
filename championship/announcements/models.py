"""An announcement of a session, as the organizer sent it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

MAX_LENGTH = 280  # a text message's length: read in one glance on a phone's bar


class Announcement(models.Model):
    session = models.ForeignKey(
        "championship.Session", on_delete=models.CASCADE, related_name="announcements"
    )
    text = models.CharField(_("announcement"), max_length=MAX_LENGTH)
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        app_label = "championship"
        ordering = ["-at", "-pk"]
        verbose_name = _("announcement")
        constraints = [
            models.CheckConstraint(condition=~models.Q(text=""), name="announcement_text_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.text[:40]}"

    def as_data(self) -> dict:
        """What a page needs to draw it (static/js/announcement.js): its id orders and dismisses."""
        return {"id": self.pk, "text": self.text}
