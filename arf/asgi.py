"""ASGI entry point: daphne serves HTTP (Django, static files through whitenoise) and websockets."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from poker.tables.clock import DeadlineLoopMiddleware, start_with_daphne  # noqa: E402

from .collector import tune_for_a_server  # noqa: E402
from .logs import WebsocketContextMiddleware  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402
from .websocket_session import ReadOnlyAuthMiddlewareStack  # noqa: E402

# The tables' deadlines also fire in each web process (started with daphne, else by the first
# request), so a single `daphne` serves a whole game; the `run_deadlines` worker of docker-compose
# fires them too.
start_with_daphne()
application = DeadlineLoopMiddleware(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            # A browser on another site must not open a socket with our visitor's cookies.
            "websocket": AllowedHostsOriginValidator(
                ReadOnlyAuthMiddlewareStack(WebsocketContextMiddleware(URLRouter(websocket_urlpatterns)))
            ),
        }
    )
)
# Last: the app is loaded, its objects are frozen out of the collector's walks (arf/collector.py).
tune_for_a_server()
