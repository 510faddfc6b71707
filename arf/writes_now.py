"""Twisted's TCP connections write at once when nothing waits to be written, as asyncio's do.

Twisted buffers every write and sends it on the loop's next turn, once the socket is reported
writable: for each websocket message, a writer added to the event loop (a system call), a turn of
the loop, the send, and the writer removed (another system call). A table's update goes to 8
sockets or more, so daphne paid that 8 times an action. Here a write to a connection with nothing
buffered tries the socket first (asyncio's ``_SelectorSocketTransport.write`` does the same); what
the socket does not take, and any error, goes Twisted's own way (buffered, and reported by its
``doWrite`` as before), so the order of the bytes and the reporting of a lost connection do not
change. Installed by ``arf.serve`` before daphne starts.
"""

from __future__ import annotations

from twisted.internet import tcp

_buffered_write = tcp.Connection.write


def write(self, data: bytes) -> None:
    # Under TLS started on the connection (``startTLS``) the bytes must go through the TLS layer
    # first: Twisted's own write does that.
    if (
        data
        and self.connected
        and not (
            self.TLS
            or self.dataBuffer
            or self._tempDataBuffer
            or self.disconnecting
            or self._writeDisconnected
        )
    ):
        try:
            sent = self.socket.send(data)
        except OSError:  # would block, or the connection is lost: Twisted's way, as before
            sent = 0
        if sent == len(data):
            return
        data = data[sent:]
    _buffered_write(self, data)


def install() -> None:
    tcp.Connection.write = write
