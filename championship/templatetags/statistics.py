"""Formats of the season's numbers: a signed figure with one decimal (luck), in the page's language."""

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext

from ..numbers import number

register = template.Library()


@register.filter
def signed(value) -> str:
    """+12.3 / −4.0 (0.0 without a sign), the decimal mark of the page's language."""
    if value is None:
        return ""
    value = round(float(value), 1)
    text = number_format(abs(value), decimal_pos=1)
    if value > 0:
        return f"+{text}"
    return f"\u2212{text}" if value < 0 else text


@register.filter
def signed_int(value) -> str:
    """+1 200 / −300 chips, grouped as every number of the app."""
    if value is None:
        return ""
    value = int(value)
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + number(abs(value))


@register.simple_tag
def rate(label, value, unit):
    """One rate of the numbers: "VPIP / 31 % / 66 / 212 hands" (a tag, not an include: a player
    page draws a few dozen of them)."""
    percent = "–" if value.percent is None else f"{value.percent} %"
    count = gettext("%(part)s / %(whole)s %(unit)s") % {
        "part": number(value.part),
        "whole": number(value.whole),
        "unit": unit,
    }
    return format_html('<div><dt>{}</dt><dd>{}</dd><span class="of">{}</span></div>', label, percent, count)
