from django import template

register = template.Library()


@register.filter
def mmss(seconds) -> str:
    seconds = max(0, int(seconds or 0))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


@register.filter
def get(mapping, key):
    return mapping.get(key) if mapping else None
