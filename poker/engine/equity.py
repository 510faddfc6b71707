"""All-in equity in Hold'em: each player's share of the pot over every possible rest of the board.

Always exact. Every board that can still come is enumerated and evaluated with the numpy batch
evaluator, so there is no sampling error to state. The worst case is two players before the
flop (C(48, 5) = 1,712,304 boards, about a quarter of a second here); each more player removes
two cards from the deck, so three players (1,370,754 boards) or eight (376,992) cost less.

The board's card keys are summed once for every board, incrementally from the boards one card
shorter; each player then adds his two hole cards' keys to that sum (see ``batch.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .batch import HighTables, high_tables, values_from_sums
from .cards import Card, parse_cards

HOLE_CARDS = 2
BOARD_SIZE = 5

CardsLike = str | Iterable[Card | int | str]


@dataclass(frozen=True, slots=True)
class Equity:
    """One player's result over ``boards`` boards (all of them: the count is exact)."""

    win: float  # share of the boards he wins alone
    tie: float  # share of the boards he splits with one or more others
    equity: float  # his expected share of the pot: wins plus each split divided among its winners
    boards: int  # how many boards were counted

    def __str__(self) -> str:
        return f"{self.equity:.2%} (win {self.win:.2%}, tie {self.tie:.2%})"


def equity(
    hole_cards_by_player: Sequence[CardsLike], board: CardsLike = (), dead: CardsLike = ()
) -> list[Equity]:
    """Each player's win, tie and equity, in the order given, over every board still possible.

    ``hole_cards_by_player``: two cards per player, e.g. ``["As Ad", "Kc Kd"]``; ``board``: the
    0 to 5 cards already dealt; ``dead``: cards known to be out of the deck (folded, burned and
    shown). Raises ValueError naming the problem: a malformed or repeated card (and where it is),
    a player without exactly two cards, fewer than two players, a board of more than five cards.
    """
    return _shares(_values(*_read(hole_cards_by_player, board, dead)))


def pot_equities(
    hole_cards_by_player: Sequence[CardsLike], board: CardsLike, pots: Sequence[Sequence[int]]
) -> list[list[Equity]]:
    """Each pot's equities among the players who can win it (``pots[k]``: player indices into
    ``hole_cards_by_player``), over one enumeration of the boards to come: a side pot is won by the
    best hand among its own players, so it has equities of its own. Errors as ``equity``'s."""
    values = _values(*_read(hole_cards_by_player, board, ()))
    players = len(hole_cards_by_player)
    for pot in pots:
        if len(pot) < 2 or any(not 0 <= i < players for i in pot) or len(set(pot)) != len(pot):
            raise ValueError(f"a pot needs two or more distinct players of the hand, got {list(pot)}")
    return [_shares(values[list(pot)]) for pot in pots]


def _values(
    holes: list[list[Card]], board_cards: list[Card], dead_cards: list[Card]
) -> npt.NDArray[np.uint16]:
    """Every player's hand value (rows) on every board still possible (columns)."""
    used = {card for hole in holes for card in hole} | set(board_cards) | set(dead_cards)
    deck = np.array([c for c in range(52) if c not in used], dtype=np.intp)
    to_come = BOARD_SIZE - len(board_cards)
    if len(deck) < to_come:
        raise ValueError(f"only {len(deck)} cards left in the deck for the {to_come} board cards to come")

    tables = high_tables(HOLE_CARDS + BOARD_SIZE)
    known = np.array(board_cards, dtype=np.intp)
    key, bits = _board_sums(tables, deck, to_come)
    key += tables.card_key[known].sum(dtype=np.uint32)
    bits |= np.bitwise_or.reduce(tables.card_bit[known], initial=np.uint64(0))

    values = np.empty((len(holes), len(key)), dtype=np.uint16)
    for player, hole in enumerate(holes):
        cards = np.array(hole, dtype=np.intp)
        hole_key = tables.card_key[cards].sum(dtype=np.uint32)
        hole_bits = np.bitwise_or.reduce(tables.card_bit[cards])
        values[player] = values_from_sums(key + hole_key, tables, bits=bits, extra_bits=hole_bits)
    return values


def _shares(values: npt.NDArray[np.uint16]) -> list[Equity]:
    """Counts wins and splits by the number of winners, so the shares are exact fractions."""
    players, boards = values.shape
    winners = values == values.max(axis=0)
    n_winners = winners.sum(axis=0)
    results = []
    for player in range(players):
        by_split = np.bincount(n_winners[winners[player]], minlength=players + 1)
        wins = int(by_split[1])
        ties = int(by_split[2:].sum())
        pot_shares = wins + sum(int(count) / split for split, count in enumerate(by_split) if split >= 2)
        results.append(
            Equity(win=wins / boards, tie=ties / boards, equity=pot_shares / boards, boards=boards)
        )
    return results


def _board_sums(
    tables: HighTables, deck: npt.NDArray[np.intp], to_come: int
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.uint64]]:
    """Key sums and card bits of every ``to_come``-card combination of ``deck``.

    Built one card at a time: each combination is extended by every deck card after its last.
    """
    if to_come == 0:
        return np.zeros(1, dtype=np.uint32), np.zeros(1, dtype=np.uint64)
    deck_key, deck_bit = tables.card_key[deck], tables.card_bit[deck]
    size = len(deck)
    last = np.arange(size - to_come + 1)  # the first card leaves room for the others after it
    key, bits = deck_key[last].copy(), deck_bit[last].copy()
    for placed in range(1, to_come):
        highest = size - to_come + placed  # leaves room for the cards still to place after it
        counts = highest - last
        offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
        last = np.repeat(last, counts) + 1 + offsets
        key = np.repeat(key, counts) + deck_key[last]
        bits = np.repeat(bits, counts) | deck_bit[last]
    return key, bits


def _read(
    hole_cards_by_player: Sequence[CardsLike], board: CardsLike, dead: CardsLike
) -> tuple[list[list[Card]], list[Card], list[Card]]:
    if isinstance(hole_cards_by_player, str):
        raise ValueError("give one hand per player, e.g. ['As Ad', 'Kc Kd'], not one string")
    holes = [_cards(hole, f"player {i + 1}'s hole cards") for i, hole in enumerate(hole_cards_by_player)]
    if len(holes) < 2:
        raise ValueError(f"equity needs at least two players, got {len(holes)}")
    for i, hole in enumerate(holes):
        if len(hole) != HOLE_CARDS:
            cards = "card" if len(hole) == 1 else "cards"
            raise ValueError(f"player {i + 1} has {len(hole)} hole {cards}; Hold'em needs {HOLE_CARDS}")
    board_cards = _cards(board, "the board")
    if len(board_cards) > BOARD_SIZE:
        raise ValueError(f"the board has {len(board_cards)} cards; it holds at most {BOARD_SIZE}")
    dead_cards = _cards(dead, "the dead cards")
    places: dict[Card, str] = {}
    for where, cards in [
        *((f"player {i + 1}", hole) for i, hole in enumerate(holes)),
        ("the board", board_cards),
        ("the dead cards", dead_cards),
    ]:
        for card in cards:
            if card in places:
                raise ValueError(f"duplicate card: {card} (in {places[card]} and in {where})")
            places[card] = where
    return holes, board_cards, dead_cards


def _cards(cards: CardsLike, what: str) -> list[Card]:
    try:
        if isinstance(cards, str):
            return parse_cards(cards)
        return parse_cards([card if isinstance(card, str) else Card(card) for card in cards])
    except (TypeError, ValueError) as error:
        raise ValueError(f"{what}: {error}") from None
