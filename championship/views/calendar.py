"""Public calendar files: a session's event, a season's subscription feed (championship.calendar)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from .. import calendar
from ..models import Season, Session


def _ics(body: bytes, filename: str, *, attachment: bool) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    disposition = "attachment" if attachment else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{filename}"'
    # A subscribed calendar reads it again now and then: always the current dates.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def session_ics(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("season"), pk=pk)
    return _ics(calendar.session_ics(request, session), f"arf-seance-{session.pk}.ics", attachment=True)


@require_GET
def season_ics(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    return _ics(calendar.season_ics(request, season), f"arf-saison-{season.pk}.ics", attachment=False)
