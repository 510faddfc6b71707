"""Websocket routes of the championship."""

from django.urls import path

from .consumers import NoticeConsumer, SessionConsumer

websocket_urlpatterns: list = [
    path("ws/notices/", NoticeConsumer.as_asgi()),
    path("ws/sessions/<int:pk>/", SessionConsumer.as_asgi()),
]
