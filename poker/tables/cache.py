"""What this process keeps of each table from one change to the next, to skip reading it again.

The database stays the truth. A change locks the table's row and reads its ``seq``; what this
process saved at exactly that seq (its seats, its hand and the engine's state) is used instead of
reading them, anything else is read. A kept entry is taken out while a change uses it and given
back only when that change commits, so a change that rolls back leaves nothing behind. The rows
of a table are written only by a change (``poker.tables.play``), every change bumping the seq.

The same goes for the views: a change folds only the events it has just stored onto the fold of
the state it started from (``folded_hand``). A fold this process does not have (another process
made the last change, a restart, an all-in run-out being revealed) is folded again from the
events read from the database. What is kept is what the views are made of: the spectator's fold
(the events anyone may see) and each player's own private events (his hole cards). And the last
public view sent, so that the next update is only what changed (``poker.delta``).

A table's last change (finished, no deadline left to fire) takes away what was kept for it: a
process runs for a season, and no change of that table will come to use it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from ..models import Hand, Seat, Table
from .registry import Fold
from .rows import stored_events
from .views import StoredEvent

MAX_TABLES = 2000  # entries kept, the tables changed most recently


class _Kept:
    """Values by table, each valid at one seq of the table (and for one ``key``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[int, tuple[int, Hashable, Any]] = OrderedDict()

    def take(self, table_id: int, seq: int, key: Hashable) -> Any | None:
        """The value kept at ``seq``, taken out (the caller owns it until ``keep``)."""
        with self._lock:
            item = self._items.pop(table_id, None)
        if item is None or item[0] != seq or item[1] != key:
            return None
        return item[2]

    def keep(self, table_id: int, seq: int, key: Hashable, value: Any) -> None:
        """Keep ``value`` as the table's at ``seq``, unless a newer one is kept already."""
        with self._lock:
            current = self._items.get(table_id)
            if current is not None and current[0] > seq:
                return
            self._items[table_id] = (seq, key, value)
            self._items.move_to_end(table_id)
            while len(self._items) > MAX_TABLES:
                self._items.popitem(last=False)

    def forget(self, table_id: int) -> None:
        with self._lock:
            self._items.pop(table_id, None)

    def tables(self) -> set[int]:
        with self._lock:
            return set(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


# --------------------------------------------------------------------------------------------------
# The rows a change saved


@dataclass
class SavedRows:
    """A table's seats (by number) and current hand with its engine, as a change saved them."""

    seats: dict[int, Seat]
    hand: Hand | None
    engine: Any  # the engine's hand, None when no hand is being played


_rows = _Kept()


def _rows_key(table: Table) -> Hashable:
    # The creation time too: in tests, rolled-back transactions give the next table the same id.
    return (table.created_at, table.hand_id)


def take_rows(table: Table) -> SavedRows | None:
    """The rows this process saved at the table's current seq (``table`` read under the lock)."""
    return _rows.take(table.pk, table.seq, _rows_key(table))


class SeqNotBumped(AssertionError):
    """A change kept its rows without bumping the table's seq: a programming error."""


def keep_rows_on_commit(table: Table, rows: SavedRows, *, prev_seq: int) -> None:
    """Once the change commits: the rows as it saved them (``table`` as saved, now), for the
    table's next change in this process. ``prev_seq``: the seq the change started from. A change
    that did not bump it is refused, before it commits: the seq is all that tells kept rows apart,
    and rows written at an unchanged seq would leave the rows kept before them looking current."""
    if table.seq <= prev_seq:
        raise SeqNotBumped(
            f"table {table.pk}: a change that started at seq {prev_seq} keeps its rows at seq "
            f"{table.seq}; every change bumps the seq (Play.bump, or an event stored)"
        )
    table_id, seq, key = table.pk, table.seq, _rows_key(table)
    transaction.on_commit(lambda: _rows.keep(table_id, seq, key, rows))


# --------------------------------------------------------------------------------------------------
# The fold of the current hand


@dataclass
class FoldedHand:
    """A hand's events up to ``covered`` (its seq), folded once for every viewer."""

    hand: Hand
    public: Fold  # the game's fold of the events anyone may see
    private: dict[int, list[StoredEvent]] = field(default_factory=dict)  # by player (engine index)
    covered: int = 0

    def apply(self, events: Iterable[StoredEvent], upto: int) -> None:
        """Fold the events after ``covered`` up to seq ``upto`` (the table's visible seq)."""
        for event in events:
            if event.seq <= self.covered or event.seq > upto:
                continue
            if event.private:
                self.private.setdefault(event.payload["player"], []).append(event)
            else:
                self.public.apply(event)
        self.covered = upto


_folds = _Kept()


def _fold_key(hand: Hand) -> Hashable:
    return (hand.pk, hand.started_at)


def folded_hand(
    table_id: int,
    hand: Hand,
    visible_seq: int,
    events: list[StoredEvent],
    known_after: int | None,
    new_fold: Callable[[Hand], Fold],
) -> FoldedHand:
    """The fold of ``hand`` up to ``visible_seq``. ``events``: those the change just stored;
    ``known_after``: the seq after which every event of the hand is among them (0 for a hand dealt
    by the change, None when unknown); ``new_fold``: the game's empty fold. The caller owns the
    fold until it gives it back (``keep_fold``)."""
    folded = None
    if known_after == 0:
        folded = FoldedHand(hand, new_fold(hand))
    elif known_after is not None:
        folded = _folds.take(table_id, known_after, _fold_key(hand))
    if folded is None:
        folded = FoldedHand(hand, new_fold(hand))
        folded.apply(stored_events(hand, visible_seq), visible_seq)
    folded.apply(events, visible_seq)
    return folded


def keep_fold(table_id: int, folded: FoldedHand) -> None:
    """Keep the fold for the table's next change (unless a newer one is kept already)."""
    _folds.keep(table_id, folded.covered, _fold_key(folded.hand), folded)


# --------------------------------------------------------------------------------------------------
# The last public view sent


_views = _Kept()


def take_view(table: Table, seq: int) -> dict[str, Any] | None:
    """The public view this process sent for ``table`` at ``seq`` (None: it did not, or not last)."""
    return _views.take(table.pk, seq, table.created_at)


def keep_view(table: Table, view: dict[str, Any]) -> None:
    """Keep the public view just sent: the next change's update is the patch from it."""
    _views.keep(table.pk, view["seq"], table.created_at, view)


# --------------------------------------------------------------------------------------------------
# A table done


def forget_table_on_commit(table_id: int) -> None:
    """Once the change commits (after its broadcast and its rows kept, registered before this):
    nothing kept for the table any more. For its last change."""
    transaction.on_commit(lambda: forget_table(table_id))


def forget_table(table_id: int) -> None:
    for kept in (_rows, _folds, _views):
        kept.forget(table_id)


def kept_tables() -> set[int]:
    """The tables anything is kept for in this process."""
    return _rows.tables() | _folds.tables() | _views.tables()


def forget_all() -> None:
    """Drop everything kept (tests)."""
    _rows.clear()
    _folds.clear()
    _views.clear()
