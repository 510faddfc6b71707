"""Accounts' records: the one-time links the organizer hands out (there is no e-mail), password
resets among them, and each player's card settings."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Self

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


def token_hash(token: str) -> str:
    """What is stored of a link's token: its SHA-256, so that a copy of the database cannot be
    turned into working links."""
    return hashlib.sha256(token.encode()).hexdigest()


class OneTimeLink(models.Model):
    """A link shown once to the organizer, who shares it by hand: it works until it expires, once.
    One mechanism for every such link (an invitation to make an account, a password reset): the
    token is made, hashed, found and spent here."""

    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at"]

    @property
    def is_usable(self) -> bool:
        return self.used_at is None and self.expires_at > timezone.now()

    @classmethod
    def issue(cls, *, lasts: timedelta, created_by, **fields) -> tuple[Self, str]:
        """A new link; returns it and its raw token, which is stored nowhere (show it once)."""
        token = secrets.token_urlsafe(32)
        link = cls.objects.create(
            token_hash=token_hash(token),
            created_by=created_by,
            expires_at=timezone.now() + lasts,
            **fields,
        )
        return link, token

    @classmethod
    def find(cls, token: str, *, with_related: tuple[str, ...] = ()) -> Self | None:
        """The usable link behind a token, or None (unknown, used or expired)."""
        link = cls.objects.select_related(*with_related).filter(token_hash=token_hash(token)).first()
        return link if link is not None and link.is_usable else None

    def spend(self) -> bool:
        """Marks the link used; False if it was already. The update locks the row until the
        caller's transaction ends, so of two submissions of one link only the first goes on."""
        spent = type(self).objects.filter(pk=self.pk, used_at__isnull=True).update(used_at=timezone.now())
        return spent == 1


class PasswordReset(OneTimeLink):
    """A link with which a member sets a new password."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta(OneTimeLink.Meta):
        verbose_name = _("password reset")

    def __str__(self) -> str:
        return f"{self.user} ({self.created_at:%Y-%m-%d})"


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
