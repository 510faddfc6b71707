"""What one viewer sees of a table of a betting game (Hold'em, Razz): folded from the hand's events.

The engine's stored state holds the deck and every player's hole cards; the views are folded from
the events a viewer may see (``poker.engine.visible_events``): the public ones, plus his own hole
cards. So the deck cannot reach a browser, and nobody gets another player's cards before they are
shown. The same fold replays a finished hand step by step (history). A game with cards of its own
(Razz's face-up cards) folds them in its own ``HandFold``.

A view is plain JSON data; ``static/js/table.js`` draws it. No database access here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from ...models import Hand, Seat, Table
from ...tables.registry import game_of
from ...tables.views import LOG_LENGTH, StoredEvent, deadline_ms

LOG_TYPES = {
    "small_blind",
    "big_blind",
    "bring_in",
    "complete",
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "uncalled_bet_returned",
    "board",
    "show",
    "pot_awarded",
}


class HandFold:
    """The public state of a hand after a run of events."""

    first_street = "preflop"
    game = ""  # each game's fold names it (the hand's ``game`` in the views)

    def __init__(self, hand: Hand) -> None:
        n = len(hand.seats)
        self.hand = hand
        self.stacks = list(hand.starting_stacks)
        self.bets = [0] * n
        self.folded = [False] * n
        self.all_in = [False] * n
        self.stakes: dict[str, int] = {}  # what the game's first event names (Razz's bets)
        self.cards: list[list[str] | None] = [None] * n  # the cards this viewer may see
        self.shown = [False] * n
        self.hand_names: list[dict | None] = [None] * n
        self.equity: list[float | None] = [None] * n
        self.last_action: list[dict | None] = [None] * n
        self.board: list[str] = []
        self.street = self.first_street
        self.pots: list[int] = []
        self.results: list[dict[str, Any]] = []
        self.winners: set[int] = set()
        self.over = False
        self.log: list[dict[str, Any]] = []
        self.seq = 0

    @property
    def gathered(self) -> int:
        """Chips in the middle, outside the bets of the current round."""
        return sum(self.hand.starting_stacks) - sum(self.stacks) - sum(self.bets) if not self.over else 0

    def apply(self, event: StoredEvent) -> None:
        e = event.payload
        kind = e["type"]
        p = e.get("player")
        self.seq = event.seq
        if kind == "hand_started":
            self.game = e.get("game", self.game)
            self.stakes = {k: e[k] for k in ("bring_in", "small_bet", "big_bet") if k in e}
        elif kind in ("ante", "small_blind", "big_blind", "bring_in", "complete", "call", "bet", "raise"):
            self.stacks[p] -= e["amount"]
            if kind != "ante":
                self.bets[p] += e["amount"]
                self.last_action[p] = {"type": kind, "amount": self.bets[p]}
            self.all_in[p] = bool(e.get("all_in"))
        elif kind == "hole_cards":
            self.cards[p] = (self.cards[p] or []) + list(e["cards"])  # Razz: 3rd street, then 7th
        elif kind == "fold":
            self.folded[p] = True
            self.last_action[p] = {"type": kind}
        elif kind == "check":
            self.last_action[p] = {"type": kind}
        elif kind == "uncalled_bet_returned":
            self.stacks[p] += e["amount"]
            self.bets[p] -= e["amount"]
        elif kind == "pots":
            self.bets = [0] * len(self.bets)
            self.pots = [pot["amount"] for pot in e["pots"]]
            self.last_action = [None] * len(self.bets)
        elif kind == "board":
            self.board = list(e["board"])
            self.street = e["street"]
        elif kind == "show":
            self.cards[p] = self.shown_cards(p, e["cards"])
            self.shown[p] = True
            self.hand_names[p] = e.get("hand")
        elif kind == "equity":
            self.equity = list(e["equity"])
        elif kind == "pot_awarded":
            for winner, share in zip(e["winners"], e["shares"]):
                self.stacks[winner] += share
                self.winners.add(winner)
            self.results.append(
                {
                    "pot": e["pot"],
                    "amount": e["amount"],
                    "winners": [
                        {"seat": self.hand.seats[w], "name": self.hand.names[w], "share": s}
                        for w, s in zip(e["winners"], e["shares"])
                    ],
                    "hand": e.get("hand"),
                }
            )
        elif kind == "hand_over":
            self.stacks = list(e["stacks"])
            self.over = True
            self.pots = []
            self.equity = [None] * len(self.bets)
        else:
            self.apply_own(event)
        if kind in LOG_TYPES:
            self.log.append(self._log_entry(event))

    def apply_own(self, event: StoredEvent) -> None:
        """An event of the game's own (none in Hold'em)."""

    def shown_cards(self, player: int, cards: list[str]) -> list[str]:
        """The cards drawn face down on his seat once he shows ``cards``."""
        return list(cards)

    def seat_extra(self, player: int) -> dict[str, Any]:
        """What the game adds to a dealt seat's entry."""
        return {}

    def _log_entry(self, event: StoredEvent) -> dict[str, Any]:
        e = event.payload
        entry: dict[str, Any] = {"seq": event.seq, "type": e["type"]}
        p = e.get("player")
        if p is not None:
            entry["seat"] = self.hand.seats[p]
            entry["name"] = self.hand.names[p]
        for key in ("amount", "total", "street", "cards", "hand", "all_in"):
            if key in e:
                entry[key] = e[key]
        if e["type"] == "pot_awarded":
            entry["winners"] = [self.hand.names[w] for w in e["winners"]]
        return entry


