"""The table's websocket: one per open table page. Thin: parse, check, call a service, answer.

A consumer keeps no game state: the services change the database and broadcast after the commit;
the consumer forwards the messages meant for its viewer (``broadcast``): those of the table, from
the process's ``fanout``, and his own part, from his user's group. One handler table: the
messages every table takes (``snapshot``, ``ping``, ``sit``, ``leave``, ``sit_out``, ``sit_in``, ``chat``,
``client_seed``, ``visibility``), and those its game adds (``Game.messages``: Hold'em's and Razz's ``act`` and
``pre_action``, the dealer game's ``bet`` and ``draw``). Messages from the browser are JSON, such as
``{"type": "sit", "seat": 3}`` or ``{"type": "chat", "text": "..."}``; ``visibility`` says whether
the page is in sight (Web Push, poker/push).

To the browser: ``snapshot`` (this viewer's whole ``view``, and ``public``, the patch from it to
the public view), ``update`` (``seq``, ``prev``, and the ``delta`` from the public view at
``prev``, or the whole public ``view``, from the table's group; see ``delta``), ``private``
(``seq``, this user's own part, from his own group), ``presence``, ``chat``, ``pong`` (to
``ping``), and ``error`` (``code``, ``message``) to this client only. See ``poker/README.md``.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from arf.language import chosen_language
from arf.logs import log_context
from arf.unavailable import database_unavailable, summary

from .. import connections
from ..models import Table
from . import clock, fairness, jsontext, messages, pages, rows, services
from .db import in_thread
from .errors import TableError
from .fanout import fanout
from .messages import BadMessage, seat_number
from .registry import Handler, game_of

logger = logging.getLogger(__name__)

MAX_MESSAGE = 2000
BUSY = _("The server is busy: your last move is sent again in a moment.")
BUSY_RETRY_MS = 1500


class TokenBucket:
    """Rate limit of one connection: ``rate`` messages a second, bursts up to ``burst``."""

    def __init__(self, rate: float = 10.0, burst: float = 20.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class TableConsumer(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.table_id = int(self.scope["url_route"]["kwargs"]["table_id"])
        user = self.scope.get("user")
        self.user = user if user is not None and user.is_authenticated else None
        self.user_id = self.user.pk if self.user else None
        self.language = chosen_language(self.scope.get("cookies", {}))  # as the page
        self.bucket = TokenBucket()
        self.warned_at = 0.0
        self.table_group = self.user_group = None  # joined once logged in (see ``fanout``)
        self.held: list[str] | None = []  # the table's messages before the first snapshot is sent
        self.present = False  # counted at his seat (services.table_presence)
        self.visible = False  # counted in sight at his seat (services.table_visibility)
        self.seen = False  # in sight, as the page last said
        self.visibility_bucket = TokenBucket(rate=1.0, burst=4.0)  # a page switched back and forth
        try:
            await self.join()
        except Exception as error:
            if not database_unavailable(error):
                # This consumer ends here and no disconnect will come: leave the groups it joined,
                # or the process keeps forwarding the table to a page that is gone (and its memory).
                await self.leave_groups()
                raise
            # Full or away: one line, and the page opens its socket again after its back-off.
            logger.warning("websocket not opened, %s", summary(error))
            await self.close(code=4503)

    async def join(self) -> None:
        variant = await in_thread(
            Table.objects.filter(pk=self.table_id).values_list("variant", flat=True).first
        )()
        if variant is None:
            await self.close(code=4404)
            return
        game = game_of(variant)
        self.handlers: dict[str, Handler] = {**CORE_MESSAGES, **game.messages}
        self.counts_presence = game.counts_presence
        await self.accept()
        clock.ensure_deadline_loop()
        pages.ensure_heartbeat()
        if self.user is None:
            await self.send_error("login_required", _("Log in to watch or play."))
            return
        table = Table(pk=self.table_id)
        self.user_group = table.user_group_name(self.user_id)
        await self.channel_layer.group_add(self.user_group, self.channel_name)
        self.table_group = table.group_name
        await fanout().join(self.table_group, self)
        await self.contribute_on_connect()
        await self.note_connection()
        await self.count_presence()
        await self.send_snapshot()
        while self.held:  # what came meanwhile follows the snapshot, in order
            await self.send(text_data=self.held.pop(0))
        self.held = None

    async def note_connection(self) -> None:
        """Where a seated player's page came from, as keyed hashes (poker/connections.py)."""
        client = self.scope.get("client") or (None,)
        browser = self.scope.get("cookies", {}).get(connections.BROWSER_COOKIE)
        await in_thread(connections.record)(self.table_id, self.user_id, client[0], browser)

    async def contribute_on_connect(self) -> None:
        """The page's client seed in its address (``?client_seed=``): taken before his presence is
        counted, which may deal the first hand at once (docs/fairness.md). Refused quietly when it
        no longer counts; a bad one is answered as the message would be."""
        query = parse_qs(self.scope.get("query_string", b"").decode("ascii", "replace"))
        seeds = query.get("client_seed")
        if not seeds:
            return
        try:
            kept = await in_thread(fairness.contribute)(
                self.table_id, self.user, messages.client_seed(seeds[0])
            )
        except BadMessage as error:
            await self.send_error(error.code, error.message)
        except TableError as error:
            if error.code != "client_seed_fixed" and error.code != "not_seated":
                await self.send_error(error.code, error.message)
        else:
            await self.send(text_data=jsontext.dumps({"type": "client_seed", "seed": kept}))

    async def count_presence(self) -> None:
        """A seated player with this page open is there: the get-ready wait and the organizer's view
        of the tables read it (a game without that wait does not count)."""
        if self.counts_presence and not self.present:
            self.present = await in_thread(services.table_presence)(
                table_id=self.table_id, user=self.user, connected=True
            )

    async def count_visibility(self) -> None:
        """A page in sight counts at his seat (Web Push, poker/push): when it says so, or when he
        sits down from a page already in sight."""
        if self.seen and not self.visible:
            self.visible = await in_thread(services.table_visibility)(
                table_id=self.table_id, user=self.user, visible=True
            )

    async def leave_groups(self) -> None:
        if getattr(self, "table_group", None):
            await fanout().leave(self.table_group, self)
            self.table_group = None
        if getattr(self, "user_group", None):
            await self.channel_layer.group_discard(self.user_group, self.channel_name)
            self.user_group = None

    async def disconnect(self, code: int) -> None:
        await self.leave_groups()
        if getattr(self, "present", False):
            await in_thread(services.table_presence)(table_id=self.table_id, user=self.user, connected=False)
        if getattr(self, "visible", False):
            await in_thread(services.table_visibility)(table_id=self.table_id, user=self.user, visible=False)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not self.bucket.take():
            # Dropped without touching the database; one warning a second at most.
            if time.monotonic() - self.warned_at > 1:
                self.warned_at = time.monotonic()
                await self.send_error("too_fast", _("Too many messages: slow down."))
            return
        try:
            message = self.parse(text_data)
            if self.user is None:
                raise BadMessage("login_required", _("Log in to play."))
            handler = self.handlers.get(message["type"])
            if handler is None:
                raise BadMessage("unknown_type", _("Unknown message type."))
            hand = message.get("hand")
            with log_context(hand=hand if isinstance(hand, int) else None):
                try:
                    await handler(self, message)
                except (BadMessage, TableError):
                    raise
                except Exception as error:
                    if database_unavailable(error):
                        # Full or away: nothing was changed (its transaction rolled back); one line,
                        # and the page sends the message again in a moment (static/js/table_common.js).
                        logger.warning("websocket message not served, %s", summary(error))
                        await self.send_error("busy", BUSY, retry_ms=BUSY_RETRY_MS)
                        return
                    # A bug must not close the player's socket: logged with its traceback (and the
                    # table, hand and user), the player is told, his next message is served as usual.
                    logger.exception("websocket message %r failed", text_data[:200] if text_data else None)
                    await self.send_error("server_error", _("Something went wrong on the server; try again."))
        except (BadMessage, TableError) as error:
            await self.send_error(error.code, error.message)

    def parse(self, text_data: str | None) -> dict[str, Any]:
        if text_data is None:
            raise BadMessage("malformed", _("Messages are JSON text."))
        if len(text_data) > MAX_MESSAGE:
            raise BadMessage("too_long", _("Message too long."))
        try:
            message = json.loads(text_data)
        except ValueError:
            raise BadMessage("malformed", _("Malformed message (not JSON).")) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise BadMessage("malformed", _("Malformed message (no type)."))
        return message

    # ---- messages from the services (channel layer)

    async def dispatch(self, message: dict[str, Any]) -> None:
        # Channels closes stale database connections before every message, a hop to its one
        # database thread each time. Forwarding a view or a chat line touches no database, and a
        # message from the browser reaches it only through ``in_thread``, which closes them in the
        # thread that runs the service: these, the most frequent messages, skip the hop.
        kind = message["type"]
        if kind == "table.update":
            await self.table_update(message)
        elif kind == "websocket.receive":
            await self.websocket_receive(message)
        else:
            await super().dispatch(message)

    async def forward(self, message: dict[str, Any]) -> None:
        # A message of the table's group, from this process's fan-out: the public view, a chat
        # line, the presence, serialised once for every viewer. Until the first snapshot is sent,
        # it waits (the page patches the view it has: the snapshot comes first).
        if self.held is not None:
            self.held.append(message["text"])
        else:
            await self.send(text_data=message["text"])

    async def table_update(self, event: dict[str, Any]) -> None:
        # The public view (table group) or this user's own part (his group), serialised once.
        await self.send(text_data=event["text"])

    # ---- answers to this client

    async def send_snapshot(self) -> None:
        message = await in_thread(rows.snapshot_message)(self.table_id, self.user_id)
        await self.send(text_data=jsontext.dumps(message))

    async def send_error(self, code: str, message: Any, **extra: Any) -> None:
        with translation.override(self.language):
            text = str(message)
        await self.send(text_data=jsontext.dumps({"type": "error", "code": code, "message": text, **extra}))


