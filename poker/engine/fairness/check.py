"""Checking a revealed epoch (docs/fairness.md, "Checking an epoch"): the record's cards against
the decks and draws recomputed from its seed. ``static/js/fairness_verify.js`` does the same in
the browser; both say "matches" or name the first difference.

A record is the JSON of ``/equite/<epoch>.json``: ``commitment``, ``server_seed``, ``hands`` (each
with ``table``, ``hand``, ``game``, ``decks``, ``client_seed`` and its card ``events`` in order) and
``draws`` (each with ``label``, ``members`` and ``tables``, the members by seat) and ``buttons``
(each table's first button: ``table``, ``seats`` dealt in, ascending, and ``button``, the player).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import balance
from .. import events as ev
from ..cards import Card, card_names
from . import randomness

Record = dict[str, Any]

# The events that move cards, by the engine's names (poker/engine/events.py): what an epoch's record
# holds of each hand (``poker.fairness.record``) and what ``_Walk`` replays.
CARD_EVENTS = {
    ev.HAND_STARTED,
    ev.ROUND_STARTED,
    ev.HOLE_CARDS,
    ev.UP_CARDS,
    ev.BURN,
    ev.BOARD,
    ev.FOLD,
    ev.SHOW,
    ev.NEW_CARDS,
    ev.DEALER_DRAW,
    ev.DEALER_SHOWS,
    ev.RESHUFFLE,  # cards put back into play: the verifiers find it out by themselves
}


class Difference(Exception):
    """The first place where the record and the recomputation differ, in words."""


def check_epoch(record: Record) -> list[str]:
    """What was checked, one line per hand and draw; Difference at the first mismatch."""
    seed_hex = record.get("server_seed") or ""
    try:
        seed = randomness.seed_from_hex(seed_hex)
    except ValueError:
        raise Difference("the server seed is not 64 hex digits") from None
    if randomness.commitment(seed) != record.get("commitment"):
        raise Difference("the server seed does not match the commitment (SHA-256)")
    done = []
    for draw in record.get("draws", []):
        check_draw(seed, draw)
        done.append(f"{draw['label']}: matches")
    for draw in record.get("buttons", []):
        check_button(seed, draw)
        done.append(f"button:{draw['table']}: matches")
    for draw in record.get("balancing", []):
        if "tables" in draw:  # not in the moves of sessions played before the record held them
            check_balancing(seed, draw)
            done.append(f"{draw['label']}: matches")
    for hand in record.get("hands", []):
        check_hand(seed, hand)
        done.append(f"table {hand['table']} hand {hand['hand']}: matches")
    return done


def check_draw(seed: bytes, draw: Record) -> None:
    order = randomness.shuffle(seed, draw["label"], sorted(draw["members"]))
    start = 0
    for number, members in enumerate(draw["tables"], start=1):
        expected = order[start : start + len(members)]
        start += len(members)
        if list(members) != expected:
            raise Difference(
                f"{draw['label']}: table {number} should seat {expected}, the record shows {members}"
            )
    if start != len(order):
        raise Difference(f"{draw['label']}: the tables do not seat every member")


def check_button(seed: bytes, draw: Record) -> None:
    """A table's first button: the label is recomputed from the table (``label`` is not trusted),
    and the players are the seats dealt in, by ascending seat number (player 0 the lowest)."""
    table, seats = int(draw["table"]), [int(seat) for seat in draw["seats"]]
    where = randomness.button_label(table)
    if not seats or seats != sorted(set(seats)):
        raise Difference(f"{where}: the seats dealt in must be listed once each, in ascending order")
    player = randomness.first_button(seed, table, len(seats))
    if int(draw["button"]) != player:
        raise Difference(
            f"{where}: the button should go to player {player + 1} (seat {seats[player]}), "
            f"the record shows player {int(draw['button']) + 1}"
        )


def check_balancing(seed: bytes, draw: Record) -> None:
    """The balancing moves after a round-2 hand: the open tables before them (``tables``: table ->
    seat -> member) balanced by the stream of ``label`` must give the moves and the broken tables."""
    label = str(draw["label"])
    if not label.startswith("balance:"):
        raise Difference(f"{label}: not a balancing label")
    tables = {int(t): {int(s): int(m) for s, m in seats.items()} for t, seats in draw["tables"].items()}
    moves, broken = balance.rebalance(tables, rng=randomness.Stream(seed, label))
    expected = [[m.player, m.from_table, m.from_seat, m.to_table, m.to_seat] for m in moves]
    if [[int(x) for x in move] for move in draw["moved"]] != expected or list(draw["broken"]) != broken:
        raise Difference(
            f"{label}: the seed moves {expected} (broken tables {broken}), "
            f"the record shows {draw['moved']} (broken tables {draw['broken']})"
        )


def check_hand(seed: bytes, hand: Record) -> None:
    where = f"table {hand['table']} hand {hand['hand']}"
    table, number, client_seed = int(hand["table"]), int(hand["hand"]), str(hand["client_seed"])
    deck = randomness.deal_deck(seed, table, number, client_seed, int(hand.get("decks", 1)))
    keys = randomness.reshuffle_keys(seed, table, number, client_seed)
    _Walk(where, hand["game"], deck, keys).run(hand["events"])


class _Walk:
    """The cards coming off the recomputed deck in the order the game deals them."""

    def __init__(self, where: str, game: str, deck: list[Card], keys: list[int]) -> None:
        self.where, self.game, self.deck, self.keys = where, game, deck, keys
        self.pos = 0
        self.out: list[Card] = []  # burned and folded cards (Razz), discards (draw): may come back
        self.hole: list[list[Card]] = []
        self.dealer: list[Card] = []
        self.dealer_count = 0

    def fail(self, what: str, expected: list[Card], shown: list[str]) -> None:
        raise Difference(
            f"{self.where}: {what}: the seed deals {' '.join(card_names(expected))}, "
            f"the record shows {' '.join(shown)}"
        )

    def take(self) -> Card:
        if self.pos == len(self.deck):  # run out: the cards out of play come back, by their keys
            self.deck, self.pos = sorted(self.out, key=self.keys.__getitem__), 0
            self.out = []
            if not self.deck:
                raise Difference(f"{self.where}: more cards dealt than the deck holds")
        card = self.deck[self.pos]
        self.pos += 1
        return card

    def start(self, event: Record) -> None:
        n, deck = int(event["players"]), self.deck
        if self.game == "holdem":
            order = [(int(event["button"]) + 1 + k) % n for k in range(n)]
            self.hole = [[] for _ in range(n)]
            for k in range(2 * n):
                self.hole[order[k % n]].append(deck[k])
            self.pos = 2 * n
        elif self.game == "razz":
            self.hole = [[deck[i], deck[n + i], deck[2 * n + i]] for i in range(n)]
            self.pos = 3 * n
        else:
            self.hole = [deck[k : 5 * (n + 1) : n + 1] for k in range(n)]
            self.dealer = deck[n : 5 * (n + 1) : n + 1]
            self.pos = 5 * (n + 1)

    def same(self, what: str, expected: list[Card], shown: list[str]) -> None:
        if card_names(expected) != list(shown):
            self.fail(what, expected, shown)

    def run(self, events: list[Record]) -> None:
        handlers: dict[str, Callable[[Record], None]] = {
            "hand_started": self.start,
            "round_started": self.start,
            "hole_cards": self.on_cards,
            "up_cards": self.on_cards,
            "burn": lambda e: self.out.append(self.take()),
            "board": self.on_board,
            "fold": self.on_fold,
            "show": self.on_show,
            "new_cards": self.on_new_cards,
            "dealer_draw": self.on_dealer_draw,
            "dealer_shows": self.on_dealer_shows,
        }
        for event in events:
            handler = handlers.get(event["type"])
            if handler is not None:
                handler(event)

    def on_cards(self, e: Record) -> None:
        i = int(e["player"])
        what = f"player {i + 1}'s cards"
        if self.game == "razz" and e.get("street") not in (None, "third"):
            card = self.take()
            self.hole[i].append(card)
            self.same(what, [card], e["cards"])
        elif self.game == "razz":
            self.same(what, self.hole[i][:2] if e["type"] == "hole_cards" else self.hole[i][2:3], e["cards"])
        else:
            self.same(what, self.hole[i], e["cards"])

    def on_board(self, e: Record) -> None:
        self.same("the board", [self.take() for _ in e["cards"]], e["cards"])

    def on_fold(self, e: Record) -> None:
        if self.game == "razz":
            self.out.extend(self.hole[int(e["player"])])

    def on_show(self, e: Record) -> None:
        i = int(e["player"])
        self.same(f"player {i + 1}'s cards shown", self.hole[i], e["cards"])

    def on_new_cards(self, e: Record) -> None:
        i = int(e["player"])
        received = [self.take() for _ in e["received"]]
        self.same(f"player {i + 1}'s new cards", received, e["received"])
        self.hole[i] = self.exchange(self.hole[i], e["cards"][: len(e["cards"]) - len(received)], received)

    def on_dealer_draw(self, e: Record) -> None:
        self.dealer_count = int(e["count"])

    def on_dealer_shows(self, e: Record) -> None:
        count = self.dealer_count
        received = [self.take() for _ in range(count)]
        kept = e["cards"][: len(e["cards"]) - count]
        self.same("the dealer's new cards", received, e["cards"][len(kept) :])
        self.dealer = self.exchange(self.dealer, kept, received)

    def exchange(self, hand: list[Card], kept: list[str], received: list[Card]) -> list[Card]:
        """The hand after a draw; the thrown cards join the discards after the new cards came."""
        thrown = list(hand)
        for name in kept:
            card = Card(name)
            if card not in thrown:
                self.fail("the cards kept", hand, kept)
            thrown.remove(card)
        self.out.extend(thrown)
        return [Card(name) for name in kept] + received
