"""A push service on 127.0.0.1 played by the test (RFC 8030's "push resource" a device's subscription
names), the server's VAPID keys, and devices: each with its own P-256 key pair and auth secret, as a
browser makes them, able to decrypt what reached it (RFC 8291) like the browser would."""

from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from poker.push.models import Subscription


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class PushService:
    url: str
    received: list[Received] = field(default_factory=list)
    answers: dict[str, int] = field(default_factory=dict)  # path -> status (default 201 Created)

    def to(self, path: str) -> list[Received]:
        return [r for r in self.received if r.path == path]


@pytest.fixture
def push_service():
    service = PushService(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            service.received.append(
                Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
            )
            self.send_response(service.answers.get(self.path, 201))
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_port}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield service
    server.shutdown()
    server.server_close()


@pytest.fixture
def vapid(settings):
    """The server's key pair, as ``manage.py webpush_keys`` prints it."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    settings.WEBPUSH_VAPID_PRIVATE_KEY = b64url(key.private_numbers().private_value.to_bytes(32, "big"))
    settings.WEBPUSH_VAPID_PUBLIC_KEY = b64url(public)
    settings.WEBPUSH_SUBJECT = "mailto:organisateur@arf.example"
    return key.public_key()


class Device:
    """A browser's subscription: its endpoint at the push service, its keys, what it received."""

    def __init__(self, user, service: PushService, name: str, language: str = "fr") -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.path = f"/push/{name}"
        self.service = service
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = Subscription.objects.create(
            user=user,
            endpoint=service.url + self.path,
            p256dh=b64url(public),
            auth=b64url(self.auth),
            language=language,
        )

    def decrypt(self, received: Received) -> dict:
        plain = http_ece.decrypt(
            received.body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)

    def messages(self) -> list[dict]:
        return [self.decrypt(r) for r in self.service.to(self.path)]


@pytest.fixture
def device(push_service, vapid):
    def make(user, name: str | None = None, language: str = "fr") -> Device:
        return Device(user, push_service, name or user.username, language)

    return make
