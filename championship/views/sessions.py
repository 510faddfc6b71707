"""A session: its public page (live, refreshed every few seconds), the TV clock, and the organizer's
actions: registrations and fees, start, knock-outs, undo, round 2, close, the clock."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.decorators import organizer_required
from accounts.roles import is_organizer

from .. import confirmations, selectors
from ..announcements.views import announcements_panel
from ..exports import csv_response, fee_header, fee_rows
from ..forms import MAX_CHIPS, MAX_ID, MAX_TABLE, FeeForm, ReasonForm, RegisterForm, bounded_int
from ..models import GameTable, KnockOut, Registration, Seat, Session, TableMove
from ..numbers import number
from ..services import clock as clock_services
from ..services import online
from ..services import registrations as reg_services
from ..services import sessions as services
from ..services.clock import MAX_LEVEL

LIVE_TEMPLATE = "championship/partials/session_live.html"


def _session(pk: int) -> Session:
    return get_object_or_404(Session.objects.select_related("season", "epoch"), pk=pk)


def _live_context(request: HttpRequest, session: Session) -> dict:
    board = selectors.session_board(session)
    organizer = is_organizer(request.user)
    return {
        "board": board,
        "session": board.session,
        "organizer": organizer,
        "next_step": _next_step(board),
        "max_level": MAX_LEVEL,
        "max_chips": MAX_CHIPS,
        "questions": _questions(board) if organizer else {},
    }


def _qualifiers(session: Session) -> int:
    return Seat.objects.filter(session=session, round_number=1, active=True).count()


def _questions(board: selectors.SessionBoard) -> dict[str, confirmations.Question]:
    """What each irreversible button of the live block will ask (championship.confirmations)."""
    session = board.session
    questions = {}
    if session.status == Session.Status.PLANNED:
        questions["start"] = confirmations.session_start(session, board.registrations)
    elif session.status == Session.Status.ROUND1 and board.round1_done:
        questions["round2"] = confirmations.round2_draw(session, _qualifiers(session))
    elif session.status == Session.Status.FINISHED:
        questions["close"] = confirmations.session_close(session)
    if board.waiting_moves:
        questions["moves"] = confirmations.moves_apply(session, len(board.waiting_moves))
    if session.mode == Session.Mode.ONLINE and session.is_running:
        questions["pause"] = confirmations.tables_pause(session, len(board.open_tables))
    return questions


def _next_step(board: selectors.SessionBoard) -> str:
    session = board.session
    status = session.status
    online_mode = session.mode == Session.Mode.ONLINE  # the tables record the knock-outs themselves
    if status == Session.Status.PLANNED:
        if len(board.registrations) < 2:
            return _("Register at least 2 members and record their fees.")
        if any(not r.may_be_seated for r in board.registrations):
            return _("Record the fees still unpaid, then start the session.")
        return _("Start the session: the round-1 seating draw is made at once.")
    if status == Session.Status.ROUND1:
        if board.round1_done:
            return _("Every round-1 table is done: draw round 2.")
        if online_mode:
            return _("Round 1: the online tables play by themselves; each stops when 3 players remain.")
        return _("Round 1: record each knock-out; a table stops when 3 players remain.")
    if status == Session.Status.ROUND2:
        if online_mode:
            return _("Round 2: the online tables play; the app balances them and records the knock-outs.")
        return _("Round 2: record each knock-out; the app balances the tables.")
    if status == Session.Status.FINISHED:
        return _("Check the results, then close the session: the standings change.")
    return _("The session is closed.")


@require_GET
def session_detail(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    context = _live_context(request, session)
    if request.htmx:
        return render(request, LIVE_TEMPLATE, {**context, "fragment": True})
    context["me"] = selectors.self_registration(session, request.user)
    if context["organizer"] and session.status != Session.Status.CLOSED:
        context["panel"] = announcements_panel(context["session"])
    return render(request, "championship/session_detail.html", context)


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next", "")
    return target if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}) else ""


def _back(request: HttpRequest, session: Session) -> HttpResponse:
    target = _next(request)
    return redirect(target) if target else redirect("session_detail", session.pk)


@login_required
@require_POST
def session_register_me(request: HttpRequest, pk: int) -> HttpResponse:
    """A member registers himself from the home page or the session page."""
    session = _session(pk)
    try:
        registration = reg_services.registration_self(session=session, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("You are registered for session %(number)s. Your fee of %(fee)s € is to pay to the organizer.")
            % {"number": session.number, "fee": formats.number_format(registration.fee, 2)},
        )
    return _back(request, session)


@login_required
@require_POST
def session_withdraw_me(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    mine = Registration.objects.filter(session=session, member__user=request.user, paid=True).first()
    if mine is not None and session.is_open_for_registration and not confirmations.confirmed(request):
        return confirmations.ask(request, confirmations.registration_withdraw(mine, session, _next(request)))
    try:
        reg_services.registration_withdraw(session=session, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, _("You are no longer registered for session %(number)s.") % {"number": session.number}
        )
    return _back(request, session)


def _act(
    request: HttpRequest, session: Session, action: Callable[[], object], done: str | None = None
) -> HttpResponse:
    """Runs one organizer action; answers with the fresh live fragment (htmx) or the page."""
    try:
        action()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        if done:
            messages.success(request, done)
    if request.htmx:
        return render(request, LIVE_TEMPLATE, {**_live_context(request, session), "fragment": True})
    return redirect("session_detail", session.pk)


@organizer_required
@require_POST
def session_start(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not confirmations.confirmed(request):
        registrations = list(session.registrations.select_related("member"))
        return confirmations.ask(request, confirmations.session_start(session, registrations))
    return _act(
        request,
        session,
        lambda: services.session_start(session=session, by=request.user),
        _("The session has started: the round-1 seating draw is published."),
    )


@organizer_required
@require_POST
def round2_draw(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not confirmations.confirmed(request):
        return confirmations.ask(request, confirmations.round2_draw(session, _qualifiers(session)))
    return _act(
        request,
        session,
        lambda: services.round2_draw(session=session, by=request.user),
        _("Round 2 is drawn."),
    )


@organizer_required
@require_POST
def session_close(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    if not confirmations.confirmed(request):
        return confirmations.ask(request, confirmations.session_close(session))
    return _act(
        request,
        session,
        lambda: services.session_close(session=session, by=request.user),
        _("The session is closed: the standings are updated."),
    )


def _parse_knockout(
    request: HttpRequest, session: Session
) -> tuple[int, list[tuple[Registration, int | None]]]:
    who = _("Choose who is out.")
    try:
        table = bounded_int(request.POST.get("table", ""), low=1, high=MAX_TABLE, message=who)
        ids = [bounded_int(x, low=1, high=MAX_ID, message=who) for x in request.POST.getlist("player")]
    except forms.ValidationError as error:
        raise ValidationError(who) from error
    registrations = {r.pk: r for r in session.registrations.select_related("member").filter(pk__in=ids)}
    if len(registrations) != len(set(ids)) or not ids:
        raise ValidationError(who)
    chips = _("Chip counts are whole numbers from 0 to %(max)s.") % {"max": number(MAX_CHIPS)}
    busted = []
    for pk in ids:
        raw = request.POST.get(f"stack-{pk}", "").strip()
        try:
            stack = bounded_int(raw, low=0, high=MAX_CHIPS, message=chips) if raw else None
        except forms.ValidationError as error:
            raise ValidationError(chips) from error
        busted.append((registrations[pk], stack))
    return table, busted


def _parse_by(request: HttpRequest, session: Session) -> Registration | None:
    """The live form's optional "knocked out by": a player of the session, or nobody."""
    raw = request.POST.get("by", "").strip()
    if not raw:
        return None
    message = _("Choose who knocked him out among the players of the session.")
    try:
        pk = bounded_int(raw, low=1, high=MAX_ID, message=message)
    except forms.ValidationError as error:
        raise ValidationError(message) from error
    registration = session.registrations.select_related("member").filter(pk=pk).first()
    if registration is None:
        raise ValidationError(message)
    return registration


