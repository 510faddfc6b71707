"""One number format everywhere: 25 000 in French (narrow no-break space), 25,000 in English,
as the table pages' Intl.NumberFormat writes them."""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext as _


def number(value) -> str:
    if value is None or value == "":
        return ""
    try:
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    grouped = f"{value:,}"
    return grouped if (get_language() or "fr").startswith("en") else grouped.replace(",", "\u202f")


def place(value) -> str:
    """A place in words: "2nd place" in English, "2e place" in French (place is feminine: "1re")."""
    n = int(value)
    if n == 1:
        return _("1st place")
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        text = _("%(n)sth place")
    elif n % 10 == 1:
        text = _("%(n)sst place")
    elif n % 10 == 2:
        text = _("%(n)snd place")
    else:
        text = _("%(n)srd place")
    return text % {"n": n}
