"""The family: members of the championship and the invitations that give them an account."""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from accounts.models import OneTimeLink


def nickname_key(nickname: str) -> str:
    """What makes two nicknames the same: case folded (É = é, ß = ss) and Unicode-normalised (an é
    typed as e + accent is é), computed here because SQLite's lower() folds ASCII only."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", nickname).casefold()).strip()


class Member(models.Model):
    """A person of the family. Only eligible members (descendants of Rainizafimanga) can enter."""

    full_name = models.CharField(_("full name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=40)
    # Unique: the database refuses a second "Zoé" spelled "ZOÉ" on every backend (see save()).
    nickname_key = models.CharField(max_length=120, editable=False)
    branch = models.CharField(_("family branch"), max_length=80, blank=True)
    eligible = models.BooleanField(
        _("eligible"), default=True, help_text=_("A descendant of Rainizafimanga, who may enter sessions.")
    )
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="member",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("nickname")]
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["nickname_key"], name="member_nickname_key_unique"),
            models.CheckConstraint(condition=~models.Q(full_name=""), name="member_full_name_not_empty"),
            models.CheckConstraint(condition=~models.Q(nickname=""), name="member_nickname_not_empty"),
        ]
        permissions = [("manage_championship", _("Can run the championship: members, sessions and fees"))]

    def __str__(self) -> str:
        return self.nickname

    def save(self, *args, **kwargs):
        self.nickname_key = nickname_key(self.nickname)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "nickname" in update_fields:
            kwargs["update_fields"] = {*update_fields, "nickname_key"}
        super().save(*args, **kwargs)


class Invitation(OneTimeLink):
    """A one-time link with which a member chooses a username and password (accounts.models
    OneTimeLink: the token, its expiry, spent once)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="invitations")

    class Meta(OneTimeLink.Meta):
        verbose_name = _("invitation")

    def __str__(self) -> str:
        return f"{self.member} ({self.created_at:%Y-%m-%d})"