@organizer_required
@require_POST
def knockout_record(request: HttpRequest, pk: int) -> HttpResponse:
    """One tap on a player (or the same-hand form): he is out; the answer says what followed."""
    session = _session(pk)

    def record() -> None:
        table, busted = _parse_knockout(request, session)
        outcome = services.knockout_record(
            session=session,
            table=table,
            busted=busted,
            by=request.user,
            knocked_out_by=_parse_by(request, session),
        )
        if outcome.knockouts:
            names = ", ".join(k.registration.member.nickname for k in outcome.knockouts)
            count = len(outcome.knockouts)
            messages.success(
                request, ngettext("Out: %(names)s.", "Out: %(names)s.", count) % {"names": names}
            )
        if outcome.qualified:
            names = ", ".join(r.member.nickname for r in outcome.qualified)
            messages.success(request, _("Qualified at the cut: %(names)s.") % {"names": names})
        if outcome.finished:
            messages.success(request, _("We have a winner! Check the results, then close the session."))

    return _act(request, session, record)


@organizer_required
@require_POST
def knockout_undo(request: HttpRequest, pk: int, knockout_pk: int) -> HttpResponse:
    session = _session(pk)
    knockout = get_object_or_404(
        KnockOut.objects.select_related("registration__member"), pk=knockout_pk, session=session
    )
    form = ReasonForm(request.POST)

    def undo() -> None:
        if not form.is_valid():
            raise ValidationError(_("Say why this knock-out is undone."))
        services.knockout_undo(knockout=knockout, by=request.user, reason=form.cleaned_data["reason"])

    return _act(
        request,
        session,
        undo,
        _("The knock-out of %(name)s is undone.") % {"name": knockout.registration.member.nickname},
    )


