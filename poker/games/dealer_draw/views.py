"""What the viewers see of a table of draw against the dealer: folded from the events they may see.

As at every table (``poker.tables.views``), never from the engine's state, which holds the deck and
every hand: the public view shows the others' cards from their ``show`` at the end and the dealer's
from ``dealer_shows``; a player's own cards come from his own private events (``hole_cards``,
``new_cards``) in his own part, with his bankroll. The same fold replays a finished round step by
step. No database access here but the bankrolls' (``extras``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db.models import Sum

from ...engine.cards import parse_cards
from ...engine.strategy.draw import best_draws
from ...models import BANKROLL_START, Bankroll, Hand, Seat, Table
from ...tables.views import LOG_LENGTH, StoredEvent, deadline_ms

LOG_TYPES = {"round_started", "draw", "new_cards", "reshuffle", "dealer_draw", "dealer_shows", "result"}
STEP_TYPES = LOG_TYPES | {"hole_cards", "show"}
BET_PRESETS = (("min", 1), ("x2", 2), ("x5", 5))


class RoundFold:
    """A round as one viewer has seen it through a run of events."""

    def __init__(self, hand: Hand) -> None:
        n = len(hand.seats)
        self.hand = hand
        self.bets = [0] * n
        self.cards: list[list[str] | None] = [None] * n
        self.drew: list[int | None] = [None] * n
        self.hand_names: list[dict | None] = [None] * n
        self.results: list[dict | None] = [None] * n
        self.dealer: dict[str, Any] = {"cards": None, "hand": None, "drew": None}
        self.over = False
        self.log: list[dict[str, Any]] = []

    def stack(self, player: int) -> int:
        """Chips behind: the bet is apart while the round is played; settled, the net is in."""
        start = self.hand.starting_stacks[player]
        result = self.results[player]
        return start + result["net"] if result is not None else start - self.bets[player]

    def apply(self, event: StoredEvent) -> None:
        e = event.payload
        kind, p = e["type"], e.get("player")
        if kind == "round_started":
            self.bets = list(e["bets"])
        elif kind in ("hole_cards", "new_cards"):
            self.cards[p] = list(e["cards"])
        elif kind == "draw":
            self.drew[p] = e["count"]
        elif kind == "dealer_draw":
            self.dealer["drew"] = e["count"]
        elif kind == "dealer_shows":
            self.dealer.update(cards=list(e["cards"]), hand=e["hand"])
        elif kind == "show":
            self.cards[p] = list(e["cards"])
            self.hand_names[p] = e["hand"]
        elif kind == "result":
            self.results[p] = {"outcome": e["outcome"], "multiple": e["multiple"], "net": e["net"]}
        elif kind == "round_over":
            self.over = True
        if kind in LOG_TYPES:
            self.log.append(self._log_entry(event))

    def _log_entry(self, event: StoredEvent) -> dict[str, Any]:
        e = event.payload
        entry: dict[str, Any] = {"seq": event.seq, "type": e["type"]}
        p = e.get("player")
        if p is not None:
            entry.update(seat=self.hand.seats[p], name=self.hand.names[p])
        for key in ("count", "cards", "received", "hand", "outcome", "net", "multiple", "bet"):
            if key in e:
                entry[key] = e[key]
        if e["type"] == "round_started":
            entry["players"] = e["players"]
        return entry


def _round_entry(hand: Hand, fold: RoundFold) -> dict[str, Any]:
    return {
        "id": hand.pk,
        "number": hand.number,
        "client_seed": hand.client_seed,  # public: the players' contributions (docs/fairness.md)
        "over": fold.over,
        "dealer": dict(fold.dealer),
        "min_bet": hand.min_bet,
        "max_bet": hand.max_bet,
    }


def _player_entry(hand: Hand, fold: RoundFold, player: int) -> dict[str, Any]:
    return {
        "empty": False,
        "user_id": hand.user_ids[player],
        "name": hand.names[player],
        "stack": fold.stack(player),
        "bet": fold.bets[player],
        "in_hand": True,
        "cards": fold.cards[player],
        "drew": fold.drew[player],
        "hand_name": fold.hand_names[player],
        "result": fold.results[player],
    }


def phase_of(table: Table, hand: Hand | None) -> str:
    """``draw`` (a round is played), ``results`` (the pause after it), ``betting``, ``paused``,
    ``finished`` or ``waiting`` (for players, or for a bet that opens the betting)."""
    if hand is not None and not hand.state.get("is_over", True):
        return "draw"
    if table.deadline_kind == Table.DeadlineKind.NEXT_HAND:
        return "results"
    if table.deadline_kind == Table.DeadlineKind.BETTING:
        return "betting"
    if table.status in (Table.Status.PAUSED, Table.Status.FINISHED):
        return table.status
    return "waiting"


def public_view(
    *,
    table: Table,
    seats: Sequence[Seat],
    names: dict[int, str],
    hand: Hand | None,
    fold: RoundFold | None,
    now: datetime,
) -> dict[str, Any]:
    """The table as every viewer sees it (``fold``: the public fold of the current round)."""
    phase = phase_of(table, hand)
    # The last round stays on show (dimmed by the page) while the next bets are placed.
    playing = phase in ("draw", "results")
    shown = hand if hand is not None and fold is not None and (playing or hand.ended_at is not None) else None
    fold = fold if shown is not None else None
    by_number = {seat.number: seat for seat in seats}
    seat_views = []
    for number in range(1, table.max_seats + 1):
        seat = by_number.get(number)
        entry: dict[str, Any] = {"number": number, "empty": True}
        if seat is not None:
            entry.update(
                empty=False,
                user_id=seat.user_id,
                name=names[seat.user_id],
                stack=seat.stack,
                bet=seat.round_bet,
                in_hand=False,
                cards=None,
                drew=None,
                hand_name=None,
                result=None,
                sitting_out=seat.sitting_out,
                leaving=seat.leaving,
            )
        if fold is not None and number in shown.seats:
            p = shown.seats.index(number)
            if seat is None and playing:
                entry.update(_player_entry(shown, fold, p))
            elif seat is not None and seat.user_id == shown.user_ids[p]:
                entry.update(_player_entry(shown, fold, p))
                if not playing:  # his chips and bet now, the cards and result of the last round
                    entry.update(stack=seat.stack, bet=seat.round_bet)
        # The seat's own player: whose "me" it is (``compose``).
        entry["seated"] = seat is not None
        seat_views.append(entry)
    return {
        "seq": table.seq,
        "game": table.variant,
        "hand_id": shown.pk if fold is not None else None,
        "phase": phase,
        "table": {
            "id": table.pk,
            "kind": table.kind,
            "status": table.status,
            "max_seats": table.max_seats,
            "chat_enabled": table.chat_enabled,
            "action_seconds": table.action_seconds,
            "decks": table.decks,
            "min_bet": table.min_bet,
            "max_bet": table.max_bet,
        },
        "seats": seat_views,
        "actor": table.actor_seat if phase == "draw" else None,
        # The decision pending is public: whose draw, since which seq, how many cards he may throw.
        "legal": table.legal if phase == "draw" else None,
        "turn_seq": table.turn_seq,
        "deadline_ms": deadline_ms(table, (Table.DeadlineKind.ACTION, Table.DeadlineKind.BETTING), now),
        "round": {**_round_entry(shown, fold), "last": not playing} if fold is not None else None,
        "log": fold.log[-LOG_LENGTH:] if fold is not None else [],
        "me": None,
    }


def extras(user_ids: set[int]) -> dict[int, dict[str, Any]]:
    """Each player's bankroll and his chips at dealer-draw tables (for his own part)."""
    bankrolls = dict(Bankroll.objects.filter(user_id__in=user_ids).values_list("user_id", "chips"))
    at_tables = dict(
        Seat.objects.filter(user_id__in=user_ids, table__variant=Table.Variant.DEALER_DRAW)
        .values("user_id")
        .annotate(total=Sum("stack"))
        .values_list("user_id", "total")
    )
    return {
        u: {"bankroll": bankrolls.get(u, BANKROLL_START), "at_tables": at_tables.get(u, 0)} for u in user_ids
    }


