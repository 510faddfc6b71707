"""The members the pages list, and what the member logged in may do about his own registration."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from .. import confirmations
from ..models import Member, Registration, Session


def member_list() -> QuerySet[Member]:
    return Member.objects.select_related("user")


@dataclass
class SelfRegistration:
    """What the logged-in member may do about his own registration to a session."""

    session: Session
    member: Member
    registration: Registration | None

    @property
    def is_open(self) -> bool:
        return self.session.is_open_for_registration

    @property
    def can_register(self) -> bool:
        return self.is_open and self.registration is None and self.member.eligible

    @property
    def can_withdraw(self) -> bool:
        return self.is_open and self.registration is not None

    @property
    def withdraw_question(self):
        """A paid registration asks before it goes (championship.confirmations)."""
        if self.registration is None or not self.registration.paid:
            return None
        return confirmations.registration_withdraw(self.registration, self.session)


def self_registration(session: Session | None, user) -> SelfRegistration | None:
    """None unless the user is a member of the family (an account linked to a member record)."""
    if session is None or not user.is_authenticated:
        return None
    member = Member.objects.filter(user=user).first()
    if member is None:
        return None
    registration = Registration.objects.filter(session=session, member=member).first()
    return SelfRegistration(session=session, member=member, registration=registration)
