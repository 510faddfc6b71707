"""The table pages: the list, opening a table, the live table, the hand history."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_POST

from accounts.decorators import organizer_required
from accounts.roles import is_organizer
from arf.security import permissions_policy

from .. import connections, selectors, services
from ..coach.views import reviewable
from ..engine import hand_history_text
from ..fairness.record import epochs_of_table
from ..fairness.views import table_fairness_context
from ..models import Hand, Table
from ..services import TableError
from ..tables import rows
from ..tables.registry import game_of_table, games
from ..tables.views import StoredEvent
from ..titles import with_titles
from . import downloads
from .catalogue import evening_catalogue
from .forms import PracticeForm, TableForm
from .voice import voice_config


@login_required
def table_list(request: HttpRequest) -> HttpResponse:
    context = {
        "tables": with_titles(selectors.table_list(request.user)),
        "my_tables": with_titles(selectors.tables_of(request.user)),
        "practice_form": PracticeForm(),
    }
    for game in games():  # what a game shows on the list (the dealer game's bankroll)
        if "list_context" in game.page:
            context.update(game.page["list_context"](request.user))
    return render(request, "poker/table_list.html", context)


@organizer_required
def table_create(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        table = services.table_open(created_by=request.user, **form.cleaned_data)
        messages.success(request, _("The table “%(name)s” is open.") % {"name": table.title})
        return redirect(table)
    return render(request, "poker/table_form.html", {"form": form})


@login_required
@require_POST
def practice_open(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a game, a number of bots and their level."))
        return redirect("poker:table_list")
    try:
        table = services.practice_table_open(user=request.user, **form.cleaned_data)
    except TableError as error:
        messages.error(request, str(error))
        return redirect("poker:table_list")
    return redirect(table)


@login_required
@gzip_page  # its styles and scripts are in it (poker/templatetags/inline_assets.py): 82 KB, 24 gzipped
def table_detail(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    page = game_of_table(table).page
    config = {
        "ws": f"/ws/tables/{table.pk}/",
        "user_id": request.user.pk,
        "lang": get_language(),
        "text": page["words"](),
    }
    context = {
        "table": table,
        "config": config,
        # What the socket sends him first (his own cards only), so that the page draws the table
        # at once; the socket's snapshot and updates follow.
        "snapshot": rows.snapshot_message(table.pk, request.user.pk)
        if request.user.is_authenticated
        else None,
        "can_organize": _can_organize(request, table),
        "evening_text": evening_catalogue(),
        "voice": voice_config(table),
        **table_fairness_context(table, request.user.pk),
        **(page["context"](table) if "context" in page else {}),
    }
    response = render(request, page["template"], context)
    connections.give_browser_token(request, response)
    # The voice room's buttons may ask for the microphone and the camera, on this page only.
    response.headers["Permissions-Policy"] = permissions_policy(allow=("camera", "microphone"))
    return response


def _can_organize(request: HttpRequest, table: Table) -> bool:
    return is_organizer(request.user) or (
        table.kind == Table.Kind.PRACTICE and table.created_by == request.user
    )


@login_required
@require_POST
def table_command(request: HttpRequest, pk: int, command: str) -> HttpResponse:
    """The organizer's buttons: start, pause, resume, chat on or off, spectators in the voice room."""
    table = get_object_or_404(Table, pk=pk)
    if not _can_organize(request, table):
        raise Http404
    actions = services.organizer_commands(table)
    if not is_organizer(request.user):
        # A player at his own practice table: it deals by itself, so he may only pause and resume it.
        actions = {k: v for k, v in actions.items() if k in ("pause", "resume")}
    if command not in actions:
        raise Http404
    try:
        actions[command]()
    except TableError as error:
        messages.error(request, str(error))
    return redirect(table)


@login_required
def hand_list(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    hands = selectors.hand_summaries(list(selectors.finished_hands(table)), request.user.pk)
    formats = downloads.choices(table.variant, many=True)
    epochs = epochs_of_table(table)  # each links to its Verify page (docs/fairness.md)
    context = {"table": table, "hands": hands, "formats": formats, "epochs": epochs}
    return render(request, "poker/hand_list.html", context)


def _finished_hand(table: Table, number: int) -> Hand:
    hand = selectors.finished_hands(table).filter(number=number).first()
    if hand is None:
        raise Http404
    return hand


def _events(hand: Hand) -> list[StoredEvent]:
    return [
        StoredEvent(seq, payload)
        for seq, payload in hand.events.order_by("seq").values_list("seq", "payload")
    ]


@login_required
def hand_replay(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    hand = _finished_hand(table, number)
    game = game_of_table(table)
    steps = game.replay_steps(hand, _events(hand), request.user.pk, table.max_seats)
    config = {
        "lang": get_language(),
        "text": game.page["words"](),
        "steps": steps,
        "user_id": request.user.pk,
    }
    formats = downloads.choices(table.variant, many=False)
    context = {
        "table": table,
        "hand": hand,
        "config": config,
        "formats": formats,
        "can_review": reviewable(table, hand, request.user.pk),
    }
    return render(request, game.page["replay"], context)


@organizer_required
def hand_replay_all(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A finished hand with every player's cards, for the organizer's integrity page
    (docs/integrity.md): only once the table is finished, so nobody at a table still playing,
    the organizer included, learns a card from it."""
    table = get_object_or_404(Table, pk=pk)
    if table.status != Table.Status.FINISHED:
        raise Http404
    hand = _finished_hand(table, number)
    game = game_of_table(table)
    events = [StoredEvent(e.seq, {**e.payload, "private": False}) for e in _events(hand)]
    steps = game.replay_steps(hand, events, request.user.pk, table.max_seats)
    config = {
        "lang": get_language(),
        "text": game.page["words"](),
        "steps": steps,
        "user_id": request.user.pk,
    }
    context = {"table": table, "hand": hand, "config": config, "formats": [], "all_cards": True}
    return render(request, game.page["replay"], context)


@login_required
def hand_text(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The hand history as text (PokerStars-like), with the viewer's own cards only."""
    table = get_object_or_404(Table, pk=pk)
    hand = _finished_hand(table, number)
    events = downloads.seen_by(hand, (e.payload for e in _events(hand)), request.user.pk)
    lang = "fr" if get_language().startswith("fr") else "en"
    text = hand_history_text(events, names=hand.names, lang=lang)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="table-{table.pk}-main-{hand.number}.txt"'
    return response


@login_required
def hand_download(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One hand as a file of the poker world (``?format=phh`` or ``pokerstars``), his cards only."""
    table = get_object_or_404(Table, pk=pk)
    hand = _finished_hand(table, number)
    fmt = downloads.format_of(request.GET.get("format"), table.variant, many=False)
    if fmt is None:
        raise Http404
    return downloads.hand_response(hand, request.user.pk, fmt)


@login_required
def hands_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The table's hands (``?scope=table``) or the viewer's own hands of the table's session
    (``?scope=mine``), as one file (``?format=phh``, ``phh-zip``, ``pokerstars``), streamed."""
    table = get_object_or_404(Table, pk=pk)
    fmt = downloads.format_of(request.GET.get("format"), table.variant, many=True)
    scope = request.GET.get("scope", "table")
    if fmt is None or scope not in ("table", "mine"):
        raise Http404
    if scope == "mine":
        hands = selectors.finished_hands_at(selectors.session_tables(table))
        return downloads.hands_response(request, hands, fmt, f"arf-{table.pk}-mine", only_his=True)
    hands = selectors.finished_hands_at([table])
    return downloads.hands_response(request, hands, fmt, f"arf-{table.pk}")
