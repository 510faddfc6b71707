"""The fold of each table's current hand, kept in this process from one change to the next.

A change folds only the events it has just stored onto the fold of the state it started from,
found here under (hand, seq covered). A fold this process does not have, because another process
made the last change, the process restarted, or an all-in run-out is being revealed, is read
again from the database. What is kept is what the views are made of: the spectator's fold (the
events anyone may see) and each player's own private events (his hole cards). Nothing here is the
truth: losing an entry costs one read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from .models import Hand, HandEvent
from .snapshots import HandFold, StoredEvent

MAX_TABLES = 2000  # folds kept, the tables changed most recently


@dataclass
class FoldedHand:
    """A hand's events up to ``covered`` (its seq), folded once for every viewer."""

    hand_id: int
    started_at: datetime
    public: HandFold
    private: dict[int, list[StoredEvent]] = field(default_factory=dict)  # by player (engine index)
    covered: int = 0

    @classmethod
    def new(cls, hand: Hand) -> FoldedHand:
        return cls(hand.pk, hand.started_at, HandFold(hand))

    def is_of(self, hand: Hand) -> bool:
        # The start time too: in tests, rolled-back transactions give the next hand the same id.
        return self.hand_id == hand.pk and self.started_at == hand.started_at

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


_lock = threading.Lock()
_folds: OrderedDict[int, FoldedHand] = OrderedDict()  # by table id


def folded_hand(
    table_id: int, hand: Hand, visible_seq: int, events: list[StoredEvent], known_after: int | None
) -> FoldedHand:
    """The fold of ``hand`` up to ``visible_seq``. ``events``: those the change just stored;
    ``known_after``: the seq after which every event of the hand is among them (0 for a hand dealt
    by the change, None when unknown). The caller owns the fold until it gives it back (``keep``)."""
    folded = None
    if known_after == 0:
        folded = FoldedHand.new(hand)
    elif known_after is not None:
        with _lock:
            cached = _folds.pop(table_id, None)
        if cached is not None and cached.is_of(hand) and cached.covered == known_after:
            folded = cached
    if folded is None:
        folded = FoldedHand.new(hand)
        stored = HandEvent.objects.filter(hand=hand, seq__lte=visible_seq).order_by("seq")
        rows = stored.values_list("seq", "payload")
        folded.apply((StoredEvent(seq, payload) for seq, payload in rows), visible_seq)
    folded.apply(events, visible_seq)
    return folded


def keep(table_id: int, folded: FoldedHand) -> None:
    """Keep the fold for the table's next change (unless a newer one is kept already)."""
    with _lock:
        current = _folds.get(table_id)
        if current is not None and current.hand_id == folded.hand_id and current.covered > folded.covered:
            return
        _folds[table_id] = folded
        _folds.move_to_end(table_id)
        while len(_folds) > MAX_TABLES:
            _folds.popitem(last=False)


def forget_all() -> None:
    """Drop every fold (tests)."""
    with _lock:
        _folds.clear()
