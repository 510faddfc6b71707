from django import template

from ..numbers import number

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


@register.simple_tag(takes_context=True)
def webcal(context, url: str) -> str:
    """The subscription address of a calendar feed: the same, in the webcal:// scheme that phones
    and calendar apps open as "subscribe"."""
    absolute = context["request"].build_absolute_uri(url)
    return "webcal://" + absolute.split("://", 1)[1]
