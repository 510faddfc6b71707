"""The floors for bench/tables.py: the bare Channels broadcast, no database, no game.

``ws/bare/<group>/``: a message sent by one client of the group is sent by the consumer to the
whole group (8 clients) through the same channel layer as the app (Redis when REDIS_URL is set).
``ws/local/<group>/``: the same without any channel layer, the consumer writing to the group's
other consumers of this process itself: daphne's own work for one message in and 8 out, the part
of every broadcast no layer or app can take away.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
django.setup()

from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import URLRouter  # noqa: E402
from django.urls import path  # noqa: E402


class Broadcast(AsyncWebsocketConsumer):
    async def connect(self):
        self.group = f"bare.{self.scope['url_route']['kwargs']['group']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.group, {"type": "bare.message", "text": text_data})

    async def bare_message(self, event):
        await self.send(text_data=event["text"])


class LocalBroadcast(AsyncWebsocketConsumer):
    groups_here: dict[int, list["LocalBroadcast"]] = {}

    async def connect(self):
        self.number = self.scope["url_route"]["kwargs"]["group"]
        self.groups_here.setdefault(self.number, []).append(self)
        await self.accept()

    async def disconnect(self, code):
        self.groups_here[self.number].remove(self)

    async def receive(self, text_data=None, bytes_data=None):
        for member in self.groups_here[self.number]:
            await member.send(text_data=text_data)


application = URLRouter(
    [
        path("ws/bare/<int:group>/", Broadcast.as_asgi()),
        path("ws/local/<int:group>/", LocalBroadcast.as_asgi()),
    ]
)
