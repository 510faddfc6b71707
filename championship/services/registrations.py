"""Registrations and entry fees."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from .. import session_events
from ..models import AuditEntry, Member, Registration, Session


def _lock_session(session: Session) -> Session:
    session_events.changed(session.pk)  # the TV lists the entrants
    return Session.objects.select_for_update().select_related("season").get(pk=session.pk)


def _open_session(session: Session) -> Session:
    session = _lock_session(session)
    if session.status != Session.Status.PLANNED:
        raise ValidationError(_("This session has started: registrations are closed."))
    return session


@transaction.atomic
def registration_create(*, session: Session, member: Member, by: AbstractBaseUser | None) -> Registration:
    """Registers an eligible member, once; he owes the season's entry fee."""
    session = _open_session(session)
    if not member.eligible:
        raise ValidationError(
            _("%(member)s is not eligible: only eligible members can be registered.") % {"member": member},
            code="not_eligible",
        )
    if session.mode == Session.Mode.ONLINE and member.user_id is None:
        raise ValidationError(
            _(
                "%(member)s has no account yet: an online session needs one for each player, to sit "
                "at his table. Send him an invitation link first."
            )
            % {"member": member},
            code="no_account",
        )
    if Registration.objects.filter(session=session, member=member).exists():
        raise ValidationError(
            _("%(member)s is already registered for this session.") % {"member": member}, code="registered"
        )
    try:
        with transaction.atomic():
            return Registration.objects.create(
                session=session, member=member, registered_by=by, fee=session.season.entry_fee
            )
    except IntegrityError as error:  # a concurrent registration of the same member
        raise ValidationError(
            _("%(member)s is already registered for this session.") % {"member": member}
        ) from error


@transaction.atomic
def registration_delete(*, registration: Registration, by: AbstractBaseUser | None) -> None:
    """Unregisters before the start; a fee already received is noted in the audit log."""
    session = _open_session(registration.session)
    registration = Registration.objects.select_related("member").get(pk=registration.pk)
    AuditEntry.objects.create(
        session=session,
        action=AuditEntry.Action.UNREGISTERED,
        by=by,
        details={
            "member": registration.member.nickname,
            "fee": str(registration.fee),
            "paid": registration.paid,
        },
    )
    registration.delete()


def _amount(value: Decimal | str | int) -> Decimal:
    try:
        amount = Decimal(str(value))
    except InvalidOperation as error:
        raise ValidationError({"fee": _("Enter an amount in euros.")}) from error
    if amount < 0:
        raise ValidationError({"fee": _("A fee cannot be negative.")})
    if amount != amount.quantize(Decimal("0.01")):
        raise ValidationError({"fee": _("Enter the amount to the cent.")})
    return amount


@transaction.atomic
def fee_record(
    *,
    registration: Registration,
    amount: Decimal | str | int,
    paid: bool,
    method: str = "",
    received_by: AbstractBaseUser | None = None,
    by: AbstractBaseUser | None = None,
) -> Registration:
    """Records the fee owed and whether, how and to whom it was paid."""
    amount = _amount(amount)
    _lock_session(registration.session)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if paid and method not in Registration.Method.values:
        raise ValidationError({"method": _("Say how the fee was paid: cash or transfer.")})
    if registration.session.status == Session.Status.CLOSED:
        raise ValidationError(_("This session is closed: its fees cannot change any more."))
    if registration.paid and (not paid or amount != registration.fee):
        AuditEntry.objects.create(
            session=registration.session,
            action=AuditEntry.Action.FEE_CHANGED,
            by=by,
            details={
                "member_id": registration.member_id,
                "member": registration.member.nickname,
                "before": {"fee": str(registration.fee), "paid": registration.paid},
                "after": {"fee": str(amount), "paid": paid},
            },
        )
    registration.fee = amount
    registration.paid = paid
    registration.method = method if paid else ""
    registration.received_by = (received_by or by) if paid else None
    registration.paid_at = (registration.paid_at or timezone.now()) if paid else None
    registration.save(update_fields=["fee", "paid", "method", "received_by", "paid_at"])
    return registration


@transaction.atomic
def unpaid_override(*, registration: Registration, by: AbstractBaseUser, reason: str) -> Registration:
    """Lets an unpaid entrant be seated; who, when and why are kept."""
    if not reason.strip():
        raise ValidationError({"reason": _("Say why this unpaid entrant may play.")})
    _open_session(registration.session)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.paid:
        raise ValidationError(_("This entrant has paid: no override is needed."))
    registration.unpaid_override_by = by
    registration.unpaid_override_at = timezone.now()
    registration.save(update_fields=["unpaid_override_by", "unpaid_override_at"])
    AuditEntry.objects.create(
        session=registration.session,
        action=AuditEntry.Action.UNPAID_SEATED,
        by=by,
        reason=reason.strip(),
        details={"member_id": registration.member_id},
    )
    return registration


def _member_of(user: AbstractBaseUser) -> Member:
    member = Member.objects.filter(user=user).first() if user.is_authenticated else None
    if member is None:
        raise ValidationError(
            _("Your account is not linked to a member of the family: ask the organizer to register you.")
        )
    return member


def registration_self(*, session: Session, user: AbstractBaseUser) -> Registration:
    """A member registers himself while registration is open; he owes the fee, unpaid, until the
    organizer records it. The same rules as the organizer's registration hold."""
    return registration_create(session=session, member=_member_of(user), by=user)


@transaction.atomic
def registration_withdraw(*, session: Session, user: AbstractBaseUser) -> None:
    """A member withdraws himself, until the session starts (a fee already paid is noted in the
    audit log, as when the organizer unregisters him)."""
    member = _member_of(user)
    session = _open_session(session)
    registration = Registration.objects.filter(session=session, member=member).first()
    if registration is None:
        raise ValidationError(_("You are not registered for this session."))
    registration_delete(registration=registration, by=user)