def private_part(
    *,
    seat: Seat | None,
    table: Table,
    hand: Hand | None,
    events: list[StoredEvent],
    user_id: int,
    extra: dict,
) -> dict[str, Any]:
    """What only ``user_id`` sees: his cards in the round (``events``: the round's events that are
    his; the last deal or draw is his hand), his bankroll and whether he may refill it."""
    cards = None
    drawn = False
    for event in events:
        if event.payload["type"] in ("hole_cards", "new_cards"):
            cards = list(event.payload["cards"])
            drawn = event.payload["type"] == "new_cards"
    bankroll = extra.get("bankroll", BANKROLL_START)
    # Before his draw, the best one against the paytable (docs/practice.md).
    hint = best_draw(tuple(cards), table.decks) if cards and not drawn else None
    return {
        "hand_id": hand.pk if hand is not None else None,
        "cards": cards,
        "hint": hint,
        "bankroll": bankroll,
        "can_refill": bankroll + extra.get("at_tables", 0) < table.min_bet,
    }


@functools.lru_cache(maxsize=512)
def best_draw(cards: tuple[str, ...], decks: int) -> dict[str, Any]:
    """The draw that wins most on average against the dealer (``poker.engine.strategy.draw``),
    worked out once a hand: every view of the player carries it until he draws."""
    best = best_draws(parse_cards(cards, allow_duplicates=decks == 2), decks)[0]
    return {"throw": [str(c) for c in best.thrown], "expected": round(best.expected, 2)}


