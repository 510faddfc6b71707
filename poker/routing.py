"""Websocket routes of the table app."""

from django.urls import path

from .tables.consumer import TableConsumer
from .voice.consumer import VoiceConsumer

websocket_urlpatterns: list = [
    path("ws/tables/<int:table_id>/", TableConsumer.as_asgi()),
    path("ws/voice/<int:table_id>/", VoiceConsumer.as_asgi()),
]