# --------------------------------------------------------------------------------------------------
# The messages every table takes, whatever its game


async def on_snapshot(consumer: TableConsumer, message: dict[str, Any]) -> None:
    await consumer.send_snapshot()


async def on_ping(consumer: TableConsumer, message: dict[str, Any]) -> None:
    """Is the socket alive? Asked by a page back on the screen or after a silence (table_common.js):
    answered at once, without the database."""
    await consumer.send(text_data='{"type":"pong"}')


async def on_sit(consumer: TableConsumer, message: dict[str, Any]) -> None:
    seat = seat_number(message.get("seat"))
    await in_thread(services.table_sit)(table_id=consumer.table_id, user=consumer.user, seat=seat)
    await consumer.count_presence()
    await consumer.count_visibility()


async def on_leave(consumer: TableConsumer, message: dict[str, Any]) -> None:
    await in_thread(services.table_leave)(table_id=consumer.table_id, user=consumer.user)


async def on_sit_out(consumer: TableConsumer, message: dict[str, Any]) -> None:
    await in_thread(services.table_sit_out)(table_id=consumer.table_id, user=consumer.user, away=True)


async def on_sit_in(consumer: TableConsumer, message: dict[str, Any]) -> None:
    await in_thread(services.table_sit_out)(table_id=consumer.table_id, user=consumer.user, away=False)