@organizer_required
@require_POST
def moves_apply(request: HttpRequest, pk: int) -> HttpResponse:
    """Online: carries out the table moves that wait for a table between hands."""
    session = _session(pk)
    if not confirmations.confirmed(request):
        waiting = TableMove.objects.filter(
            session=session, applied_at__isnull=True, reverted_at__isnull=True
        ).count()
        return confirmations.ask(request, confirmations.moves_apply(session, waiting))
    return _act(
        request, session, lambda: online.moves_apply(session=session), _("The waiting moves are applied.")
    )


@organizer_required
@require_POST
def clock_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    session = _session(pk)
    if action == "pause":
        if session.mode == Session.Mode.ONLINE:  # every table stops dealing: it asks first
            if not confirmations.confirmed(request):
                tables = GameTable.objects.filter(
                    session=session, round_number=session.round_number or 0, closed_at__isnull=True
                ).count()
                return confirmations.ask(request, confirmations.tables_pause(session, tables))
            done = _("Every table is paused. “Resume every table” deals again.")
        else:
            done = None
        return _act(
            request, session, lambda: clock_services.clock_pause(session=session, by=request.user), done
        )
    if action == "resume":
        return _act(request, session, lambda: clock_services.clock_resume(session=session, by=request.user))

    def set_level() -> None:
        try:
            raw = request.POST.get("level", "")
            level = bounded_int(raw, low=1, high=MAX_LEVEL, message=_("No such level.")) - 1
        except forms.ValidationError as error:
            raise ValidationError(error.messages) from error
        clock_services.clock_set_level(session=session, level=level, by=request.user)

    return _act(request, session, set_level)


# --- Registrations and fees ------------------------------------------------------------------------


