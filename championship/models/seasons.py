"""A season: one championship, its settings, and its sessions every two months."""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from .. import rules


def _default_points_scale() -> list[int]:
    return list(rules.DEFAULT_POINTS_SCALE)


class Season(models.Model):
    name = models.CharField(_("name"), max_length=80, unique=True)
    starts_on = models.DateField(_("first session"))
    entry_fee = models.DecimalField(
        _("entry fee (EUR)"), max_digits=8, decimal_places=2, default=Decimal("1")
    )
    starting_stack = models.PositiveIntegerField(_("starting stack"), default=rules.DEFAULT_STARTING_STACK)
    points_scale = models.JSONField(_("points by place"), default=_default_points_scale)
    unplaced_points = models.PositiveIntegerField(
        _("points for the other round-2 players"), default=rules.DEFAULT_UNPLACED_POINTS
    )
    levels = models.JSONField(_("blind levels"), default=rules.default_levels)
    level_minutes = models.PositiveIntegerField(_("minutes per level"), default=rules.DEFAULT_LEVEL_MINUTES)
    round2_reset_stacks = models.BooleanField(_("reset the stacks for round 2"), default=True)
    action_seconds = models.PositiveIntegerField(_("seconds to act (online)"), default=30)
    # The highest session number given in this season. A session keeps its number for good (its
    # name on the pages, the notices, the calendars and the exports): a new one takes the next, and
    # the number of a deleted one is never given again.
    last_session_number = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-pk"]
        verbose_name = _("season")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(entry_fee__gte=0), name="season_entry_fee_not_negative"
            ),
            models.CheckConstraint(
                condition=models.Q(starting_stack__gt=0), name="season_starting_stack_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(level_minutes__gt=0), name="season_level_minutes_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(action_seconds__gt=0), name="season_action_seconds_positive"
            ),
            models.CheckConstraint(condition=~models.Q(name=""), name="season_name_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("standings_season", args=[self.pk])

    @property
    def level_seconds(self) -> int:
        return self.level_minutes * 60
