"""A player's review of his own hand: each decision with his equity, the equity needed, a verdict
and what it cost; then the same in hindsight, with the cards that were shown."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _

from ..engine.strategy.coach import review
from ..models import Hand, Table
from ..pages.downloads import seen_by
from ..selectors import finished_hands
from ..tables.registry import game_of_table

ACTIONS = {
    "fold": _("fold"),
    "check": _("check"),
    "call": _("call"),
    "bet": _("bet"),
    "raise": _("raise"),
    "complete": _("complete"),
}
STREETS = {
    "preflop": _("Preflop"),
    "flop": _("Flop"),
    "turn": _("Turn"),
    "river": _("River"),
    "third": _("3rd street"),
    "fourth": _("4th street"),
    "fifth": _("5th street"),
    "sixth": _("6th street"),
    "seventh": _("7th street"),
}
VERDICTS = {"sound": _("sound"), "doubtful": _("doubtful"), "costly": _("costly")}


def reviewable(table: Table, hand: Hand, user_id: int) -> bool:
    """The coach reviews the hands of the games that turn it on (their plug-in's ``coach``), for
    the players who played them."""
    return bool(game_of_table(table).page.get("coach")) and hand.player_of(user_id) is not None


@login_required
def hand_review(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    table = get_object_or_404(Table, pk=pk)
    hand = finished_hands(table).filter(number=number).first()
    if hand is None or not reviewable(table, hand, request.user.pk):
        raise Http404  # another player's hand is not his to review
    payloads = hand.events.order_by("seq").values_list("payload", flat=True)
    events = seen_by(hand, payloads, request.user.pk)  # the public events, his cards, the cards shown
    decisions = review(events, hand.player_of(request.user.pk))
    rows = [
        {
            "decision": d,
            "street": STREETS[d.street],
            "action": ACTIONS[d.action],
            "verdict": VERDICTS[d.now.verdict],
            "hindsight": VERDICTS[d.hindsight.verdict] if d.hindsight else None,
        }
        for d in decisions
    ]
    return render(request, "poker/coach_review.html", {"table": table, "hand": hand, "rows": rows})
