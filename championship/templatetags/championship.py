from django import template
from django.utils.translation import get_language

register = template.Library()


@register.filter
def mmss(seconds) -> str:
    seconds = max(0, int(seconds or 0))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def number(value) -> str:
    """A whole number as people read it: 25 000 in French (narrow no-break space), 25,000 in
    English; the same grouping as the table pages' Intl.NumberFormat."""
    if value is None or value == "":
        return ""
    try:
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    grouped = f"{value:,}"
    return grouped if (get_language() or "fr").startswith("en") else grouped.replace(",", "\u202f")
