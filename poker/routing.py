"""Websocket routes of the table app."""

websocket_urlpatterns: list = []
