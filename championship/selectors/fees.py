"""The fees: a session's registrations and the totals of its fees, and a season's."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from .. import rules
from ..models import Registration, Season, Session


@dataclass
class FeeTotals:
    entrants: int
    paid_count: int
    expected: Decimal
    paid: Decimal
    unpaid: Decimal
    cash: Decimal
    transfer: Decimal


def _fee_totals(registrations: list[Registration]) -> FeeTotals:
    expected, paid, unpaid = rules.fee_totals((r.fee, r.paid) for r in registrations)
    by_method = defaultdict(Decimal)
    for r in registrations:
        if r.paid:
            by_method[r.method] += r.fee
    return FeeTotals(
        entrants=len(registrations),
        paid_count=sum(1 for r in registrations if r.paid),
        expected=expected,
        paid=paid,
        unpaid=unpaid,
        cash=by_method[Registration.Method.CASH],
        transfer=by_method[Registration.Method.TRANSFER],
    )


def session_registrations(session: Session) -> list[Registration]:
    return list(session.registrations.select_related("member", "received_by", "unpaid_override_by"))


def session_fee_totals(session: Session, registrations: list[Registration] | None = None) -> FeeTotals:
    return _fee_totals(registrations if registrations is not None else session_registrations(session))


def season_fees(season: Season) -> tuple[list[tuple[Session, FeeTotals]], FeeTotals]:
    """Fee totals per session and for the season: 2 queries."""
    sessions = list(season.sessions.all())
    registrations = list(Registration.objects.filter(session__season=season))
    by_session = defaultdict(list)
    for registration in registrations:
        by_session[registration.session_id].append(registration)
    return [(s, _fee_totals(by_session[s.pk])) for s in sessions], _fee_totals(registrations)
