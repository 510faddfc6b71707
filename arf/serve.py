"""``python -m arf.serve [daphne's arguments]``: daphne, on uvloop's event loop.

Daphne runs Twisted on an asyncio event loop (Twisted's asyncio reactor), which it creates when
``daphne.server`` is imported. Choosing uvloop's event loop policy before that import gives daphne
uvloop's loop (libuv, written in C) instead of asyncio's own, written in Python: the loop's
bookkeeping is a large share of a websocket server's CPU (bench/tables.py measures it). Everything
else is daphne as ``daphne`` runs it: same arguments, same application, with one change to Twisted:
a write to a connection with nothing waiting goes to the socket at once (``arf.writes_now``).
"""

import asyncio

import uvloop

from arf import heapdump

heapdump.listen_from_environment("web")  # off unless ARF_TRACEMALLOC is set (bench/soak.py --tracemalloc)

asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())

from daphne.cli import CommandLineInterface  # noqa: E402  (daphne makes its loop when imported)

from arf import writes_now  # noqa: E402

writes_now.install()  # a websocket message is sent when written, not on the loop's next turn

if __name__ == "__main__":
    CommandLineInterface.entrypoint()
