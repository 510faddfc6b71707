"""Response headers that back up the templates' escaping: the content security policy (django-csp,
configured in settings.CONTENT_SECURITY_POLICY) and the Permissions-Policy.

The policy allows only the site's own scripts, styles, images and websocket: no inline script or
style, no ``eval``. Page code lives in static/js/ and reads its data from ``data-`` attributes or a
``json_script`` block (JSON, never run).
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost

# Features the app does not use, refused to any script or frame; a page that uses one allows it to
# itself only (the table page: the camera and the microphone of its voice room, docs/voice.md).
FEATURES = (
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "usb",
)


def permissions_policy(*, allow: tuple[str, ...] = ()) -> str:
    return ", ".join(f"{feature}=(self)" if feature in allow else f"{feature}=()" for feature in FEATURES)


PERMISSIONS_POLICY = permissions_policy()


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware, with the page's own websocket origin named in ``connect-src``:
    'self' covers ws:// and wss:// of the same host in CSP Level 3, but older Safari (the family's
    iPhones) matches it to http(s) only. The host is the one Django has checked against
    ALLOWED_HOSTS."""

    def get_policy_parts(self, request, response, report_only: bool = False) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        try:
            host = request.get_host()
        except DisallowedHost:  # the 400 page of a foreign Host header: no websocket to allow
            return parts
        update = dict(parts.update or {})
        update["connect-src"] = [*update.get("connect-src", []), f"ws://{host}", f"wss://{host}"]
        parts.update = update
        return parts


class PermissionsPolicyMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
