"""The floors for bench/tables.py: the bare Channels broadcast, no database, no game.

``ws/bare/<group>/``: a message sent by one client of the group is sent by the consumer to the
whole group (8 clients) through the same channel layer as the app (Redis when REDIS_URL is set).
``ws/local/<group>/``: the same without any channel layer, the consumer writing to the group's
other consumers of this process itself: daphne's own work for one message in and 8 out, the part
of every broadcast no layer or app can take away.
``ws/stored/<group>/``: the bare broadcast after the least durable transaction a message on
PostgreSQL (``FLOOR_DATABASE_URL``), in a worker thread as the app runs its changes: the group's row
locked, its counter bumped, committed (BEGIN, SELECT ... FOR UPDATE, UPDATE, COMMIT: the four round
trips of a table's change, without its data). What a transaction adds to a broadcast, for an app
whose every change of state is one transaction.
"""

import asyncio
import os
import threading

import django
import psycopg

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


_connections = threading.local()
if os.environ.get("FLOOR_DATABASE_URL"):  # its own database (made for it by bench/tables.py's run_bare)
    with psycopg.connect(os.environ["FLOOR_DATABASE_URL"], autocommit=True) as db:
        db.execute("CREATE TABLE floor_rows (id int PRIMARY KEY, seq bigint NOT NULL)")


def _connection() -> psycopg.Connection:
    """The worker thread's own connection (kept, as the app keeps its connections)."""
    if getattr(_connections, "db", None) is None:
        _connections.db = psycopg.connect(os.environ["FLOOR_DATABASE_URL"])
    return _connections.db


def _create_row(group: int) -> None:
    db = _connection()
    with db.transaction():
        db.execute("INSERT INTO floor_rows VALUES (%s, 0) ON CONFLICT DO NOTHING", (group,))


def _store(group: int) -> None:
    db = _connection()
    with db.transaction():
        db.execute("SELECT seq FROM floor_rows WHERE id = %s FOR UPDATE", (group,))
        db.execute("UPDATE floor_rows SET seq = seq + 1 WHERE id = %s", (group,))


class StoredBroadcast(Broadcast):
    async def connect(self):
        self.number = self.scope["url_route"]["kwargs"]["group"]
        await asyncio.to_thread(_create_row, self.number)
        await super().connect()

    async def receive(self, text_data=None, bytes_data=None):
        await asyncio.to_thread(_store, self.number)
        await super().receive(text_data)


application = URLRouter(
    [
        path("ws/bare/<int:group>/", Broadcast.as_asgi()),
        path("ws/local/<int:group>/", LocalBroadcast.as_asgi()),
        path("ws/stored/<int:group>/", StoredBroadcast.as_asgi()),
    ]
)
