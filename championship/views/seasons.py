"""The organizer's pages for seasons and the dates of their sessions."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.decorators import organizer_required

from .. import selectors
from ..exports import csv_response, fee_header, fee_rows, season_registrations
from ..forms import SeasonForm, SessionForm
from ..models import Season, Session
from ..services import seasons as services


def _errors_to_form(form, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, errors in error.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, error.messages)


@organizer_required
def season_create(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_for(None))
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(**form.cleaned_data)
        except ValidationError as error:
            _errors_to_form(form, error)
        else:
            messages.success(
                request, _("Season %(name)s is created with its sessions.") % {"name": season.name}
            )
            return redirect("season_sessions", season.pk)
    return render(request, "championship/season_form.html", {"form": form, "season": None})


@organizer_required
def season_edit(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    form = SeasonForm(request.POST or None, initial=SeasonForm.initial_for(season), editing=True)
    if request.method == "POST" and form.is_valid():
        changed = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            if changed:
                services.season_update(season=season, **changed)
        except ValidationError as error:
            _errors_to_form(form, error)
        else:
            messages.success(request, _("The season's settings are saved."))
            return redirect("season_sessions", season.pk)
    return render(request, "championship/season_form.html", {"form": form, "season": season})


@organizer_required
def season_sessions(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk) if pk else selectors.season_current()
    if season is None:
        return redirect("season_create")
    per_session, totals = selectors.season_fees(season)
    return render(
        request,
        "championship/season_sessions.html",
        {
            "season": season,
            "per_session": per_session,
            "totals": totals,
            "seasons": list(selectors.season_list()),
        },
    )


@organizer_required
def season_fees_csv(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    return csv_response(f"frais-saison-{season.pk}.csv", fee_header(), fee_rows(season_registrations(season)))


@organizer_required
def session_edit(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session.objects.select_related("season"), pk=pk)
    initial = {
        "scheduled_at": session.scheduled_at,
        "mode": session.mode,
        "ready_seconds": session.ready_seconds,
    }
    form = SessionForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.session_update(session=session, **form.cleaned_data)
        except ValidationError as error:
            _errors_to_form(form, error)
        else:
            session.refresh_from_db(fields=["number"])
            messages.success(request, _("Session %(number)s is saved.") % {"number": session.number})
            return redirect("season_sessions", session.season_id)
    return render(
        request,
        "championship/session_form.html",
        {"form": form, "session": session, "season": session.season},
    )


@organizer_required
def session_new(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(Season, pk=pk)
    form = SessionForm(request.POST or None, initial={"mode": Session.Mode.LIVE})
    if request.method == "POST" and form.is_valid():
        session = services.session_create(season=season, **form.cleaned_data)
        messages.success(request, _("Session %(number)s is added.") % {"number": session.number})
        return redirect("season_sessions", season.pk)
    return render(
        request, "championship/session_form.html", {"form": form, "session": None, "season": season}
    )
