"""Public pages: the leaderboard of a season, its chart and CSV, past seasons, a player's page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from poker import selectors as poker_selectors
from poker.coach.selectors import session_summary as coach_summary
from poker.models import Table
from poker.pages import downloads

from .. import selectors
from ..charts import cumulative_chart
from ..exports import csv_response
from ..models import Member, Season
from ..statistics.player import player_numbers


def _chart(table: selectors.Standings):
    series = [(row.member.nickname, table.cumulative(row)) for row in table.rows[:8]]
    return cumulative_chart(series, [str(s.number) for s in table.sessions])


@require_GET
def standings(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk) if pk else selectors.season_current()
    table = selectors.standings(season) if season else None
    return render(
        request,
        "championship/standings.html",
        {
            "season": season,
            "table": table,
            "chart": _chart(table) if table else None,
            "seasons": list(selectors.season_list()),
        },
    )


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    table = selectors.standings(season)
    header = [
        _("rank"),
        _("player"),
        _("points"),
        _("sessions played"),
        _("wins"),
        _("best place"),
        _("points per session"),
    ] + [_("session %(n)s") % {"n": s.number} for s in table.sessions]
    rows = (
        [row.rank, row.member.nickname, row.points, row.played, row.wins, row.best_place, row.per_session]
        + [row.by_session[s.pk].points if s.pk in row.by_session else "" for s in table.sessions]
        for row in table.rows
    )
    return csv_response(f"classement-{season.pk}.csv", header, rows)


@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    return render(request, "championship/season_list.html", {"seasons": list(selectors.season_list())})


@require_GET
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    member = Member.objects.filter(pk=pk).first()
    if member is None:
        raise Http404
    is_me = _is_me(request, member)
    records = selectors.player_history(member)
    context = {
        "member": member,
        "records": records,
        "numbers": player_numbers(member, records),
        "other_games": [("razz", _("Razz online")), ("dealer_draw", _("Draw against the dealer"))],
        "is_me": is_me,
    }
    if is_me:
        context["formats"] = downloads.choices(Table.Variant.HOLDEM, many=True)
        context["to_review"] = coach_summary(request.user.pk)  # the coach: his own hands only
    return render(request, "championship/player_detail.html", context)


def _is_me(request: HttpRequest, member: Member) -> bool:
    return request.user.is_authenticated and member.user_id == request.user.pk


@login_required
@require_GET
def player_hands(request: HttpRequest, pk: int, season_pk: int) -> HttpResponse:
    """All his hands of a season's online sessions, for the player himself, as he saw them (his
    cards and the hands shown): one file, streamed (``poker.pages.downloads``)."""
    member = get_object_or_404(Member, pk=pk)
    season = get_object_or_404(Season, pk=season_pk)
    fmt = downloads.format_of(request.GET.get("format"), Table.Variant.HOLDEM, many=True)
    if not _is_me(request, member) or fmt is None:
        raise Http404
    hands = poker_selectors.finished_hands_at(selectors.season_poker_tables(season))
    name = f"arf-saison-{season.pk}-{member.pk}"
    return downloads.hands_response(request, hands, fmt, name, only_his=True)
