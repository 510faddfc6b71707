"""CSV exports as a French spreadsheet opens them: `;` between columns, a decimal comma, UTF-8
with a byte-order mark (without it Excel reads the accents as Latin-1). One format for every
export of the app, whatever the page's language, so a file always opens the same way. Here too
what the fee exports (a session's, a season's) hold, one row an entrant."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.http import HttpResponse
from django.utils.translation import gettext as _

from .models import Registration, Season

BOM = "\ufeff"


def _cell(value: object) -> object:
    if isinstance(value, Decimal | float):
        return str(value).replace(".", ",")
    if isinstance(value, date):
        return value.isoformat()  # yyyy-mm-dd: read as a date by French spreadsheets too
    if value is None:
        return ""
    return value


def csv_response(filename: str, header: list[str], rows: Iterable[Iterable[object]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write(BOM)
    writer = csv.writer(response, delimiter=";")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return response


def fee_header() -> list[str]:
    return [
        _("session"),
        _("date"),
        _("player"),
        _("fee (EUR)"),
        _("paid"),
        _("paid by"),
        _("received by"),
    ]


def fee_rows(registrations: Iterable[Registration]) -> Iterable[list[object]]:
    """One row an entrant. Each registration's session, member and receiver come with it (a
    session's registrations know their session): no query a row."""
    for r in registrations:
        yield [
            r.session.number,
            r.session.scheduled_at.date(),
            r.member.nickname,
            r.fee,
            _("yes") if r.paid else _("no"),
            r.get_method_display() if r.paid else "",
            (r.received_by.first_name or r.received_by.username) if r.received_by else "",
        ]


def season_registrations(season: Season) -> Iterable[Registration]:
    """Every entrant of the season's sessions, session by session: one query however many sessions."""
    return (
        Registration.objects.filter(session__season=season)
        .select_related("session", "member", "received_by")
        .order_by("session__scheduled_at", "session__number", "session_id", "member__nickname")
    )
