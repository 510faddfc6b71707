"""The organizer's integrity pages: a session's and a season's pairs (docs/integrity.md)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from accounts.decorators import organizer_required

from ..models import Season, Session
from .report import season_report, session_report


@require_GET
@organizer_required
def session_integrity(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("season"), pk=pk)
    context = {"session": session, "season": session.season, "report": session_report(session)}
    return render(request, "championship/integrity.html", context)


@require_GET
@organizer_required
def season_integrity(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    context = {"session": None, "season": season, "report": season_report(season)}
    return render(request, "championship/integrity.html", context)
