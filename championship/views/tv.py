"""The TV clock of a session (/championnat/seances/<id>/horloge/), public, for the screen of the
room: before the start the session, its date, a countdown, who has entered and a QR code to the
session's page for the phones in the room; during play the level and the clock, the seating of
the round and who is out, in order; at the end the results. Its body is fetched again on each
change of the session, pushed over the session's socket (static/js/tv.js, session_events)."""

from __future__ import annotations

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from .. import selectors
from ..models import Session


def qr_svg(url: str) -> str:
    """The QR code of ``url`` drawn on the server (segno) as an SVG element: no script, no request.
    Dark on light with its quiet zone, as phones' cameras read it best, even on a dark page."""
    code = segno.make(url, error="m")
    return code.svg_inline(dark="#062c1d", light="#fff", border=2, omitsize=True, svgclass="tv-qr-code")


@require_GET
def session_tv(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session, pk=pk)
    board = selectors.session_board(session)
    session = board.session
    context = {
        "board": board,
        "session": session,
        "entrants": sorted((r.member.nickname for r in board.registrations), key=str.casefold),
        "knocked_out": [k for k in board.knockouts if k.is_active],
    }
    if session.status == Session.Status.PLANNED:
        page_url = request.build_absolute_uri(session.get_absolute_url())
        context["page_url"] = page_url
        context["qr"] = mark_safe(qr_svg(page_url))  # segno's own markup: numbers and colours only
        context["seconds_to_start"] = max(0, int((session.scheduled_at - timezone.now()).total_seconds()))
    if request.htmx:
        return render(request, "championship/partials/tv_clock.html", context)
    return render(request, "championship/session_tv.html", context)
