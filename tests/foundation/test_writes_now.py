"""Daphne's connections send a message when it is written (arf/writes_now.py): the bytes arrive
whole and in order, and a lost connection is still reported by Twisted."""

from __future__ import annotations

import socket

import pytest
from twisted.internet import tcp

from arf import writes_now


class Reactor:
    """Records the connections that asked to be told when they can write (Twisted's buffered way)."""

    def __init__(self) -> None:
        self.writers: list = []

    def addWriter(self, connection) -> None:
        if connection not in self.writers:  # a set, as in every reactor
            self.writers.append(connection)

    def removeWriter(self, connection) -> None:
        if connection in self.writers:
            self.writers.remove(connection)


@pytest.fixture
def pair():
    """A Twisted server connection on one end of a socket pair, the client's socket on the other."""
    ours, theirs = socket.socketpair()
    reactor = Reactor()
    connection = tcp.Connection(ours, protocol=None, reactor=reactor)
    connection.connected = True
    original = tcp.Connection.write
    writes_now.install()
    try:
        yield connection, theirs, reactor
    finally:
        tcp.Connection.write = original
        ours.close()
        theirs.close()


def received(sock: socket.socket) -> bytes:
    sock.setblocking(False)
    chunks = []
    while True:
        try:
            chunk = sock.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_a_message_goes_out_when_written(pair):
    connection, client, reactor = pair
    connection.write(b'{"type":"update"}')
    assert received(client) == b'{"type":"update"}'
    assert reactor.writers == []  # no turn of the loop waited for


def test_what_the_socket_does_not_take_waits_in_order(pair):
    connection, client, reactor = pair
    big = bytes(range(256)) * 40_000  # 10 MB: more than the socket takes at once
    connection.write(big)
    connection.write(b"after")
    assert reactor.writers == [connection]
    got = received(client)
    assert 0 < len(got) < len(big) and big.startswith(got)
    while reactor.writers:  # the loop's turns: Twisted sends the rest as before
        connection.doWrite()
        got += received(client)
    assert got == big + b"after"


def test_a_write_after_buffered_bytes_waits_behind_them(pair):
    connection, client, _reactor = pair
    connection._tempDataBuffer.append(b"first ")
    connection._tempDataLen += 6
    connection.write(b"second")
    assert received(client) == b""
    connection.doWrite()
    assert received(client) == b"first second"


def test_a_lost_connection_is_still_reported_by_twisted(pair):
    connection, client, reactor = pair
    client.close()
    connection.write(b"to nobody")
    assert reactor.writers == [connection]  # buffered: Twisted's doWrite finds the loss
    assert connection.doWrite() is not None


def test_a_connection_under_tls_writes_through_its_tls_layer(pair):
    connection, client, _reactor = pair
    connection.TLS = True  # as startTLS leaves it: the TLS layer must see the bytes, not the socket
    through_tls = []
    connection.protocol = type("TLSProtocol", (), {"write": lambda self, data: through_tls.append(data)})()
    connection.write(b"secret")
    assert through_tls == [b"secret"]
    assert received(client) == b""
