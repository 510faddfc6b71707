"""PokerKit made faster for the tests that replay thousands of hands on it, changing no answer.

PokerKit values the same cards again and again at a showdown (each player, each pot, each check of
who can still win, each street of an all-in run-out): ``remembered_hands`` memoises its pure hand
and lookup functions while it is active.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from pokerkit.lookups import Lookup


@contextmanager
def remembered_hands(*hand_types: type) -> Iterator[None]:
    """While active, ``hand_type.from_game`` and PokerKit's lookups remember what they answered."""
    hands: dict = {}
    entries: dict = {}
    get_entry = Lookup.get_entry
    get_entry_or_none = Lookup.get_entry_or_none

    def remembered_entry(self, cards):
        key = (type(self), tuple(cards))
        if key not in entries:
            entries[key] = get_entry(self, key[1])  # ValueError (not a hand) is not remembered
        return entries[key]

    def remembered_entry_or_none(self, cards):
        key = (type(self), tuple(cards), None)
        if key not in entries:
            entries[key] = get_entry_or_none(self, key[1])
        return entries[key]

    with pytest.MonkeyPatch.context() as patch:
        for hand_type in hand_types:
            from_game = hand_type.from_game.__func__

            def remembered_from_game(cls, hole_cards, board_cards=(), _from_game=from_game):
                key = (cls, tuple(hole_cards), tuple(board_cards))
                if key not in hands:
                    hands[key] = _from_game(cls, key[1], key[2])
                return hands[key]

            patch.setattr(hand_type, "from_game", classmethod(remembered_from_game))
        patch.setattr(Lookup, "get_entry", remembered_entry)
        patch.setattr(Lookup, "get_entry_or_none", remembered_entry_or_none)
        yield