def me(
    view: dict[str, Any], seat: dict[str, Any] | None, private: dict[str, Any], user_id: int
) -> dict[str, Any]:
    """What the player may do: bet, draw, refill his bankroll (the same rule as ``static/js/draw.js``)."""
    mine: dict[str, Any] = {
        "user_id": user_id,
        "seat": None,
        "bankroll": private.get("bankroll", BANKROLL_START),
        "can_refill": private.get("can_refill", False),
    }
    if seat is None:
        return mine
    low, high = view["table"]["min_bet"], min(view["table"]["max_bet"], seat["stack"])
    can_bet = (
        view["phase"] in ("betting", "waiting")
        and not seat["leaving"]
        and not seat["bet"]
        and seat["stack"] >= low
    )
    to_draw = view["phase"] == "draw" and view["actor"] == seat["number"]
    presets = []
    if can_bet:
        amounts = [(name, low * k) for name, k in BET_PRESETS] + [("max", high)]
        presets = [{"name": name, "amount": a} for name, a in amounts if a <= high]
    mine.update(
        seat=seat["number"],
        stack=seat["stack"],
        sitting_out=seat["sitting_out"],
        leaving=seat["leaving"],
        bet=seat["bet"],
        can_bet=can_bet,
        min_bet=low,
        max_bet=high,
        presets=presets,
        to_draw=to_draw,
        hint=private.get("hint") if to_draw else None,
        max_draw=view["legal"].get("max_draw", 3) if to_draw and view["legal"] else 0,
        hand_id=view["hand_id"],
        turn_seq=view["turn_seq"],
    )
    return mine


def draw_replay_steps(
    hand: Hand, events: Sequence[StoredEvent], user_id: int | None, max_seats: int
) -> list[dict]:
    """A finished round step by step, as ``user_id`` saw it (his own cards, the hands shown)."""
    player = hand.player_of(user_id)
    fold = RoundFold(hand)
    steps = []
    for event in events:
        if not event.visible_to(player):
            continue
        fold.apply(event)
        if event.payload["type"] not in STEP_TYPES:
            continue
        seats = []
        for number in range(1, max_seats + 1):
            entry: dict[str, Any] = {"number": number, "empty": True}
            if number in hand.seats:
                entry.update(_player_entry(hand, fold, hand.seats.index(number)))
            seats.append(entry)
        steps.append(
            {
                "seq": event.seq,
                "game": Table.Variant.DEALER_DRAW,
                "phase": "results" if fold.over else "draw",
                "seats": seats,
                "round": _round_entry(hand, fold),
                "log": fold.log[-LOG_LENGTH:],
                "actor": None,
                "deadline_ms": None,
                "me": {"user_id": user_id, "seat": hand.seats[player] if player is not None else None},
            }
        )
    return steps
