"""The pages of draw against the dealer beside its table page: opening a practice table, refilling
the bankroll, and what the table list shows of the bankroll."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...models import Table
from ...tables.errors import TableError
from .bankroll import bankroll_chips, bankroll_refill, can_refill
from .services import draw_practice_open


@login_required
@require_POST
def practice_open(request: HttpRequest) -> HttpResponse:
    """A table of draw against the dealer for the player alone (the house banks it)."""
    try:
        table = draw_practice_open(user=request.user)
    except TableError as error:
        messages.error(request, str(error))
        return redirect("poker:table_list")
    return redirect(table)


@login_required
@require_POST
def bankroll_refill_view(request: HttpRequest) -> HttpResponse:
    """Back to 10,000 practice chips, for a player who has less than a minimum bet left."""
    table = None
    if request.POST.get("table", "").isdigit():
        table = get_object_or_404(Table, pk=int(request.POST["table"]), variant=Table.Variant.DEALER_DRAW)
    try:
        bankroll = bankroll_refill(user=request.user, table=table)
    except TableError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request, _("Your practice bankroll holds %(chips)s chips again.") % {"chips": bankroll.chips}
        )
    return redirect(table if table is not None else "poker:table_list")


def list_context(user) -> dict[str, Any]:
    """What the table list shows of the practice bankroll."""
    return {"bankroll": bankroll_chips(user), "can_refill": can_refill(user)}


urls = [
    path("croupier/", practice_open, name="draw_practice_open"),
    path("banque/recharger/", bankroll_refill_view, name="bankroll_refill"),
]
