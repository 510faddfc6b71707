"""Password resets handed out by the organizer (there is no e-mail): a one-time, expiring link."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PasswordReset(models.Model):
    """A link with which a member sets a new password. Like an invitation, only a hash of the token
    is stored: the link is shown once to the organizer, who shares it by hand."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("password reset")

    def __str__(self) -> str:
        return f"{self.user} ({self.created_at:%Y-%m-%d})"

    @property
    def is_usable(self) -> bool:
        return self.used_at is None and self.expires_at > timezone.now()


class DeckSettings(models.Model):
    """How a player likes his cards drawn, at every table and replay: a four-colour deck (spades
    black, hearts red, diamonds blue, clubs green) tells a flush at a glance, bigger cards read on a
    small phone. A player without a row has the classic deck at its usual size."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck")
    four_colours = models.BooleanField(_("four-colour deck"), default=False)
    big_cards = models.BooleanField(_("bigger cards"), default=False)

    class Meta:
        verbose_name = _("card settings")

    def __str__(self) -> str:
        return f"{self.user}: four colours {self.four_colours}, big cards {self.big_cards}"

    def body_classes(self) -> str:
        return " ".join(
            name for name, on in (("deck-four", self.four_colours), ("cards-big", self.big_cards)) if on
        )
