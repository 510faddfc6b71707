from django import template

from accounts.deck import deck_settings_of

register = template.Library()


@register.simple_tag(takes_context=True)
def deck_classes(context) -> str:
    """The table page's body classes of the viewer's card settings (static/css/table.css)."""
    return deck_settings_of(context["request"].user).body_classes()
