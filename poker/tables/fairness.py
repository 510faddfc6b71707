"""Where a table's decks come from (docs/fairness.md): its epoch's committed seed, its players'
client seed, the table and the hand number. Read once when a hand is dealt (one row, locked so
that a contribution arriving then waits for the deal); written only when an epoch starts here.

A table outside a championship session changes epoch every ``EPOCH_HANDS`` hands: the next
epoch is committed (and shown) during the last hand of the current one, and the current one is
revealed when the next one's first hand is dealt. A table's epoch is revealed too once the table
has finished; a session's when the session ends (``championship``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..engine import Card, fairness
from ..models import FairnessEpoch, Seat, Table, TableFairness
from .errors import TableError
from .messages import CLIENT_SEED_RULE

EPOCH_HANDS = 100


@dataclass(frozen=True)
class FairDeal:
    """A hand's deck and its origin, as the hand row records them."""

    deck: list[Card]
    reshuffle_keys: list[int]
    epoch: FairnessEpoch
    client_seed: str


def open_for(table: Table, epoch: FairnessEpoch | None = None) -> TableFairness:
    """A new table's place in ``epoch`` (a session's), else in a new epoch of its own."""
    return TableFairness.objects.create(
        table=table, epoch=epoch or FairnessEpoch.objects.create(kind=FairnessEpoch.Kind.TABLE)
    )


def _locked(table: Table) -> TableFairness:
    row = TableFairness.objects.select_for_update().select_related("epoch").filter(table=table).first()
    return row if row is not None else open_for(table)


def deal(table: Table, number: int, decks: int = 1) -> FairDeal:
    """The deck of hand ``number`` of ``table`` (called inside the change that deals it)."""
    row = _locked(table)
    changed = []
    if row.next_epoch_id is not None and row.first_hand and number - row.first_hand >= EPOCH_HANDS:
        FairnessEpoch.objects.filter(pk=row.epoch_id).update(revealed_at=timezone.now())
        row.epoch, row.next_epoch, row.seed_fixed = row.next_epoch, None, False
        changed += ["epoch", "next_epoch"]
    if not row.seed_fixed:  # the epoch's first hand here: the contributions are fixed now
        row.client_seed = fairness.table_client_seed({int(k): v for k, v in row.contributions.items()})
        row.contributions, row.first_hand, row.seed_fixed = {}, number, True
        changed += ["client_seed", "contributions", "first_hand", "seed_fixed"]
    if (
        row.epoch.kind == FairnessEpoch.Kind.TABLE
        and row.next_epoch_id is None
        and number - row.first_hand + 1 >= EPOCH_HANDS
    ):
        row.next_epoch = FairnessEpoch.objects.create(kind=FairnessEpoch.Kind.TABLE)
        changed.append("next_epoch")
    if changed:
        row.save(update_fields=sorted(set(changed)))
    seed = row.epoch.seed
    return FairDeal(
        deck=fairness.deal_deck(seed, table.pk, number, row.client_seed, decks),
        reshuffle_keys=fairness.reshuffle_keys(seed, table.pk, number, row.client_seed),
        epoch=row.epoch,
        client_seed=row.client_seed,
    )


def draw_button(table: Table, seats: list[int]) -> int:
    """The seat of the table's first button, drawn from its epoch's stream (label ``button:t``)
    among the seats dealt in, by ascending seat number; kept for the epoch's record. Called inside
    the change that deals the table's first hand, whose deck comes from the same epoch."""
    row = _locked(table)
    order = sorted(seats)
    player = fairness.first_button(row.epoch.seed, table.pk, len(order))
    row.button_draw = {"epoch": row.epoch_id, "seats": order, "button": player}
    row.save(update_fields=["button_draw"])
    return order[player]


def open_contributions(row: TableFairness) -> bool:
    """Whether the next hand starts an epoch here, so that a contribution still counts."""
    return not row.seed_fixed or row.next_epoch_id is not None


@transaction.atomic
def contribute(table_id: int, user, text: object) -> str:
    """A seated player's client seed for the epoch's first hand here; TableError (and nothing
    changed) for a text that is not 1 to 64 printable ASCII characters, a viewer not seated, or
    once that hand is dealt. Returns the contribution as kept."""
    try:
        text = fairness.check_client_seed(text)
    except ValueError:
        raise TableError("bad_client_seed", CLIENT_SEED_RULE) from None
    row = TableFairness.objects.select_for_update().filter(table_id=table_id).first()
    if row is None:
        row = open_for(Table.objects.get(pk=table_id))
    seat = Seat.objects.filter(table_id=table_id, user=user).values_list("number", flat=True).first()
    if seat is None:
        raise TableError("not_seated", _("Only a seated player contributes to the client seed."))
    if not open_contributions(row):
        raise TableError(
            "client_seed_fixed",
            _("The client seed is fixed at the first hand of a period: the next period will take yours."),
        )
    row.contributions = {**row.contributions, str(seat): text}
    row.save(update_fields=["contributions"])
    return text
