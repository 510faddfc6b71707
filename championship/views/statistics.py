"""The season in numbers: a player's numbers (on his page), two players head to head, the
season's awards (docs/statistics.md)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from ..models import Member, Season
from ..statistics.awards import MIN_ALLINS, season_awards
from ..statistics.head_to_head import head_to_head


@require_GET
def versus_choose(request: HttpRequest, pk: int) -> HttpResponse:
    """Whom to compare a player with: every other member, each a link to their head-to-head."""
    member = get_object_or_404(Member, pk=pk)
    others = Member.objects.exclude(pk=member.pk).only("nickname")
    return render(request, "championship/head_to_head_choose.html", {"member": member, "others": others})


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
