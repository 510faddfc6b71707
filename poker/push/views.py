"""The page's two requests: this device says yes (its subscription), or no more. JSON in and out:
the caller is static/js/push.js, after the browser's own ``PushManager.subscribe``."""

from __future__ import annotations

import json

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, JsonResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import services
from .forms import SubscriptionForm
from .sending import enabled


def _body(request: HttpRequest) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


@login_required
@require_POST
def subscribe(request: HttpRequest) -> JsonResponse:
    if not enabled():
        return JsonResponse({"error": _("Notifications are not set up on this server.")}, status=404)
    data = _body(request)
    keys = data.get("keys") if isinstance(data.get("keys"), dict) else {}
    form = SubscriptionForm(
        {"endpoint": data.get("endpoint"), "p256dh": keys.get("p256dh"), "auth": keys.get("auth")}
    )
    if not form.is_valid():
        message = next(iter(form.errors.values()))[0]
        return JsonResponse({"error": message}, status=400)
    services.subscription_save(user=request.user, language=get_language() or "fr", **form.cleaned_data)
    return JsonResponse({"subscribed": True})


@login_required
@require_POST
def unsubscribe(request: HttpRequest) -> JsonResponse:
    endpoint = _body(request).get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        return JsonResponse({"error": _("This is not the address of a push service.")}, status=400)
    services.subscription_delete(user=request.user, endpoint=endpoint)
    return JsonResponse({"subscribed": False})
