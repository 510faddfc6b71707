"""Who is in a table's voice room now: one row per open voice socket.

The room's roster is shared by every web process (a newcomer's ``welcome`` lists the members served
by the other processes too), so it lives in the database, not in a process's memory. A row is
deleted when its socket closes; a process that died leaves rows behind, which stop counting once
``seen_at`` (touched at each membership check, every few seconds) is old (``rooms.STALE``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class VoiceMember(models.Model):
    class Role(models.TextChoices):
        SPEAKER = "speaker"
        LISTENER = "listener"

    table = models.ForeignKey("poker.Table", on_delete=models.CASCADE, related_name="voice_members")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    peer = models.CharField(max_length=32, unique=True)  # opaque, random, per connection
    channel_name = models.CharField(max_length=200)  # where the signals for this peer are sent
    role = models.CharField(max_length=10, choices=Role)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    mic = models.BooleanField(default=False)
    cam = models.BooleanField(default=False)
    seen_at = models.DateTimeField()

    class Meta:
        app_label = "poker"
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.table_id} {self.peer}"
