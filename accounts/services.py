"""Writes and reads on accounts: password-reset links and login lockouts (django-axes)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from axes.models import AccessAttempt
from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import PasswordReset


@transaction.atomic
def password_reset_create(
    *, user: AbstractBaseUser, created_by: AbstractBaseUser
) -> tuple[PasswordReset, str]:
    """A new one-time link for the account; returns it and the raw token (shown once). The
    account's earlier unused links stop working: only the newest one shared is valid."""
    PasswordReset.objects.filter(user=user, used_at__isnull=True).update(expires_at=timezone.now())
    return PasswordReset.issue(
        lasts=timedelta(hours=settings.PASSWORD_RESET_HOURS), created_by=created_by, user=user
    )


def password_reset_find(token: str) -> PasswordReset | None:
    """The usable reset behind a token, or None (unknown, used, expired or replaced)."""
    reset = PasswordReset.find(token, with_related=("user",))
    if reset is None or not reset.user.is_active:
        return None
    return reset


@transaction.atomic
def password_reset_use(*, token: str, password: str) -> AbstractBaseUser:
    """Sets the account's new password and spends the link. The new password hash ends every
    session of the account opened before (Django checks the session's password hash on each
    request and at each websocket connection), and the account's login lockout is lifted."""
    reset = password_reset_find(token)
    if reset is None:
        raise ValidationError(_("This link is not valid any more: ask the organizer for a new one."))
    # Spent first, its row locked: two submissions of the same link must not both set a password
    # (a password refused below undoes it with the transaction).
    if not reset.spend():
        raise ValidationError(_("This link has already been used."))
    user = reset.user
    validate_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    axes_reset(username=user.get_username())
    return user


@dataclass(frozen=True)
class Lockout:
    """Logins refused for a username or for an address until ``until``."""

    username: str | None
    ip_address: str | None
    failures: int
    until: datetime


def lockouts() -> list[Lockout]:
    """The usernames and the addresses locked out now, newest first."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    recent = AccessAttempt.objects.filter(attempt_time__gte=since)
    found: list[Lockout] = []
    limits = {"username": settings.AXES_FAILURE_LIMIT, "ip_address": settings.LOGIN_ADDRESS_FAILURE_LIMIT}
    for field, limit in limits.items():
        rows = (
            recent.exclude(**{f"{field}__isnull": True})
            .values(field)
            .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
            .filter(failures__gte=limit)
        )
        for row in rows:
            found.append(
                Lockout(
                    username=row[field] if field == "username" else None,
                    ip_address=row[field] if field == "ip_address" else None,
                    failures=row["failures"],
                    until=row["last"] + settings.AXES_COOLOFF_TIME,
                )
            )
    return sorted(found, key=lambda lock: lock.until, reverse=True)


def lockout_clear(*, username: str | None = None, ip_address: str | None = None) -> int:
    """Lets the username (or the address) log in again at once; returns the failures forgotten."""
    if not username and not ip_address:
        raise ValidationError(_("Choose an account or an address to unlock."))
    return axes_reset(username=username or None, ip=ip_address or None)
