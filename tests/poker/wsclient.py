"""A test client of the table websocket: connects as a user, keeps every message it receives."""

from __future__ import annotations

import asyncio
import json

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from poker.routing import websocket_urlpatterns

APP = URLRouter(websocket_urlpatterns)


class Client:
    def __init__(self, table_id: int, user=None, app=APP, headers=None) -> None:
        self.comm = WebsocketCommunicator(app, f"/ws/tables/{table_id}/", headers=headers or [])
        self.comm.scope["user"] = user or AnonymousUser()
        self.user = user
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.view: dict | None = None

    async def connect(self) -> Client:
        connected, _ = await self.comm.connect()
        assert connected
        await self.next()
        return self

    async def next(self, timeout: float = 3) -> dict:
        text = await self.comm.receive_from(timeout=timeout)
        self.raw.append(text)
        message = json.loads(text)
        self.messages.append(message)
        if message["type"] in ("snapshot", "update") and (
            self.view is None or message["seq"] >= self.view["seq"]
        ):
            self.view = message["view"]
        return message

    async def poll(self, wait: float = 0.1) -> dict | None:
        """The next message if one comes within ``wait`` seconds (a timed-out ``receive_from``
        would cancel the consumer)."""
        if await self.comm.receive_nothing(timeout=wait):
            return None
        return await self.next()

    async def until(self, predicate, timeout: float = 5) -> dict:
        """Read messages until one satisfies ``predicate`` (checked on the message)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.next(timeout=timeout)
                if predicate(message):
                    return message

    async def error(self, timeout: float = 3) -> dict:
        return await self.until(lambda m: m["type"] == "error", timeout)

    async def send(self, message) -> None:
        await self.comm.send_to(text_data=message if isinstance(message, str) else json.dumps(message))

    async def act(self, action: str, amount: int | None = None, **override) -> None:
        me = self.view["me"]
        message = {"type": "act", "action": action, "hand": me["hand_id"], "seq": self.view["seq"]}
        if amount is not None:
            message["amount"] = amount
        message.update(override)
        await self.send(message)

    async def drain(self, wait: float = 0.05) -> None:
        """Read whatever is waiting."""
        while not await self.comm.receive_nothing(timeout=wait):
            await self.next()

    async def close(self) -> None:
        await self.comm.disconnect()
