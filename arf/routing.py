"""Every websocket route of the project, gathered from the apps that own them."""

from championship.routing import websocket_urlpatterns as championship_routes
from poker.routing import websocket_urlpatterns as poker_routes

websocket_urlpatterns = [*poker_routes, *championship_routes]
