"""The pages of provably fair play (docs/fairness.md): an epoch's Verify page and its record.

Both are open to anyone, signed in or not: before the reveal they show the commitment alone (the
seed, the client seeds and the cards stay on the server); after it, the record is the JSON that the
page checks in the browser and anyone may download.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from ..models import FairnessEpoch, Table, TableFairness
from ..tables.fairness import open_contributions
from .record import epoch_owner, epoch_record, reveal_if_over


def _words() -> dict[str, str]:
    """The Verify page script's sentences, in the viewer's language."""
    return {
        "checking": _("Checking…"),
        "matches": _(
            "Everything matches: %(hands)s hands and %(draws)s seat draws recomputed from the seed."
        ),
        "difference": _("Does not match. First difference: %(what)s"),
        "no_crypto": _(
            "This browser cannot compute SHA-256 and HMAC here (Web Crypto needs a secure, https page)."
        ),
        "bad_file": _("This file is not the record of a period (JSON)."),
        "not_revealed": _("The seed of this period is not revealed yet: nothing to check."),
        "hand_ok": _("table %(table)s, hand %(hand)s: matches"),
        "draw_ok": _("%(label)s: matches"),
        # The first difference, in words.
        "seed_bad": _("the server seed is not 64 hexadecimal digits"),
        "commitment_bad": _("the server seed does not give the commitment (SHA-256)"),
        "other_epoch": _("the file's commitment is not the one this page shows"),
        "draw_bad": _(
            "%(label)s: table %(table)s should seat members %(expected)s, the record shows %(shown)s"
        ),
        "draw_count": _("%(label)s: the tables do not seat every member"),
        "balance_bad": _(
            "%(label)s: the seed does not give the moves of the record (moves recomputed: %(expected)s; "
            "in the record: %(shown)s)"
        ),
        "button_ok": _("first button of table %(table)s: matches"),
        "button_seats": _("first button of table %(table)s: the seats must be listed once each, ascending"),
        "button_bad": _(
            "first button of table %(table)s: the seed gives it to player %(expected)s (seat %(seat)s), "
            "the record shows player %(shown)s"
        ),
        "where": _("table %(table)s, hand %(hand)s"),
        "deals": _("%(where)s, %(what)s: the seed deals %(expected)s, the record shows %(shown)s"),
        "overrun": _("%(where)s: more cards dealt than the deck holds"),
        "player": _("player %(n)s's cards"),
        "shown": _("player %(n)s's cards shown"),
        "new_cards": _("player %(n)s's new cards"),
        "board": _("the board"),
        "dealer_new": _("the dealer's new cards"),
        "kept": _("the cards kept"),
    }


def fairness_verify(request: HttpRequest, pk: int) -> HttpResponse:
    epoch = get_object_or_404(FairnessEpoch, pk=pk)
    revealed = reveal_if_over(epoch)
    context = {
        "epoch": epoch,
        "owner": epoch_owner(epoch),
        "revealed": revealed,
        "seed": epoch.server_seed if revealed else None,
        "words": _words(),
    }
    return render(request, "poker/fairness_verify.html", context)


def fairness_record_json(request: HttpRequest, pk: int) -> HttpResponse:
    epoch = get_object_or_404(FairnessEpoch, pk=pk)
    response = JsonResponse(epoch_record(epoch), json_dumps_params={"separators": (",", ":")})
    response["Content-Disposition"] = f'attachment; filename="arf-epoch-{epoch.pk}.json"'
    response["Cache-Control"] = "no-store"
    return response


def table_fairness_context(table: Table, user_id: int | None) -> dict:
    """The table page's fairness panel: the commitment (and the next one), and what its script says."""
    row = TableFairness.objects.select_related("epoch", "next_epoch").filter(table=table).first()
    if row is None:
        return {}
    reveal_if_over(row.epoch)
    config = {
        "table": table.pk,
        "epoch": row.epoch_id,
        "user_id": user_id,
        "open": open_contributions(row) and table.status != Table.Status.FINISHED,
        "next": row.next_epoch_id is not None,  # the contributions are the next epoch's
        "text": {
            "client_seed": _("Client seed of this period (the players' contributions): %(seed)s."),
            "empty": _("(none came before the first hand)"),
            "included": _("Your contribution is included."),
            "sent": _("Your contribution %(seed)s is taken: it will be in the client seed of the next deal."),
        },
    }
    return {"fairness": row, "fairness_config": config}
