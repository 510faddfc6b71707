import logging

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
    context = {
        "current": selectors.session_current(season) if season else None,
        "standings": selectors.standings(season) if season else None,
    }
    return render(request, "home.html", context)


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """For the proxy and docker-compose health checks: the process answers and the database too."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page, in the visitor's language, with a way back home. It is drawn without the
    request's context (the context processors may be what failed), and if even that fails, a
    plain text still says what happened."""
    try:
        return HttpResponseServerError(loader.get_template("500.html").render({}))
    except Exception:
        logging.getLogger(__name__).exception("the 500 page could not be drawn")
        return HttpResponseServerError(
            _("Something went wrong. Back to the home page: /"), content_type="text/plain; charset=utf-8"
        )
