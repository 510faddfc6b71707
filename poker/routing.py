"""Websocket routes of the table app."""

from django.urls import path

from .tables.consumer import TableConsumer

websocket_urlpatterns: list = [path("ws/tables/<int:table_id>/", TableConsumer.as_asgi())]
