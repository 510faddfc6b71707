"""Logs: one line per event on stdout, naming the table, the hand and the user where they apply.

The web processes and the worker all write here; a deployment's log collector (docker's, journald)
takes stdout. A traceback stays on the event's line (its newlines written as ``\\n``), so one grep
finds the whole event and lines of two processes never interleave.

``log_context(table=..., user=...)`` names what the code is working on; every line logged inside it
(in the same task or thread, and in the threads ``asyncio.to_thread`` and Channels start from it)
carries those names.
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
from collections.abc import Iterator
from typing import Any

FIELDS = ("table", "hand", "user")

_context: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "arf_log_context", default=None
)


@contextlib.contextmanager
def log_context(**fields: Any) -> Iterator[None]:
    """Adds ``fields`` (table, hand, user) to every line logged inside the block."""
    current = _context.get() or {}
    token = _context.set({**current, **{k: v for k, v in fields.items() if v is not None}})
    try:
        yield
    finally:
        _context.reset(token)


def current_context() -> dict[str, Any]:
    return dict(_context.get() or {})


class ContextFilter(logging.Filter):
    """Puts the current log context on the record (``record.table``... empty when unknown)."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = _context.get() or {}
        request = getattr(record, "request", None)  # django.request logs a page's errors after it
        if request is not None and not context:
            context = _request_context(request)
        for name in FIELDS:
            if not hasattr(record, name):
                setattr(record, name, context.get(name))
        return True


class OneLineFormatter(logging.Formatter):
    """``2026-12-01T20:15:03+0100 ERROR poker.tables.clock deadline ... failed table=3 | Traceback...``"""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s", datefmt="%Y-%m-%dT%H:%M:%S%z")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)  # message, then the traceback on the next lines
        names = " ".join(f"{n}={getattr(record, n)}" for n in FIELDS if getattr(record, n, None) is not None)
        head, _, rest = line.partition("\n")
        if names:
            head = f"{head} {names}"
        if rest:
            head = f"{head} | {rest}"
        return head.replace("\r", "").replace("\n", "\\n")


def _request_context(request) -> dict[str, Any]:
    user = getattr(request, "user", None)
    context = {"user": user.get_username() if user is not None and user.is_authenticated else None}
    match = getattr(request, "resolver_match", None)
    if match is not None and match.namespace == "poker" and "pk" in match.kwargs:
        context["table"] = match.kwargs["pk"]
    return context


class RequestContextMiddleware:
    """Every line logged while a page is served names its user (and its table on /tables/<id>/)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        with log_context(**_request_context(request)):
            return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        # The URL is resolved now: a table's page names its table too (until the block above ends).
        _context.set({**current_context(), **_request_context(request)})


class WebsocketContextMiddleware:
    """ASGI: every line logged by a table's websocket consumer names its table and user."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        name = user.get_username() if user is not None and user.is_authenticated else None
        route = scope.get("path", "").strip("/").split("/")
        table = route[2] if len(route) >= 3 and route[:2] == ["ws", "tables"] else None
        with log_context(table=table, user=name):
            return await self.app(scope, receive, send)
