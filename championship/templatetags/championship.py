import json

from django import template
from django.utils.translation import pgettext

from ..announcements.selectors import announcement_shown
from ..numbers import number, place

register = template.Library()


@register.filter
def mmss(seconds) -> str:
    seconds = max(0, int(seconds or 0))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter(name="number")
def number_filter(value) -> str:
    return number(value)


@register.filter(name="place")
def place_filter(value) -> str:
    return place(value) if value else ""


@register.simple_tag(takes_context=True)
def webcal(context, url: str) -> str:
    """The subscription address of a calendar feed: the same, in the webcal:// scheme that phones
    and calendar apps open as "subscribe"."""
    absolute = context["request"].build_absolute_uri(url)
    return "webcal://" + absolute.split("://", 1)[1]


@register.filter
def countdown(seconds) -> str:
    """The time to a session's start as the TV shows it: "2 j 04:10:05", "04:10:05" on the day
    (static/js/clock.js counts it down the same way)."""
    seconds = max(0, int(seconds or 0))
    days, rest = divmod(seconds, 86400)
    clock = f"{rest // 3600:02d}:{rest % 3600 // 60:02d}:{rest % 60:02d}"
    return f"{days} {pgettext('days, short', 'd')} {clock}" if days else clock


@register.filter
def announcement_data(session) -> str:
    """The announcement a page of ``session`` shows, as JSON for an attribute (escaped there like
    any text; static/js/announcement.js draws it with textContent), or ``null``."""
    announcement = announcement_shown(session)
    return json.dumps(announcement.as_data() if announcement else None)
