"""One channel a process for each table's viewers: a change reaches the process once, and the
process writes it to each of its viewers of that table.

Channels' way, every websocket joins the table's group with its own channel: the channel layer
then decodes each message once per viewer and wakes each viewer's task to forward it. A table has
8 viewers or more, so the process joins the table's group once, with the channel of its
``Fanout``, while one of its pages shows the table, and forwards each message to them itself: one
decoding and no task switch per viewer (bench/tables.py: the fan-out was about a third of
daphne's time an action). A viewer's own part still comes to his own channel (his user's group).

The messages to a table's group carry the group's name (``broadcast.send_now``), since a message
of the layer does not say which group it was sent to.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Protocol

from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


class Viewer(Protocol):
    async def forward(self, message: dict) -> None: ...


class Fanout:
    """The viewers of each table in this process, on one event loop."""

    def __init__(self) -> None:
        self.viewers: dict[str, set[Viewer]] = {}
        self.channel: str | None = None
        self.task: asyncio.Task | None = None
        # Joining and leaving change the layer's groups at an await: one at a time, so that the
        # last viewer leaving and a new one joining cannot leave the group without its channel.
        self.lock = asyncio.Lock()

    async def join(self, group: str, viewer: Viewer) -> None:
        """From now on ``viewer`` gets the messages sent to ``group``."""
        layer = get_channel_layer()
        async with self.lock:
            if self.channel is None:
                self.channel = await layer.new_channel("fanout.")
                self.task = asyncio.get_running_loop().create_task(self.run(self.channel))
            viewers = self.viewers.get(group)
            if viewers is None:
                await layer.group_add(group, self.channel)
                viewers = self.viewers[group] = set()
            viewers.add(viewer)

    async def leave(self, group: str, viewer: Viewer) -> None:
        layer = get_channel_layer()
        async with self.lock:
            viewers = self.viewers.get(group)
            if viewers is None or viewer not in viewers:
                return
            viewers.discard(viewer)
            if viewers:
                return
            del self.viewers[group]
            await layer.group_discard(group, self.channel)
            if not self.viewers and self.task is not None:
                # No table shown any more: the receiving task stops, the channel with it (a
                # cancelled receive unsubscribes it); the next viewer starts them again.
                self.task.cancel()
                self.task, self.channel = None, None

    async def run(self, channel: str) -> None:
        layer = get_channel_layer()
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer reconnects by itself; the pages heal the gap by snapshot
                logger.exception("receiving the tables' messages failed")
                await asyncio.sleep(1)
                continue
            for viewer in tuple(self.viewers.get(message.get("group"), ())):
                try:
                    await viewer.forward(message)
                except Exception:  # one closed or failing socket does not starve the others
                    logger.exception("forwarding a table's message failed")


_fanouts: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Fanout] = weakref.WeakKeyDictionary()


def fanout() -> Fanout:
    """This event loop's fan-out (daphne has one loop; a test may run several one after another)."""
    loop = asyncio.get_running_loop()
    found = _fanouts.get(loop)
    if found is None:
        found = _fanouts[loop] = Fanout()
    return found
