"""Cards as text in a page drawn by the server (the coach): "A♠ 10♥", the red suits marked."""

from django import template
from django.utils.html import format_html, format_html_join

register = template.Library()

SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@register.filter
def cards(names):
    """``["As", "Th"]`` as "A♠ 10♥", each card a span (``red`` for hearts and diamonds)."""
    return format_html_join(
        " ",
        '<span class="card-text{}">{}{}</span>',
        ((" red" if n[1] in "hd" else "", "10" if n[0] == "T" else n[0], SUITS[n[1]]) for n in names),
    )


@register.filter
def percent(share):
    """0.3412 as "34 %" ("34%" in English), by the page's language."""
    from django.utils.formats import number_format
    from django.utils.translation import get_language

    text = number_format(round(share * 100))
    return format_html("{}\u202f%", text) if (get_language() or "").startswith("fr") else f"{text}%"
