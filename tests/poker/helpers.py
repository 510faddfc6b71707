"""Driving tables in tests: explicit decks, acting as a player, firing deadlines now."""

from __future__ import annotations

import json
from datetime import timedelta

from django.utils import timezone

from poker import services
from poker.engine import razz
from poker.engine.holdem import deck_for
from poker.games.betting import play as betting
from poker.models import Hand, Seat, Table
from poker.tables import broadcast, delta


def stack_decks(monkeypatch, *decks, button: int | None = None) -> None:
    """The next hands deal these cards (``deck_for`` arguments: hole cards per player in seat
    order, board), then shuffled decks. ``button``: the seat of the first button."""
    pending = list(decks)

    def new_deck(engine_button: int):
        return deck_for(**pending.pop(0), button=engine_button) if pending else None

    monkeypatch.setattr(betting, "new_deck", new_deck)
    if button is not None:
        monkeypatch.setattr(betting, "first_button", lambda active: button)


def stack_razz_decks(monkeypatch, *decks, dealer: int | None = None) -> None:
    """The next Razz hands deal these cards (``poker.engine.razz.deck_for`` arguments: each player's
    cards in dealing order, player 0 being the first seat after the dealer), then shuffled decks.
    ``dealer``: the seat of the first dealer."""
    pending = list(decks)
    monkeypatch.setattr(betting, "new_deck", lambda _: razz.deck_for(**pending.pop(0)) if pending else None)
    if dealer is not None:
        monkeypatch.setattr(betting, "first_button", lambda active: dealer)


def start_razz_table(users) -> Table:
    """A Razz tournament table (ante 5, bring-in 10, small bet 20), ``users`` in seats 1, 2..., its
    first hand dealt (stack the deck first: ``stack_razz_decks``)."""
    table = services.table_open(
        name="Razz",
        variant=Table.Variant.RAZZ,
        ante=5,
        bring_in=10,
        small_bet=20,
        kind=Table.Kind.TOURNAMENT,
    )
    for k, user in enumerate(users):
        services.table_seat_player(table=table, user=user, stack=1000, seat=k + 1)
    services.table_start(table=table)
    return table


def act(table: Table, user, action: str, amount: int | None = None, *, seq: int | None = None) -> None:
    table.refresh_from_db()
    services.table_act(
        table_id=table.pk,
        user=user,
        action=action,
        amount=amount,
        hand_id=table.hand_id,
        seq=table.seq if seq is None else seq,
    )
    table.refresh_from_db()


def actor(table: Table):
    table.refresh_from_db()
    return Seat.objects.get(table=table, number=table.actor_seat).user if table.actor_seat else None


def fire_deadline(table: Table, *, late: float = 0.0) -> bool:
    """Fire the table's pending deadline as if its time had come (``late`` seconds after it)."""
    table.refresh_from_db()
    if table.deadline_at is None:
        return False
    Table.objects.filter(pk=table.pk).update(deadline_at=timezone.now() - timedelta(seconds=0.001 + late))
    fired = services.table_fire_deadline(table_id=table.pk, kind=table.deadline_kind, seq=table.seq)
    table.refresh_from_db()
    return fired


def fire_until_next_hand(table: Table) -> None:
    """Fire reveal and next-hand deadlines until a new hand waits for a decision (or none can start)."""
    table.refresh_from_db()
    number = table.hands_dealt
    while table.deadline_kind in (Table.DeadlineKind.REVEAL, Table.DeadlineKind.NEXT_HAND):
        fire_deadline(table)
        if table.hands_dealt != number:
            break


def chips_on_table(table: Table) -> int:
    """Chips behind plus chips in the current hand: what the players brought, if none was lost."""
    table.refresh_from_db()
    hand = Hand.objects.filter(pk=table.hand_id).first()
    seated = sum(Seat.objects.filter(table=table).values_list("stack", flat=True))
    if hand is None or hand.state.get("is_over"):
        return seated
    in_hand_seats = set(hand.seats)
    others = sum(s.stack for s in Seat.objects.filter(table=table) if s.number not in in_hand_seats)
    return others + sum(hand.starting_stacks)


def record_broadcasts(monkeypatch) -> list[tuple[str, dict]]:
    """Every message the broadcasts send from now on, as (group, decoded message). An update that
    carries a patch gets the public view it brings as its ``view``, applied to the last one its
    group got (as the page does; None if it does not follow it)."""
    messages: list[tuple[str, dict]] = []
    last: dict[str, dict] = {}

    def record(batch) -> None:
        for group, item in batch:
            message = json.loads(item["text"])
            if message["type"] == "update":
                if "delta" in message:
                    before = last.get(group)
                    follows = before is not None and before["seq"] == message["prev"]
                    message["view"] = delta.apply(before, message["delta"]) if follows else None
                if message["view"] is not None:
                    last[group] = message["view"]
            messages.append((group, message))

    monkeypatch.setattr(broadcast, "_send", record)
    return messages
