from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
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
