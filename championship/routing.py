"""Websocket routes of the championship."""

from django.urls import path

from .consumers import NoticeConsumer

websocket_urlpatterns: list = [path("ws/notices/", NoticeConsumer.as_asgi())]
