"""The family's physical chip set, for live play."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class ChipColour(models.Model):
    colour = models.CharField(_("colour"), max_length=30, unique=True)
    value = models.PositiveIntegerField(
        _("value"), null=True, blank=True, help_text=_("Blank: the app proposes one.")
    )
    count = models.PositiveIntegerField(_("how many"))

    class Meta:
        ordering = ["value", "-count", "colour"]
        verbose_name = _("chip colour")
        constraints = [
            models.CheckConstraint(condition=models.Q(count__gt=0), name="chip_count_positive"),
            models.CheckConstraint(
                condition=models.Q(value__isnull=True) | models.Q(value__gt=0), name="chip_value_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.colour