def _seat_entry(number: int) -> dict[str, Any]:
    return {"number": number, "empty": True}


def _player_entry(hand: Hand, fold: HandFold, player: int) -> dict[str, Any]:
    return {
        "empty": False,
        "user_id": hand.user_ids[player],
        "name": hand.names[player],
        "stack": fold.stacks[player],
        "bet": fold.bets[player],
        "folded": fold.folded[player],
        "all_in": fold.all_in[player] and not fold.over,
        "in_hand": True,
        "cards": fold.cards[player],
        "hand_name": fold.hand_names[player],
        "equity": fold.equity[player],
        "last_action": fold.last_action[player],
        "winner": player in fold.winners,
        **fold.seat_extra(player),
    }


def _hand_entry(hand: Hand, fold: HandFold) -> dict[str, Any]:
    return {
        "id": hand.pk,
        "number": hand.number,
        "client_seed": hand.client_seed,  # public: the players' contributions (docs/fairness.md)
        "street": fold.street,
        "board": list(fold.board),
        "pots": list(fold.pots) if len(fold.pots) > 1 else [],
        "pot": fold.gathered,
        "total": fold.gathered + sum(fold.bets),
        "button": hand.button_seat,
        **{field: getattr(hand, field) for field in game_of(fold.game).stakes},  # as dealt
        "over": fold.over,
        "results": list(fold.results),  # a copy: a replay keeps the views of every step
        "game": fold.game,
        **fold.stakes,
    }


def replay_steps(
    hand: Hand, events: Sequence[StoredEvent], user_id: int | None, max_seats: int, fold: HandFold
) -> list[dict]:
    """A finished hand step by step, as ``user_id`` saw it (his own cards, the hands shown);
    ``fold``: the game's empty fold of the hand."""
    player = hand.player_of(user_id)
    steps = []
    for event in events:
        if not event.visible_to(player):
            continue
        fold.apply(event)
        if event.payload["type"] not in LOG_TYPES | {"hand_started", "equity"}:
            continue
        seats = []
        for number in range(1, max_seats + 1):
            entry = _seat_entry(number)
            if number in hand.seats:
                entry.update(_player_entry(hand, fold, hand.seats.index(number)))
            seats.append(entry)
        steps.append(
            {
                "seq": event.seq,
                "seats": seats,
                "hand": _hand_entry(hand, fold),
                "log": fold.log[-LOG_LENGTH:],
                "actor": None,
                "me": {"user_id": user_id, "seat": hand.seats[player] if player is not None else None},
            }
        )
    return steps


def _shown_status(table: Table) -> str:
    """A table that has just finished is still "playing" while its last hand is being shown (the
    run-out, the pause after it)."""
    showing = table.deadline_kind in (Table.DeadlineKind.REVEAL, Table.DeadlineKind.NEXT_HAND)
    if table.status == Table.Status.FINISHED and showing:
        return Table.Status.PLAYING
    return table.status


def _dealt_seat(seat: Seat, hand: Hand, player: int, fold: HandFold) -> bool:
    """Whether ``seat`` (its row now) is the one ``player`` was dealt in with, to be drawn from the
    hand. A player busted in the hand loses his row; one who sits down again (or anybody else in the
    seat) has a new row, joined after the deal, and is drawn with his new stack. The exception is a
    practice bot's automatic buy-in: it would tell, before the run-out shows it, that he lost."""
    if seat.user_id != hand.user_ids[player]:
        return False
    if seat.joined_at is None or hand.started_at is None or seat.joined_at <= hand.started_at:
        return True
    return seat.is_bot and not fold.over


