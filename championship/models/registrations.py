"""Registrations of members to a session, with the entry fee each owes and how it was paid."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .members import Member
from .sessions import Session


class Registration(models.Model):
    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        TRANSFER = "transfer", _("transfer")

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="registrations")
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="registrations")
    registered_at = models.DateTimeField(auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    fee = models.DecimalField(_("fee (EUR)"), max_digits=8, decimal_places=2, default=Decimal("0"))
    paid = models.BooleanField(_("paid"), default=False)
    method = models.CharField(_("paid by"), max_length=10, choices=Method.choices, blank=True)
    received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("received by"),
    )
    paid_at = models.DateTimeField(null=True, blank=True)
    # An unpaid entrant may be seated only when an organizer says so; who and when are kept.
    unpaid_override_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    unpaid_override_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["member__nickname"]
        verbose_name = _("registration")
        constraints = [
            models.UniqueConstraint(fields=["session", "member"], name="registration_once_per_session"),
            models.CheckConstraint(condition=models.Q(fee__gte=0), name="registration_fee_not_negative"),
            models.CheckConstraint(
                condition=models.Q(paid=False) | ~models.Q(method=""), name="registration_paid_has_method"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member} @ {self.session}"

    @property
    def may_be_seated(self) -> bool:
        return self.paid or self.unpaid_override_at is not None
