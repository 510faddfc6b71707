"""When the database is full or away: a 503 that says so, one log line, never a traceback storm.

A database that refuses clients, is restarting, or a pool with no connection free within
DB_POOL_TIMEOUT all reach the app as Django's ``OperationalError`` (or ``InterfaceError`` for a
connection lost mid-use). Nothing is wrong with the request: the visitor is told the server is
busy and to try again (503, ``Retry-After``), and the log says it in one line, not with a
traceback for each of the hundreds of requests a busy minute brings.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.utils.translation import gettext as _

logger = logging.getLogger("arf.database")

RETRY_AFTER_SECONDS = 5


def database_unavailable(error: BaseException | None) -> bool:
    return isinstance(error, OperationalError | InterfaceError)


def summary(error: BaseException) -> str:
    """The error's first line, without the connection details psycopg adds on the next ones."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"


def busy_response(request: HttpRequest) -> HttpResponse:
    """The styled 503 page, drawn without the request's context (the context processors read the
    database), or a plain text if even that fails."""
    try:
        response = HttpResponse(loader.get_template("503.html").render({}), status=503)
    except Exception:
        response = HttpResponse(
            _("The server is busy: try again in a moment."),
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    # Its one line is the caller's: Django's "Service Unavailable" line would be a second.
    response._has_been_logged = True
    return response


class DatabaseUnavailableMiddleware:
    """A view that fails for want of the database answers the busy page, in DEBUG too (the 500
    handler, ``arf.views.server_error``, covers what fails outside the view in production)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not database_unavailable(exception):
            return None
        logger.warning("database unavailable: %s %s: %s", request.method, request.path, summary(exception))
        return busy_response(request)


def redis_unavailable(error: BaseException | None) -> bool:
    """Redis, the channel layer's, refusing or dropping the connection (a restart)."""
    from redis.exceptions import ConnectionError, TimeoutError

    return isinstance(error, ConnectionError | TimeoutError)


class OneLineForUnavailableService(logging.Filter):
    """On the console: an event that failed for want of the database (a request, a socket's
    message) or of Redis (channels-redis's receive task, while Redis restarts) is one line, not a
    traceback: the cause is the service's, and it says so itself."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if database_unavailable(error) or redis_unavailable(error):
            record.msg = f"{record.getMessage()} (service unavailable: {summary(error)})"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True
