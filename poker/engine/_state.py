"""What every game's state does the same way: check a whole number, and the JSON round trip.

A hand (or a round of draw against the dealer) is plain data: ints, bools, lists of them, lists of
cards and the event log. Each game describes its stored form once, in a ``StateFormat`` (its
attributes by kind); ``dump`` turns the state into a JSON-compatible dict and ``load`` back, and
the game then checks what only it knows (chips add up, stakes are valid, every card is somewhere).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from .cards import card_names, parse_cards

T = TypeVar("T")


def whole(value: object) -> bool:
    """A whole number of chips (or a player index): an int, and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class StateFormat:
    """How one game's state is stored: a name and a version, then the attributes by kind.

    Every state also stores its ``events``. Cards are stored as their text ("As").
    """

    game: str  # the "game" tag of the stored dict: "no_limit_holdem", "razz", "dealer_draw"
    version: int
    what: str  # the state in messages: "Razz hand", "round of draw against the dealer"
    noun: str = "hand"  # the short form: "hand" or "round"
    values: tuple[str, ...] = ()  # ints, bools or None: stored as they are
    lists: tuple[str, ...] = ()  # lists of ints or bools
    optional_lists: tuple[str, ...] = ()  # a list of ints, or None
    cards: tuple[str, ...] = ()  # lists of cards
    card_rows: tuple[str, ...] = ()  # a list of cards per player
    duplicate_cards: bool = False  # two decks: a card may be stored twice

    def dump(self, state: Any) -> dict[str, Any]:
        """The state as a JSON-compatible dict (with any secret cards: keep it server-side)."""
        data: dict[str, Any] = {"game": self.game, "version": self.version}
        for name in self.values:
            data[name] = getattr(state, name)
        for name in self.lists:
            data[name] = list(getattr(state, name))
        for name in self.optional_lists:
            value = getattr(state, name)
            data[name] = None if value is None else list(value)
        for name in self.cards:
            data[name] = card_names(getattr(state, name))
        for name in self.card_rows:
            data[name] = [card_names(row) for row in getattr(state, name)]
        data["events"] = list(state.events)
        return data

    def load(self, cls: type[T], data: dict[str, Any]) -> T:
        """A new ``cls`` with the attributes ``dump`` stored; ValueError when the dict is not such a
        state or misses one. The game checks the state's consistency itself."""
        if data.get("game") != self.game or data.get("version") != self.version:
            raise ValueError(
                f"not a stored {self.what} (version {self.version}): "
                f"game={data.get('game')!r}, version={data.get('version')!r}"
            )
        state = cls.__new__(cls)
        duplicates = self.duplicate_cards
        try:
            for name in self.values:
                setattr(state, name, data[name])
            for name in self.lists:
                setattr(state, name, list(data[name]))
            for name in self.optional_lists:
                value = data[name]
                setattr(state, name, None if value is None else list(value))
            for name in self.cards:
                setattr(state, name, parse_cards(data[name], allow_duplicates=duplicates))
            for name in self.card_rows:
                rows = [parse_cards(row, allow_duplicates=duplicates) for row in data[name]]
                setattr(state, name, rows)
            state.events = list(data["events"])  # type: ignore[attr-defined]
        except KeyError as missing:
            raise ValueError(f"stored {self.noun} has no {missing.args[0]!r}") from None
        return state

    def check_players(self, count: int, lowest: int, highest: int, *lists: list[Any]) -> None:
        """``lowest`` to ``highest`` players, and one entry per player in each list."""
        if not lowest <= count <= highest or any(len(x) != count for x in lists):
            raise ValueError(f"stored {self.noun} is inconsistent: the per-player lists differ in length")

    def check_reshuffle_keys(self, keys: list[int] | None) -> None:
        """The secret order for putting cards back: None (an explicit deck) or an order of the 52 cards."""
        if keys is not None and sorted(keys) != list(range(52)):
            raise ValueError(
                f"stored {self.noun} is inconsistent: reshuffle_keys is not an order of the 52 cards"
            )
