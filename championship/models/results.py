"""Knock-outs (the elimination order, with undo) and each player's result of a session."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .registrations import Registration
from .sessions import Session


class KnockOut(models.Model):
    """A player out of the session. Players out in the same hand share `hand_key` and keep their
    stacks at the start of that hand. Undone knock-outs stay, marked, for the audit log."""

    class Source(models.TextChoices):
        LIVE = "live", _("recorded by the organizer")
        ONLINE = "online", _("online table")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="knockouts")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="knockouts")
    round_number = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    sequence = models.PositiveIntegerField()
    hand_key = models.CharField(max_length=40)
    stack_at_hand_start = models.PositiveIntegerField(null=True, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.LIVE)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    undone_at = models.DateTimeField(null=True, blank=True)
    # Who knocked him out (docs/statistics.md): online, who won the largest part of his last chips
    # (several on a tie); live, whom the organizer names, if he does.
    knocked_out_by = models.ManyToManyField(
        Registration, blank=True, related_name="knockouts_made", verbose_name=_("knocked out by")
    )

    class Meta:
        ordering = ["sequence"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "registration"],
                condition=models.Q(undone_at__isnull=True),
                name="knockout_once_per_player",
            ),
            models.UniqueConstraint(fields=["session", "sequence"], name="knockout_sequence_unique"),
            models.CheckConstraint(condition=models.Q(round_number__in=[1, 2]), name="knockout_round_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.member} out (round {self.round_number}, table {self.table})"

    @property
    def is_active(self) -> bool:
        return self.undone_at is None


class Result(models.Model):
    """A player's result in a finished session: his place (None: out in round 1) and points."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="results")
    member = models.ForeignKey("championship.Member", on_delete=models.PROTECT, related_name="results")
    round_reached = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["session", models.F("place").asc(nulls_last=True)]
        constraints = [
            models.UniqueConstraint(fields=["session", "member"], name="result_once_per_player"),
            models.CheckConstraint(
                condition=models.Q(round_reached=1, place__isnull=True, points=0)
                | models.Q(round_reached=2, place__gte=1),
                name="result_round1_no_points_round2_placed",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member}: {self.place or '-'} ({self.points})"
