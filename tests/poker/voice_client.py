"""A test client of the voice room's websocket (/ws/voice/<table_id>/): keeps what it receives."""

from __future__ import annotations

import asyncio
import json

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from poker.routing import websocket_urlpatterns

APP = URLRouter(websocket_urlpatterns)


class Voice:
    def __init__(self, table_id: int, user=None, app=APP, headers=None) -> None:
        self.comm = WebsocketCommunicator(app, f"/ws/voice/{table_id}/", headers=headers or [])
        if app is APP:  # the full stack (arf.asgi) finds the user from the session cookie
            self.comm.scope["user"] = user or AnonymousUser()
        self.messages: list[dict] = []
        self.welcome: dict | None = None
        self.closed: int | None = None

    async def open(self) -> Voice:
        connected, _ = await self.comm.connect()
        assert connected
        self.welcome = await self.next()
        return self

    @property
    def peer(self) -> str:
        return self.welcome["peer"]

    async def next(self, timeout: float = 3) -> dict:
        output = await self.comm.receive_output(timeout)
        if output["type"] == "websocket.close":
            self.closed = output.get("code")
            return {"type": "closed", "code": self.closed}
        message = json.loads(output["text"])
        self.messages.append(message)
        return message

    async def until(self, kind: str, timeout: float = 3) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                message = await self.next(timeout)
                if message["type"] == kind:
                    return message

    async def send(self, message) -> None:
        await self.comm.send_to(text_data=message if isinstance(message, str) else json.dumps(message))

    async def quiet(self, timeout: float = 0.2) -> bool:
        return await self.comm.receive_nothing(timeout=timeout)

    async def close(self) -> None:
        await self.comm.disconnect()
