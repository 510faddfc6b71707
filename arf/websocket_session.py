"""The websockets' logged-in user, read from the session once, when the socket opens.

Channels' ``AuthMiddlewareStack`` wraps every message a consumer sends in a check of whether the
session changed, to save it (a socket may log a user in or out through ``channels.auth``). Ours
never change the session: they only read who is logged in. A table's update goes out to each of
its 8 or more viewers, so that check ran 8 times an action (bench/tables.py's profile: about 2 % of
daphne's time); here the socket's ``send`` is the server's own.
"""

from __future__ import annotations

from channels.auth import AuthMiddleware
from channels.sessions import CookieMiddleware, InstanceSessionWrapper


class ReadSessionMiddleware:
    """``scope["session"]`` as Channels' ``SessionMiddleware`` gives it, without its saving ``send``."""

    def __init__(self, inner) -> None:
        self.inner = inner

    async def __call__(self, scope, receive, send):
        wrapper = InstanceSessionWrapper(scope, send)
        await wrapper.resolve_session()
        return await self.inner(wrapper.scope, receive, send)


def ReadOnlyAuthMiddlewareStack(inner):
    return CookieMiddleware(ReadSessionMiddleware(AuthMiddleware(inner)))
