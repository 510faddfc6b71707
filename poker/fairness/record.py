"""The record of an epoch (docs/fairness.md, "The record"): what anyone may download once its seed
is revealed, and what the Verify page and ``manage.py verify_fairness`` check.

The hands come from their rows and their stored events (only the events that move cards); the seat
draws from the app that made them (the championship registers ``register_draws``). Before the reveal
the record holds the commitment only: the seed, the cards and the client seeds stay on the server.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Max, Min
from django.utils import timezone

from ..engine import fairness
from ..engine.fairness import CARD_EVENTS
from ..models import FairnessEpoch, Hand, HandEvent, Table, TableFairness
from ..titles import with_titles

# ``{"draws": [{label, members, tables}], "balancing": [{label, ...}]}``
Draws = Callable[[FairnessEpoch], dict[str, list[dict[str, Any]]]]
_draw_providers: list[Draws] = []


def register_draws(func: Draws) -> None:
    """``func(epoch)``: the seat draws made with the epoch's seed (label, members, the members by
    table and seat) and the labels of its other draws (balancing moves, broken tables)."""
    if func not in _draw_providers:
        _draw_providers.append(func)


@dataclass(frozen=True)
class EpochOwner:
    """What an epoch's seed served, as a reader names it: a championship session (its name and
    page), or the tables that dealt with it, each with the hands it dealt (``first`` to ``last``)."""

    name: str = ""
    url: str = ""
    tables: tuple[tuple[Table, int, int], ...] = ()
    started: Any = None
    ended: Any = None


# ``func(epoch)``: its owner if the app registering it made the epoch (the championship: a
# session's), else None.
Owner = Callable[[FairnessEpoch], "EpochOwner | None"]
_owners: list[Owner] = []


def register_epoch_owner(func: Owner) -> None:
    if func not in _owners:
        _owners.append(func)


def epoch_owner(epoch: FairnessEpoch) -> EpochOwner:
    """Who the epoch served and when: the Verify page names it, so that nobody needs its number."""
    hands = list(
        Hand.objects.filter(epoch=epoch)
        .values("table_id")
        .annotate(first=Min("number"), last=Max("number"), start=Min("started_at"), end=Max("started_at"))
        .order_by("table_id")
    )
    tables = Table.objects.in_bulk([row["table_id"] for row in hands])
    with_titles(tables.values())
    played = tuple((tables[row["table_id"]], row["first"], row["last"]) for row in hands)
    started = min((row["start"] for row in hands), default=None)
    ended = max((row["end"] for row in hands), default=None)
    for func in _owners:
        owner = func(epoch)
        if owner is not None:
            return EpochOwner(owner.name, owner.url, played, owner.started or started, ended)
    return EpochOwner(tables=played, started=started, ended=ended)


def reveal_if_over(epoch: FairnessEpoch) -> bool:
    """Whether the epoch's seed may be shown: revealed, or a table's epoch whose table finished."""
    if epoch.revealed:
        return True
    if epoch.kind != FairnessEpoch.Kind.TABLE:
        return False
    tables = set(Hand.objects.filter(epoch=epoch).values_list("table_id", flat=True))
    tables |= set(TableFairness.objects.filter(epoch=epoch).values_list("table_id", flat=True))
    if not tables or Table.objects.filter(pk__in=tables).exclude(status=Table.Status.FINISHED).exists():
        return False
    epoch.revealed_at = timezone.now()
    FairnessEpoch.objects.filter(pk=epoch.pk, revealed_at__isnull=True).update(revealed_at=epoch.revealed_at)
    return True


def epoch_record(epoch: FairnessEpoch) -> dict[str, Any]:
    """The epoch's record: everything once revealed, the commitment alone before."""
    record: dict[str, Any] = {
        "version": 1,
        "epoch": epoch.pk,
        "kind": epoch.kind,
        "commitment": epoch.commitment,
        "revealed": reveal_if_over(epoch),
    }
    if not record["revealed"]:
        return record
    hands = list(Hand.objects.filter(epoch=epoch).select_related("table").order_by("table_id", "number"))
    events: dict[int, list[dict[str, Any]]] = {hand.pk: [] for hand in hands}
    for hand_id, payload in (
        HandEvent.objects.filter(hand__epoch=epoch, type__in=CARD_EVENTS)
        .order_by("seq")
        .values_list("hand_id", "payload")
    ):
        events[hand_id].append(payload)
    record["server_seed"] = epoch.server_seed
    record["revealed_at"] = epoch.revealed_at.isoformat()
    made = [provider(epoch) for provider in _draw_providers]
    record["draws"] = [draw for m in made for draw in m.get("draws", [])]
    record["balancing"] = [draw for m in made for draw in m.get("balancing", [])]
    record["buttons"] = [
        {
            "table": table_id,
            "label": fairness.button_label(table_id),
            "seats": draw["seats"],
            "button": draw["button"],
        }
        for table_id, draw in TableFairness.objects.filter(button_draw__epoch=epoch.pk)
        .order_by("table_id")
        .values_list("table_id", "button_draw")
    ]
    record["hands"] = [
        {
            "table": hand.table_id,
            "table_name": hand.table.title,
            "hand": hand.number,
            "game": hand.table.variant,
            "decks": hand.table.decks,
            "client_seed": hand.client_seed,
            "label": fairness.deal_label(hand.table_id, hand.number, hand.client_seed),
            "events": events[hand.pk],
        }
        for hand in hands
    ]
    return record


def epochs_of_table(table: Table) -> list[FairnessEpoch]:
    """The epochs a table's hands came from, first first, and the one its next hand uses."""
    ids = list(
        Hand.objects.filter(table=table, epoch__isnull=False)
        .order_by("epoch_id")
        .values_list("epoch_id", flat=True)
        .distinct()
    )
    current = TableFairness.objects.filter(table=table).values_list("epoch_id", flat=True).first()
    if current is not None and current not in ids:
        ids.append(current)
    return list(FairnessEpoch.objects.filter(pk__in=ids).order_by("pk"))
