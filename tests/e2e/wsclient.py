"""A small websocket client on asyncio streams, for tests against a real daphne and the benchmark.

Only what those need (RFC 6455): the handshake with a cookie and an Origin, masked text frames out,
text/ping/close frames in. JSON in, JSON out.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
from urllib.parse import urlparse


class WebSocketClosed(Exception):
    pass


class WebSocket:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def connect(cls, url: str, *, cookie: str = "", origin: str | None = None) -> WebSocket:
        parsed = urlparse(url)
        reader, writer = await asyncio.open_connection(parsed.hostname, parsed.port)
        key = base64.b64encode(os.urandom(16)).decode()
        origin = origin or f"http://{parsed.hostname}:{parsed.port}"
        headers = [
            f"GET {parsed.path} HTTP/1.1",
            f"Host: {parsed.hostname}:{parsed.port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            f"Origin: {origin}",
        ]
        if cookie:
            headers.append(f"Cookie: {cookie}")
        writer.write(("\r\n".join(headers) + "\r\n\r\n").encode())
        await writer.drain()
        status = await reader.readline()
        if b" 101 " not in status:
            writer.close()
            raise WebSocketClosed(f"handshake refused: {status.decode().strip()}")
        while (await reader.readline()) not in (b"\r\n", b""):
            pass
        return cls(reader, writer)

    async def send(self, message: dict | str) -> None:
        data = (message if isinstance(message, str) else json.dumps(message)).encode()
        self._write_frame(0x1, data)
        await self.writer.drain()

    def _write_frame(self, opcode: int, data: bytes) -> None:
        header = bytes([0x80 | opcode])
        length = len(data)
        if length < 126:
            header += bytes([0x80 | length])
        elif length < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", length)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(data)) if length < 512 else _mask(data, mask)
        self.writer.write(header + mask + masked)

    async def recv_text(self) -> str:
        chunks: list[bytes] = []
        while True:
            first, second = await self.reader.readexactly(2)
            opcode, fin = first & 0x0F, first & 0x80
            length = second & 0x7F
            if length == 126:
                (length,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif length == 127:
                (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
            payload = await self.reader.readexactly(length)
            if opcode == 0x8:
                raise WebSocketClosed("closed by the server")
            if opcode == 0x9:
                self._write_frame(0xA, payload)
                continue
            if opcode in (0x1, 0x0):
                chunks.append(payload)
                if fin:
                    return b"".join(chunks).decode()

    async def recv(self, timeout: float = 5) -> dict:
        """The next message, "presence" ones (who has the table open, no seq) skipped."""
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await self.recv_text())
                if message.get("type") != "presence":
                    return message

    async def until(self, predicate, timeout: float = 5) -> dict:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await self.recv_text())
                if predicate(message):
                    return message

    async def close(self) -> None:
        try:
            self._write_frame(0x8, struct.pack("!H", 1000))
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            pass
        self.writer.close()


def _mask(data: bytes, mask: bytes) -> bytes:
    """XOR a long payload with the mask, a word at a time."""
    repeated = (mask * (len(data) // 4 + 1))[: len(data)]
    return (int.from_bytes(data, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(data), "big")
