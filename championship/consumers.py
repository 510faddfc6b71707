"""The championship's websockets, which only listen: the notices' (``/ws/notices/``), where any page
of a player of tonight's online session hears "look again" (championship.notices), and a session's
(``/ws/sessions/<pk>/``), where its public screens (the TV clock) hear that it changed
(championship.session_events). Neither takes a message from the browser."""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext as _

from arf.language import chosen_language

from . import session_events
from .notices import group_name


class NoticeConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        self.group = None
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.language = chosen_language(self.scope.get("cookies", {}))
        self.group = group_name(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Notices come from the server only: a crafted one is refused and changes nothing.
        with translation.override(self.language):
            message = _("This connection only receives notices.")
        await self.send(text_data=json.dumps({"type": "error", "code": "read_only", "message": message}))

    async def evening_notice(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


class SessionConsumer(AsyncWebsocketConsumer):
    """Public, as the session's TV page is: it says nothing but "changed"."""

    async def connect(self) -> None:
        self.language = chosen_language(self.scope.get("cookies", {}))
        self.group = session_events.group_name(int(self.scope["url_route"]["kwargs"]["pk"]))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        with translation.override(self.language):
            message = _("This connection only receives notices.")
        await self.send(text_data=json.dumps({"type": "error", "code": "read_only", "message": message}))

    async def session_changed(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])
