"""The ICE servers a member's browser is handed at each ``welcome`` (docs/voice.md, "ICE servers").

STUN and TURN come from the environment (``VOICE_*`` settings). TURN credentials are made per user
and expire: the TURN REST scheme that coturn checks with ``use-auth-secret`` and
``static-auth-secret``: the username is ``<expiry unix time>:<user id>``, the credential is
base64(HMAC-SHA1(secret, username)). No password is ever written in a page, and one seen in a
page's memory is worth ``VOICE_TURN_TTL`` seconds of relaying at most.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

from django.conf import settings


def turn_credentials(user_id: int, *, secret: str, ttl: int, now: float | None = None) -> tuple[str, str]:
    """The (username, credential) pair coturn accepts until ``now + ttl``."""
    expiry = int(now if now is not None else time.time()) + ttl
    username = f"{expiry}:{user_id}"
    digest = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(digest).decode("ascii")


def ice_servers(user_id: int, *, now: float | None = None) -> list[dict]:
    """RTCIceServer dictionaries for this user's RTCPeerConnections."""
    servers: list[dict] = []
    if settings.VOICE_STUN_URLS:
        servers.append({"urls": list(settings.VOICE_STUN_URLS)})
    if settings.VOICE_TURN_URLS:
        username, credential = turn_credentials(
            user_id, secret=settings.VOICE_TURN_SECRET, ttl=settings.VOICE_TURN_TTL, now=now
        )
        servers.append(
            {"urls": list(settings.VOICE_TURN_URLS), "username": username, "credential": credential}
        )
    return servers


def transport_policy() -> str:
    """``relay`` (only TURN candidates: the players' addresses stay hidden from each other) where
    ``VOICE_RELAY_ONLY`` is on and TURN is configured, else ``all``."""
    return "relay" if settings.VOICE_RELAY_ONLY and settings.VOICE_TURN_URLS else "all"
