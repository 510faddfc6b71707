"""Which address and which browser each player's table pages came from, kept as keyed hashes: the
organizer's integrity page shows two accounts seated at one table from the same address or the
same browser beside their pair's figures (docs/integrity.md, "Shared connections"). Never a
verdict: a household shares an address, a family shares a tablet.

Nothing readable is kept: the address and the browser's token are each reduced to an HMAC-SHA256
keyed with the app's SECRET_KEY (Django's ``salted_hmac``, its own salt), cut to 16 bytes. The
same address gives the same hash for as long as the key stays; nobody without the key can tell
which address it was, nor test guessed addresses.
"""

from __future__ import annotations

import secrets

from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from .models import Seat, SeatConnection

BROWSER_COOKIE = "arf_browser"
BROWSER_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (Chrome: 400 days)


def keyed(kind: str, value: str) -> str:
    return salted_hmac(f"poker.connections.{kind}", value, algorithm="sha256").hexdigest()[:32]


def give_browser_token(request: HttpRequest, response: HttpResponse) -> None:
    """A table page gives its browser a random token once (a cookie of its own, sent back with the
    table's websocket): what tells two accounts in one browser apart from two browsers."""
    if BROWSER_COOKIE not in request.COOKIES:
        response.set_cookie(
            BROWSER_COOKIE,
            secrets.token_urlsafe(16),
            max_age=BROWSER_MAX_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )


def record(table_id: int, user_id: int, address: str | None, browser: str | None) -> None:
    """Once per table, seated user, address and browser (a reconnection adds nothing; a spectator
    is not kept)."""
    if not Seat.objects.filter(table_id=table_id, user_id=user_id).exists():
        return
    SeatConnection.objects.get_or_create(
        table_id=table_id,
        user_id=user_id,
        address=keyed("address", address) if address else "",
        browser=keyed("browser", browser) if browser else "",
    )
