"""A session's random draws in its epoch's record (docs/fairness.md): each round's seat draw as
drawn (the members by table and seat, before any move), and the labels of its balancing moves,
for ``poker.fairness.record``, which the championship feeds through ``register_draws``."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from poker.engine import fairness
from poker.fairness.record import EpochOwner

from .models import AuditEntry, Seat, Session


def session_draws(epoch) -> dict[str, list[dict[str, Any]]]:
    session = Session.objects.filter(epoch=epoch).first()
    if session is None:
        return {"draws": [], "balancing": []}
    draws = []
    seats = (
        Seat.objects.filter(session=session)
        .order_by("round_number", "drawn_table", "drawn_seat")
        .values_list("round_number", "drawn_table", "registration__member_id")
    )
    for round_number, rows in groupby(seats, key=lambda row: row[0]):
        rows = list(rows)
        tables = [[member for _r, _t, member in group] for _t, group in groupby(rows, key=lambda row: row[1])]
        draws.append(
            {
                "label": fairness.seating_label(session.pk, round_number),
                "round": round_number,
                "members": sorted(member for _r, _t, member in rows),
                "tables": tables,
            }
        )
    balancing = [
        entry["details"]
        for entry in AuditEntry.objects.filter(session=session, action=AuditEntry.Action.RANDOM_DRAW)
        .order_by("pk")
        .values("details")
        if str(entry["details"].get("label", "")).startswith("balance:")
    ]
    return {"draws": draws, "balancing": balancing}


def session_owner(epoch) -> EpochOwner | None:
    """The session whose seed ``epoch`` is, for its Verify page."""
    session = Session.objects.filter(epoch=epoch).select_related("season").first()
    if session is None:
        return None
    return EpochOwner(name=str(session), url=session.get_absolute_url())