def table_view(
    *,
    table: Table,
    seats: Sequence[Seat],
    names: dict[int, str],
    hand: Hand | None,
    fold: HandFold | None,
    now: datetime,
) -> dict[str, Any]:
    """The public view: what a spectator sees (``fold``: the public fold of ``hand``'s events)."""
    by_number = {seat.number: seat for seat in seats}
    seat_views = []
    for number in range(1, table.max_seats + 1):
        seat = by_number.get(number)
        entry = _seat_entry(number)
        player = None
        if fold is not None and number in hand.seats:
            player = hand.seats.index(number)
            if seat is not None and not _dealt_seat(seat, hand, player, fold):
                player = None  # somebody sat down in the seat after the deal: drawn as he is now
        if player is not None:
            entry.update(_player_entry(hand, fold, player))
        elif seat is not None:
            entry.update(
                empty=False, user_id=seat.user_id, name=names[seat.user_id], stack=seat.stack, in_hand=False
            )
        if seat is not None:
            entry.update(
                sitting_out=seat.sitting_out,
                bot=seat.is_bot,
                leaving=seat.leaving,
            )
        # The seat's own player (not only the last hand's): whose "me" it is (``compose``).
        entry["seated"] = seat is not None and entry.get("user_id") == seat.user_id
        seat_views.append(entry)

    view: dict[str, Any] = {
        "seq": table.seq,
        "game": table.variant,
        "hand_id": hand.pk if fold is not None else None,
        "table": {
            "id": table.pk,
            "variant": table.variant,
            "kind": table.kind,
            "status": _shown_status(table),
            "max_seats": table.max_seats,
            "chat_enabled": table.chat_enabled,
            "action_seconds": table.action_seconds,
            "stakes": None
            if table.blind_provider
            else {field: getattr(table, field) for field in game_of(table.variant).stakes},
        },
        "seats": seat_views,
        "actor": table.actor_seat,
        # The decision pending is public (whose turn, since which seq, what he may do); none while
        # an all-in run-out is being revealed.
        "legal": table.legal if table.actor_seat is not None and table.visible_seq == table.seq else None,
        "turn_seq": table.turn_seq,
        "deadline_ms": deadline_ms(table, (Table.DeadlineKind.ACTION, Table.DeadlineKind.TIME_BANK), now),
        "time_bank": table.deadline_kind == Table.DeadlineKind.TIME_BANK,
        "hand": None,
        "log": [],
        "me": None,
        "get_ready": None,
    }
    if table.deadline_kind == Table.DeadlineKind.GET_READY and table.deadline_at is not None:
        # The round's first hand waits for these players (or for the countdown's end).
        view["get_ready"] = {
            "ms": max(0, int((table.deadline_at - now).total_seconds() * 1000)),
            "missing": [
                names[s.user_id] for s in seats if s.stack > 0 and not s.is_bot and s.connections <= 0
            ],
        }
    if fold is not None:
        view["hand"] = _hand_entry(hand, fold)
        view["log"] = fold.log[-LOG_LENGTH:]
    return view


def private_part(
    *,
    seat: Seat | None,
    table: Table,
    hand: Hand | None,
    events: Iterable[StoredEvent],
    user_id: int,
    extra: dict,
) -> dict[str, Any]:
    """What only ``user_id`` may see: his hole cards in ``hand`` (``events``: the hand's events
    that are his), his pre-action and his time bank. Sent to his own group only, when it changes."""
    cards = [card for e in events if e.payload["type"] == "hole_cards" for card in e.payload["cards"]]
    return {
        "hand_id": hand.pk if hand is not None else None,
        "cards": cards or None,
        "pre_action": seat.pre_action if seat is not None else "",
        "time_bank": seat.time_bank if seat is not None else 0,
    }


def me(
    view: dict[str, Any], seat: dict[str, Any] | None, private: dict[str, Any], user_id: int
) -> dict[str, Any]:
    """What the player may do, from the public view, his seat in it and his own part (the same
    rule as ``static/js/table.js``)."""
    mine: dict[str, Any] = {"user_id": user_id, "seat": None}
    if seat is not None:
        to_act = view["actor"] == seat["number"] and view["legal"] is not None
        mine.update(
            seat=seat["number"],
            sitting_out=seat["sitting_out"],
            leaving=seat["leaving"],
            pre_action=private.get("pre_action", ""),
            time_bank=private.get("time_bank", 0),
            to_act=to_act,
            legal=view["legal"] if to_act else None,
            hand_id=view["hand_id"],
            turn_seq=view["turn_seq"],
        )
    return mine
