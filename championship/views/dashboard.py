"""The organizer's dashboard: the current session at a glance and the next step; the chip set."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.decorators import organizer_required

from .. import selectors
from ..chips_rules import Colour, chip_plan
from ..forms import ChipColourForm
from ..models import ChipColour
from ..services import chips as chip_services
from .sessions import _live_context


@organizer_required
def dashboard(request: HttpRequest) -> HttpResponse:
    season = selectors.season_current()
    session = selectors.session_current(season)
    context = {"season": season, "current": session}
    if session is not None:
        live = _live_context(request, session)
        context.update(live)
        context["totals"] = selectors.session_fee_totals(session, live["board"].registrations)
    return render(request, "championship/dashboard.html", context)


@organizer_required
def chips(request: HttpRequest) -> HttpResponse:
    form = ChipColourForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            chip_services.chip_colour_save(**form.cleaned_data)
        except ValidationError as error:
            for field, errors in error.message_dict.items():
                form.add_error(field, errors)
        else:
            messages.success(request, _("The chip set is saved."))
            return redirect("chips")
    colours = list(ChipColour.objects.all())
    season = selectors.season_current()
    plan = None
    if colours and season is not None:
        plan = chip_plan(
            [Colour(c.colour, c.count, c.value) for c in colours],
            stack=season.starting_stack,
            levels=season.levels,
        )
    rows = []
    if plan is not None:
        for c in sorted(colours, key=lambda c: plan.values.get(c.colour, 0)):
            each = plan.per_player.get(c.colour, 0)
            rows.append(
                {
                    "chip": c,
                    "value": plan.values.get(c.colour),
                    "each": each,
                    "worth": each * plan.values.get(c.colour, 0),
                }
            )
    return render(
        request,
        "championship/chips.html",
        {
            "form": form,
            "colours": colours,
            "plan": plan,
            "rows": rows,
            "season": season,
            "plan_total": sum(row["worth"] for row in rows),
            "errors": [_plan_error(code, details) for code, details in plan.errors] if plan else [],
        },
    )


@organizer_required
@require_POST
def chip_delete(request: HttpRequest, pk: int) -> HttpResponse:
    chip_services.chip_colour_delete(chip=get_object_or_404(ChipColour, pk=pk))
    return redirect("chips")


def _plan_error(code: str, details: dict) -> str:
    if code == "empty":
        return _("The chip set is empty.")
    if code == "no_value":
        return _("No value left for: %(colours)s. Give them a value.") % details
    if code == "cover":
        return _("The set cannot give %(stack)s to each of %(players)s players.") % details
    return (
        _("Level %(level)s (%(sb)s/%(bb)s, ante %(ante)s) cannot be made with chips of %(chip)s.") % details
    )