def _refusal(code: str | None, members: list[tuple[str, str]]) -> str:
    """One message for all the members refused for one reason: a dozen members without an account
    ticked at once make one line naming them, not a dozen banners."""
    if len(members) == 1:
        return members[0][1]
    names = ", ".join(name for name, _text in members)
    count = len(members)
    if code == "no_account":
        return _(
            "No account yet, so not registered: %(names)s (%(count)s members). An online session needs "
            "one for each player, to sit at his table: send them an invitation link first."
        ) % {"names": names, "count": count}
    if code == "registered":
        return _("Already registered: %(names)s (%(count)s members).") % {"names": names, "count": count}
    if code == "not_eligible":
        return _(
            "Not eligible, so not registered: %(names)s (%(count)s members). Only eligible members can be "
            "registered."
        ) % {"names": names, "count": count}
    return " ".join(text for _name, text in members)


@organizer_required
def session_registrations(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    form = RegisterForm(request.POST or None, session=session)
    if request.method == "POST" and form.is_valid():
        added, refused = [], {}
        for member in form.cleaned_data["members"]:
            try:
                reg_services.registration_create(session=session, member=member, by=request.user)
            except ValidationError as error:
                refused.setdefault(error.code, []).append((member.nickname, " ".join(error.messages)))
            else:
                added.append(member.nickname)
        if added:
            messages.success(request, _("Registered: %(names)s.") % {"names": ", ".join(added)})
        for code, members in refused.items():
            messages.error(request, _refusal(code, members))
        return redirect("session_registrations", session.pk)
    registrations = selectors.session_registrations(session)
    for registration in registrations:
        if registration.paid:
            registration.delete_question = confirmations.registration_delete(registration)
    return render(
        request,
        "championship/session_registrations.html",
        {
            "session": session,
            "form": form,
            "registrations": registrations,
            "totals": selectors.session_fee_totals(session, registrations),
            "methods": Registration.Method.choices,
            "start_question": confirmations.session_start(session, registrations),
        },
    )


def _registration(session_pk: int, pk: int) -> Registration:
    return get_object_or_404(
        Registration.objects.select_related("member", "session"), pk=pk, session_id=session_pk
    )


@organizer_required
@require_POST
def registration_fee(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    registration = _registration(pk, registration_pk)
    form = FeeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Enter the amount in euros, for example 1 or 2.50."))
    else:
        try:
            reg_services.fee_record(
                registration=registration,
                amount=form.cleaned_data["fee"],
                paid=form.cleaned_data["paid"],
                method=form.cleaned_data["method"],
                received_by=request.user,
                by=request.user,
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, _("Fee of %(name)s saved.") % {"name": registration.member.nickname})
    return redirect("session_registrations", pk)


@organizer_required
@require_POST
def registration_delete(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    registration = _registration(pk, registration_pk)
    if registration.paid and not confirmations.confirmed(request):
        return confirmations.ask(request, confirmations.registration_delete(registration))
    try:
        reg_services.registration_delete(registration=registration, by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(name)s is unregistered.") % {"name": registration.member.nickname})
    return redirect("session_registrations", pk)


@organizer_required
@require_POST
def registration_override(request: HttpRequest, pk: int, registration_pk: int) -> HttpResponse:
    registration = _registration(pk, registration_pk)
    form = ReasonForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(_("Say why this unpaid entrant may play."))
        reg_services.unpaid_override(
            registration=registration, by=request.user, reason=form.cleaned_data["reason"]
        )
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(name)s may play unpaid.") % {"name": registration.member.nickname})
    return redirect("session_registrations", pk)


@organizer_required
@require_GET
def registrations_csv(request: HttpRequest, pk: int) -> HttpResponse:
    session = _session(pk)
    rows = fee_rows(selectors.session_registrations(session))
    return csv_response(f"inscriptions-seance-{session.pk}.csv", fee_header(), rows)


@require_GET
def evening_notice(request: HttpRequest) -> HttpResponse:
    """The player's notice of tonight's online session alone (static/js/evening.js asks for it again
    on each notice of his socket); ``page``: the path of the page that shows it."""
    page = request.GET.get("page", "")
    return render(request, "partials/evening.html", {"page_path": page if page.startswith("/") else ""})
