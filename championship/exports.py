"""CSV exports as a French spreadsheet opens them: `;` between columns, a decimal comma, UTF-8
with a byte-order mark (without it Excel reads the accents as Latin-1). One format for every
export of the app, whatever the page's language, so a file always opens the same way."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.http import HttpResponse

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
