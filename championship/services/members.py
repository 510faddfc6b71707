"""Writes on members and invitations. Views call these; nothing else changes members."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from ..models import Invitation, Member, nickname_key


def _check_nickname_free(nickname: str, *, exclude_pk: int | None = None) -> None:
    taken = Member.objects.filter(nickname_key=nickname_key(nickname))
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise ValidationError(
            {"nickname": _("The nickname “%(nickname)s” is already taken.") % {"nickname": nickname}}
        )


@transaction.atomic
def member_create(*, full_name: str, nickname: str, branch: str = "", eligible: bool = True) -> Member:
    _check_nickname_free(nickname)
    return Member.objects.create(full_name=full_name, nickname=nickname, branch=branch, eligible=eligible)


@transaction.atomic
def member_update(*, member: Member, **fields: object) -> Member:
    if "nickname" in fields:
        _check_nickname_free(str(fields["nickname"]), exclude_pk=member.pk)
    for name, value in fields.items():
        setattr(member, name, value)
    member.save(update_fields=list(fields))
    return member


@transaction.atomic
def invitation_create(*, member: Member, created_by: AbstractBaseUser) -> tuple[Invitation, str]:
    """A new single-use link for the member; returns the invitation and the raw token (shown once)."""
    if member.user_id is not None:
        raise ValidationError(_("%(member)s already has an account.") % {"member": member})
    return Invitation.issue(
        lasts=timedelta(days=settings.INVITATION_DAYS), created_by=created_by, member=member
    )


def invitation_find(token: str) -> Invitation | None:
    """The usable invitation behind a token, or None (unknown, used, or expired)."""
    invitation = Invitation.find(token, with_related=("member",))
    if invitation is None or invitation.member.user_id is not None:
        return None
    return invitation


@transaction.atomic
def invitation_accept(*, token: str, username: str, password: str) -> AbstractBaseUser:
    """Creates the member's account from the link, and spends the link."""
    invitation = invitation_find(token)
    if invitation is None:
        raise ValidationError(
            _("This invitation link is not valid any more: ask the organizer for a new one.")
        )
    # Spent first, its row locked: two clicks on the same link must not create two accounts.
    if not invitation.spend():
        raise ValidationError(_("This invitation link has already been used."))
    member = invitation.member
    user = get_user_model().objects.create_user(
        username=username, password=password, first_name=member.nickname
    )
    member.user = user
    member.save(update_fields=["user"])
    return user


@transaction.atomic
def member_merge(*, keep: Member, duplicate: Member, by: AbstractBaseUser | None) -> Member:
    """Merges two records of the same person: registrations, results and invitations move to
    `keep`, who also takes the account if he has none; the duplicate record goes."""
    from ..models import AuditEntry, Registration, Result
    from ..statistics import record

    if keep.pk == duplicate.pk:
        raise ValidationError(_("Choose another member to merge."))
    keep, duplicate = (
        Member.objects.select_for_update().get(pk=keep.pk),
        Member.objects.select_for_update().get(pk=duplicate.pk),
    )
    shared = Registration.objects.filter(member=keep, session__registrations__member=duplicate)
    if shared.exists():
        raise ValidationError(
            _("%(a)s and %(b)s played the same session: they cannot be the same person.")
            % {"a": keep, "b": duplicate}
        )
    moved_registrations = Registration.objects.filter(member=duplicate).update(member=keep)
    moved_results = Result.objects.filter(member=duplicate).update(member=keep)
    Invitation.objects.filter(member=duplicate).update(member=keep)
    record.merge_member(keep, duplicate)  # his statistics (docs/statistics.md)
    user = duplicate.user
    details = {
        "kept": keep.nickname,
        "merged": duplicate.nickname,
        "merged_full_name": duplicate.full_name,
        "registrations": moved_registrations,
        "results": moved_results,
    }
    duplicate.delete()
    if keep.user_id is None and user is not None:
        keep.user = user
        keep.save(update_fields=["user"])
    AuditEntry.objects.create(action=AuditEntry.Action.MEMBERS_MERGED, by=by, details=details)
    return keep
