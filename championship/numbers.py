"""One number format everywhere: 25 000 in French (narrow no-break space), 25,000 in English,
as the table pages' Intl.NumberFormat writes them."""

from __future__ import annotations

from django.utils.translation import get_language


def number(value) -> str:
    if value is None or value == "":
        return ""
    try:
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    grouped = f"{value:,}"
    return grouped if (get_language() or "fr").startswith("en") else grouped.replace(",", "\u202f")