async def on_chat(consumer: TableConsumer, message: dict[str, Any]) -> None:
    text = message.get("text")
    if not isinstance(text, str):
        raise BadMessage("malformed", _("A chat message is text."))
    await in_thread(services.table_chat)(table_id=consumer.table_id, user=consumer.user, text=text)


async def on_client_seed(consumer: TableConsumer, message: dict[str, Any]) -> None:
    """A seated player's contribution to the client seed (docs/fairness.md); his page hears back."""
    text = messages.client_seed(message.get("seed"))
    kept = await in_thread(fairness.contribute)(consumer.table_id, consumer.user, text)
    await consumer.send(text_data=jsontext.dumps({"type": "client_seed", "seed": kept}))


async def on_visibility(consumer: TableConsumer, message: dict[str, Any]) -> None:
    """The page came into sight or left it (``{"type": "visibility", "visible": true}``, sent by the
    page at each connection and at each change): his turn is pushed only when no page is in sight
    (poker/push). The same state again changes nothing; more than one change a second (after a
    burst of four) is refused."""
    visible = message.get("visible")
    if not isinstance(visible, bool):
        raise BadMessage("malformed", _("A visibility message says true or false."))
    if visible == consumer.seen:
        return
    if not consumer.visibility_bucket.take():
        raise BadMessage("too_fast", _("Too many messages: slow down."))
    consumer.seen = visible
    if visible:
        await consumer.count_visibility()
    elif consumer.visible:
        consumer.visible = False
        await in_thread(services.table_visibility)(
            table_id=consumer.table_id, user=consumer.user, visible=False
        )


CORE_MESSAGES: dict[str, Handler] = {
    "client_seed": on_client_seed,
    "snapshot": on_snapshot,
    "ping": on_ping,
    "sit": on_sit,
    "leave": on_leave,
    "sit_out": on_sit_out,
    "sit_in": on_sit_in,
    "chat": on_chat,
    "visibility": on_visibility,
}
