import functools
import logging
import sys

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """What is happening now: the current session and the season's leaderboard."""
    from championship import selectors

    season = selectors.season_current()
    current = selectors.session_current(season) if season else None
    context = {
        "current": current,
        "standings": selectors.standings(season) if season else None,
        "me": selectors.self_registration(current, request.user),
    }
    return render(request, "home.html", context)


logger = logging.getLogger(__name__)


@functools.cache
def _redis(url: str):
    """One client a process: its pool keeps the connection, so a check is one PING."""
    import redis

    return redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)


def _check(name: str, probe) -> str:
    try:
        probe()
    except Exception as error:
        logger.warning("health check: %s does not answer: %s", name, error)
        return "error"
    return "ok"


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """For the proxy and docker-compose health checks: the process answers, and so do the database
    and Redis (when the deployment has one). Cheap: one SELECT 1 and one PING, nothing rendered.
    503 as soon as one of them fails, saying which."""
    checks = {"database": _check("the database", _database)}
    if settings.REDIS_URL:
        checks["redis"] = _check("Redis", lambda: _redis(settings.REDIS_URL).ping())
    healthy = all(state == "ok" for state in checks.values())
    return JsonResponse({"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, in the visitor's language, with a way back home. It is drawn without the
    request's context (the context processors may be what failed), and if even that fails, a
    plain text still says what happened. A failure for want of the database (a session or a
    message saved after the view, a context processor's query) is the busy page instead: 503."""
    from . import unavailable

    error = sys.exc_info()[1]
    if unavailable.database_unavailable(error):
        unavailable.logger.warning(
            "database unavailable: %s %s: %s", request.method, request.path, unavailable.summary(error)
        )
        return unavailable.busy_response(request)
    try:
        return HttpResponseServerError(loader.get_template("500.html").render({}))
    except Exception:
        logger.exception("the 500 page could not be drawn")
        return HttpResponseServerError(
            _("Something went wrong. Back to the home page: /"), content_type="text/plain; charset=utf-8"
        )
