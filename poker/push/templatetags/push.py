"""``{% push_button %}``: "Notifications on this device", where the player may say yes (his profile,
the session page). Nothing at all when the server has no VAPID keys (the feature is off)."""

from django import template
from django.conf import settings

from ..sending import enabled

register = template.Library()


@register.inclusion_tag("partials/push_button.html", takes_context=True)
def push_button(context, heading: bool = False) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    shown = enabled() and user is not None and user.is_authenticated
    return {"shown": shown, "key": settings.WEBPUSH_VAPID_PUBLIC_KEY, "heading": heading}
