"""The practice bankroll of draw against the dealer: play chips, never championship chips.

Every player has one (``Bankroll``, made with ``BANKROLL_START`` chips the first time it is used).
Sitting at a dealer-draw table moves a buy-in from it to the seat and leaving moves the seat's chips
back, in the table's transaction (``play``): chips only appear or vanish through the dealer's
results, and through a refill, allowed once a player has less than a minimum bet in all.
Championship tables (tournament, blind provider) never touch it.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from ...models import BANKROLL_START, Bankroll, Seat, Table
from ...tables.errors import TableError

# Where no table is named, a refill is allowed below the smallest bet a practice table takes.
PRACTICE_MIN_BET = 10


def bankroll_of(user: AbstractBaseUser, *, lock: bool = False) -> Bankroll:
    """The player's bankroll (made on first use); ``lock``: for an update in this transaction."""
    bankroll, _created = Bankroll.objects.get_or_create(user=user)
    if lock:
        bankroll = Bankroll.objects.select_for_update().get(pk=bankroll.pk)
    return bankroll


def bankroll_chips(user: AbstractBaseUser) -> int:
    """What the page shows: the chips in the bankroll (made on first use)."""
    return bankroll_of(user).chips


def chips_at_draw_tables(user: AbstractBaseUser) -> int:
    """The chips of the player's seats at dealer-draw tables."""
    seats = Seat.objects.filter(user=user, table__variant=Table.Variant.DEALER_DRAW)
    return seats.aggregate(total=Sum("stack"))["total"] or 0


def can_refill(user: AbstractBaseUser, min_bet: int = PRACTICE_MIN_BET) -> bool:
    return bankroll_chips(user) + chips_at_draw_tables(user) < min_bet


@transaction.atomic
def bankroll_refill(*, user: AbstractBaseUser, table: Table | None = None) -> Bankroll:
    """Back to ``BANKROLL_START`` chips, once the bankroll plus the chips at dealer-draw tables
    are below the minimum bet (``table``'s, else the practice tables'); else ``TableError``."""
    min_bet = table.min_bet if table is not None else PRACTICE_MIN_BET
    bankroll = bankroll_of(user, lock=True)
    if bankroll.chips + chips_at_draw_tables(user) >= min_bet:
        raise TableError(
            "refill_refused", _("You still have chips to play: a refill is for when you have none left.")
        )
    bankroll.chips = BANKROLL_START
    bankroll.refills += 1
    bankroll.save(update_fields=["chips", "refills", "updated_at"])
    return bankroll
