"""The season in numbers: a player's numbers (on his page), two players head to head, the
season's awards (docs/statistics.md)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from ..models import Member, Season
from ..statistics.awards import MIN_ALLINS, season_awards
from ..statistics.head_to_head import head_to_head


@require_GET
def versus_choose(request: HttpRequest, pk: int) -> HttpResponse:
    """The "compare with" form of a player's page: to the head-to-head of the member chosen."""
    member = get_object_or_404(Member, pk=pk)
    other = request.GET.get("contre", "")
    if not other.isdigit() or int(other) == member.pk or not Member.objects.filter(pk=int(other)).exists():
        return redirect("player_detail", member.pk)
    return redirect("head_to_head", member.pk, int(other))


@require_GET
def versus(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    members = Member.objects.in_bulk([pk, other])
    if pk == other or len(members) != 2:
        raise Http404
    record = head_to_head(members[pk], members[other])
    return render(request, "championship/head_to_head.html", {"record": record})


@require_GET
def awards(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    return render(
        request,
        "championship/awards.html",
        {"season": season, "awards": season_awards(season), "min_allins": MIN_ALLINS},
    )
