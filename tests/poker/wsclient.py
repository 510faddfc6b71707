"""A test client of the table websocket: connects as a user, keeps every message it receives.

``view`` is what the page would draw: the newest public view with the player's own part laid over
it (``poker.tables.views.compose``, as the page does), at every game. An update that carries a
patch (``poker.tables.delta``) is applied to the public view the client has, as the page does, and
the message gets the resulting public view as its ``view`` (None when the patch does not follow
the client's view: the page would ask for a snapshot).
"""

from __future__ import annotations

import asyncio
import json

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from poker.routing import websocket_urlpatterns
from poker.tables import delta
from poker.tables.views import compose

APP = URLRouter(websocket_urlpatterns)


class Client:
    def __init__(self, table_id: int, user=None, app=APP, headers=None) -> None:
        self.comm = WebsocketCommunicator(app, f"/ws/tables/{table_id}/", headers=headers or [])
        self.comm.scope["user"] = user or AnonymousUser()
        self.user = user
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.view: dict | None = None
        self.base: dict | None = None  # the newest view received (public, or whole in a snapshot)
        self.mine: dict | None = None  # the player's own part, with the seq it came with
        self.public: dict | None = None  # the newest public view, that the next patch applies to
        self.history: dict[int, dict] = {}  # the public views received, by seq
        self.presences: list[dict] = []  # the "presence" messages received

    async def connect(self) -> Client:
        connected, _ = await self.comm.connect()
        assert connected
        await self.next()
        return self

    async def next(self, timeout: float = 3, *, presence: bool = False) -> dict:
        """The next message; "presence" ones (who is connected, not a change of the table) are
        kept in ``presences`` and skipped unless ``presence``."""
        while True:
            text = await self.comm.receive_from(timeout=timeout)
            message = json.loads(text)
            if message["type"] != "presence":
                break
            self.presences.append(message)
            if presence:
                return message
        self.raw.append(text)
        self.messages.append(message)
        patched(message, self)
        if (
            message["type"] in ("snapshot", "update")
            and message["view"] is not None
            and (self.base is None or message["seq"] >= self.base["seq"])
        ):
            self.base = message["view"]
            if message["type"] == "snapshot" and (self.mine is None or self.mine["seq"] <= message["seq"]):
                self.mine = {"seq": message["seq"], **own_part(message["view"])}
        elif message["type"] == "private" and (self.mine is None or message["seq"] >= self.mine["seq"]):
            self.mine = {"seq": message["seq"], **message["private"]}
        if self.base is not None:
            user_id = getattr(self.user, "pk", None)
            self.view = compose(self.base, self.mine, user_id) if user_id is not None else self.base
        return message

    async def poll(self, wait: float = 0.1) -> dict | None:
        """The next message if one comes within ``wait`` seconds (a timed-out ``receive_from``
        would cancel the consumer)."""
        if await self.comm.receive_nothing(timeout=wait):
            return None
        return await self.next(presence=True)

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

    async def presence(self, timeout: float = 3) -> dict:
        """The next "presence" message (other messages read on the way)."""
        async with asyncio.timeout(timeout):
            while True:
                message = await self.next(timeout=timeout, presence=True)
                if message["type"] == "presence":
                    return message

    async def quiet(self, timeout: float = 0.1) -> bool:
        """True when nothing but "presence" messages comes within ``timeout``."""
        while not await self.comm.receive_nothing(timeout=timeout):
            message = json.loads(await self.comm.receive_from())
            if message["type"] != "presence":
                self.messages.append(message)
                return False
            self.presences.append(message)
        return True

    async def drain(self, wait: float = 0.05) -> None:
        """Read whatever is waiting."""
        while not await self.comm.receive_nothing(timeout=wait):
            await self.next(presence=True)

    async def close(self) -> None:
        await self.comm.disconnect()


def patched(message: dict, client) -> None:
    """Give a snapshot's or an update's message the public view it brings, as ``static/js/table.js``
    computes it: a patch applies to the public view the client had at its ``prev``. An update older
    than the client's snapshot (the page drops it) gets the view the client has at its seq, if any."""
    if message["type"] == "snapshot":
        if "public" in message:
            client.public = delta.apply(message["view"], message["public"])
            client.history[message["seq"]] = client.public
    elif message["type"] == "update":
        if "delta" in message:
            before = client.history.get(message["prev"])
            if before is not None:
                message["view"] = delta.apply(before, message["delta"])
            else:  # older than the client's snapshot, which brought the view at its seq (or a newer)
                message["view"] = client.history.get(message["seq"])
        if message["view"] is not None:
            client.history[message["seq"]] = message["view"]
            if client.public is None or message["seq"] > client.public["seq"]:
                client.public = message["view"]


def own_part(view: dict) -> dict:
    """The player's own part out of a whole view of his (a snapshot): his cards in the hand, and
    what of his ``me`` only he sees (his pre-action and time bank; the dealer game's bankroll)."""
    me = view["me"] or {}
    hand_id = view["hand_id"]
    user_id = me.get("user_id")
    mine = [s for s in view["seats"] if hand_id and s.get("user_id") == user_id and s.get("in_hand")]
    seat = mine[0] if mine else None
    part = {"hand_id": hand_id, "cards": seat.get("cards") if seat else None}
    part.update({k: me[k] for k in ("pre_action", "time_bank", "bankroll", "can_refill") if k in me})
    return part
