"""The voice room's websocket, ``/ws/voice/<table_id>/`` (docs/voice.md). Thin: check who may be
in the room (``rooms``), check each message (``messages``), forward.

The room is a Channels group per table (``rooms.group_name``), for what everybody hears: a member
joined, left, turned his microphone on. A signal (offer, answer, candidate) goes to one member's
own channel, looked up among the members this socket heard of through the group: a member of
another room, or a peer id made up, is ``unknown_peer``. Membership is asked again before each
signal is forwarded and every ``CHECK_SECONDS``: a player who left his seat or was moved to another
table is told ``not_in_room`` and closed, and the others hear ``peer_left``.

Nothing of a signal is ever logged: an SDP and its candidates carry the players' addresses.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from arf.language import chosen_language
from arf.unavailable import database_unavailable, summary

from ..tables.consumer import TokenBucket
from ..tables.db import in_thread
from . import ice, messages, rooms
from .messages import VoiceError

logger = logging.getLogger(__name__)

CHECK_SECONDS = 5.0  # how often a member's seat (or the table's listeners setting) is asked again
RATE, BURST = 40.0, 80.0  # messages a second: an offer's candidates come in a burst

# Close codes (the browser's ``CloseEvent.code``).
NOT_IN_ROOM = 4403
REPLACED = 4409  # another page of his joined the room
ROLE_CHANGED = 4100  # a listener sat down (or a speaker stood up on a table open to listeners): join again
UNAVAILABLE = 4503  # the database is full or away: the page tries again after its back-off
NOT_IN_ROOM_TEXT = _("You are not in this table's voice room.")


def dumps(message: dict) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class VoiceConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        self.language = chosen_language(self.scope.get("cookies", {}))
        self.peer = secrets.token_urlsafe(12)
        self.group = rooms.group_name(self.table_id)
        self.joined = False
        self.known: dict[str, tuple[str, str]] = {}  # the room's other members: peer -> (channel, role)
        self.bucket = TokenBucket(rate=RATE, burst=BURST)
        self.warned_at = 0.0
        self.checker: asyncio.Task | None = None
        await self.accept()
        if self.user is None:
            await self.refuse()
            return
        try:
            await self.join()
        except Exception as error:
            if not database_unavailable(error):
                raise
            logger.warning("voice socket not opened, %s", summary(error))
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close(code=UNAVAILABLE)

    async def join(self) -> None:
        # In the group before the roster is read: a member joining meanwhile is heard of, not missed
        # (the messages of the group wait until this handler is done).
        await self.channel_layer.group_add(self.group, self.channel_name)
        joined = await in_thread(rooms.room_join)(
            table_id=self.table_id, user=self.user, peer=self.peer, channel_name=self.channel_name
        )
        if joined is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.refuse()
            return
        self.joined, self.role = True, joined.role
        for channel in joined.replaced:
            await self.channel_layer.send(channel, {"type": "voice.replaced"})
        self.known = {peer["peer"]: (peer["channel"], peer["role"]) for peer in joined.peers}
        await self.send(
            text_data=dumps(
                {
                    "type": "welcome",
                    "peer": self.peer,
                    "role": self.role.role,
                    "peers": [{k: v for k, v in peer.items() if k != "channel"} for peer in joined.peers],
                    "ice_servers": ice.ice_servers(self.user.pk),
                    "ice_transport_policy": ice.transport_policy(),
                }
            )
        )
        me = rooms.new_peer(peer=self.peer, user=self.user, role=self.role)
        await self.channel_layer.group_send(
            self.group, {"type": "voice.joined", "peer": me, "channel": self.channel_name}
        )
        self.checker = asyncio.create_task(self.check_every())

    async def refuse(self) -> None:
        await self.send_error("not_in_room", NOT_IN_ROOM_TEXT)
        await self.close(code=NOT_IN_ROOM)

    async def disconnect(self, code: int) -> None:
        if self.checker is not None and self.checker is not asyncio.current_task():
            self.checker.cancel()
        if not getattr(self, "joined", False):
            return
        self.joined = False
        await self.channel_layer.group_discard(self.group, self.channel_name)
        try:
            await in_thread(rooms.room_leave)(peer=self.peer)
        except Exception as error:  # its row stops counting after rooms.STALE
            if not database_unavailable(error):
                raise
            logger.warning("voice member not removed, %s", summary(error))
        await self.channel_layer.group_send(self.group, {"type": "voice.left", "peer": self.peer})

    async def leave(self, code: int, message: dict | None = None) -> None:
        """Out of the room now: the others hear ``peer_left`` without waiting for the socket to close."""
        if message is not None:
            await self.send(text_data=dumps(message))
        await self.disconnect(code)
        await self.close(code=code)

    # ---- membership

    async def check_every(self) -> None:
        while self.joined:
            await asyncio.sleep(CHECK_SECONDS)
            try:
                role = await in_thread(rooms.room_check)(
                    table_id=self.table_id, user_id=self.user.pk, peer=self.peer
                )
            except Exception as error:  # asked again at the next tick
                if database_unavailable(error):
                    logger.warning("voice membership not checked, %s", summary(error))
                else:
                    logger.exception("voice membership check failed")
                continue
            if self.joined and not await self.still_member(role):
                return

    async def still_member(self, role: rooms.Role | None) -> bool:
        if role is None:
            await self.leave(NOT_IN_ROOM, self.error("not_in_room", NOT_IN_ROOM_TEXT))
            return False
        if role.role != self.role.role:
            await self.leave(ROLE_CHANGED)
            return False
        return True

    # ---- from the browser

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.joined:
            return
        if not self.bucket.take():
            # Dropped unread; one warning a second at most.
            if time.monotonic() - self.warned_at > 1:
                self.warned_at = time.monotonic()
                await self.send_error("too_fast", _("Too many messages: slow down."))
            return
        try:
            message = messages.parse(text_data, bytes_data)
            kind = message["type"]
            if kind == "signal":
                await self.on_signal(messages.signal(message))
            elif kind == "state":
                await self.on_state(*messages.state(message))
            else:
                raise VoiceError("bad_message", _("Unknown message type."))
        except VoiceError as error:
            await self.send_error(error.code, error.message)
        except Exception as error:
            if not database_unavailable(error):
                raise
            # Full or away: the message was not forwarded; the page's ICE restarts send it again.
            logger.warning("voice message not served, %s", summary(error))
            await self.send_error("busy", _("The server is busy: try again in a moment."))

    async def on_signal(self, signal: messages.Signal) -> None:
        role = await in_thread(rooms.role_of)(self.table_id, self.user.pk)
        if not await self.still_member(role):
            return
        channel, role = self.known.get(signal.to, (None, None))
        if channel is None:
            raise VoiceError("unknown_peer", _("This peer is not in the voice room."))
        if role == rooms.LISTENER and self.role.role == rooms.LISTENER:
            raise VoiceError("not_allowed", _("Two spectators have nothing to send each other."))
        await self.channel_layer.send(channel, {"type": "voice.signal", "from": self.peer, **signal.payload})

    async def on_state(self, mic: bool, cam: bool) -> None:
        if self.role.role == rooms.LISTENER and (mic or cam):
            raise VoiceError("not_allowed", _("Spectators listen only: no microphone or camera."))
        if not await in_thread(rooms.room_state)(peer=self.peer, mic=mic, cam=cam):
            with translation.override(self.language):
                n = settings.VOICE_MAX_CAMERAS
                text = ngettext(
                    "%(n)s camera is on at this table already: yours stays off.",
                    "%(n)s cameras are on at this table already: yours stays off.",
                    n,
                ) % {"n": n}
            raise VoiceError("too_many_cameras", text)
        await self.channel_layer.group_send(
            self.group, {"type": "voice.state", "peer": self.peer, "mic": mic, "cam": cam}
        )

    # ---- from the room (channel layer)

    async def voice_joined(self, event: dict[str, Any]) -> None:
        peer = event["peer"]
        if not self.joined or peer["peer"] == self.peer or peer["peer"] in self.known:
            return
        self.known[peer["peer"]] = (event["channel"], peer["role"])
        await self.send(text_data=dumps({"type": "peer_joined", "peer": peer}))

    async def voice_left(self, event: dict[str, Any]) -> None:
        if self.joined and self.known.pop(event["peer"], None) is not None:
            await self.send(text_data=dumps({"type": "peer_left", "peer": event["peer"]}))

    async def voice_state(self, event: dict[str, Any]) -> None:
        if self.joined and event["peer"] in self.known:
            await self.send(
                text_data=dumps(
                    {"type": "state", "peer": event["peer"], "mic": event["mic"], "cam": event["cam"]}
                )
            )

    async def voice_signal(self, event: dict[str, Any]) -> None:
        # Only from a member of this room as this socket knows it.
        if not self.joined or event["from"] not in self.known:
            return
        message = {"type": "signal", "from": event["from"]}
        for key in ("description", "candidate"):
            if key in event:
                message[key] = event[key]
        await self.send(text_data=dumps(message))

    async def voice_replaced(self, event: dict[str, Any]) -> None:
        if self.joined:
            await self.leave(REPLACED, {"type": "replaced"})

    # ---- answers to this client

    def error(self, code: str, message: Any) -> dict:
        with translation.override(self.language):
            return {"type": "error", "code": code, "message": str(message)}

    async def send_error(self, code: str, message: Any) -> None:
        await self.send(text_data=dumps(self.error(code, message)))
