"""Formats of the season's numbers: a signed figure with one decimal (luck), in the page's language."""

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext

from ..numbers import number

register = template.Library()


@register.filter
def signed(value) -> str:
    """+1 244.2 / −4.0 (0.0 without a sign): grouped as every number of the app, with the decimal
    mark of the page's language."""
    if value is None:
        return ""
    tenths = round(float(value) * 10)
    whole, tenth = divmod(abs(tenths), 10)
    text = number(whole) + number_format(0.1, decimal_pos=1)[1] + str(tenth)
    if tenths > 0:
        return f"+{text}"
    return f"\u2212{text}" if tenths < 0 else text


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
    return format_html('<div><dt>{}</dt><dd>{}<span class="of">{}</span></dd></div>', label, percent, count)
