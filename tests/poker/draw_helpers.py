"""Driving tables of draw against the dealer in tests: chosen decks, bets, draws, deadlines."""

from __future__ import annotations

from poker import services
from poker.engine.dealer_draw import deck_for
from poker.games.dealer_draw import play as dealer_draw
from poker.models import Bankroll, Hand, HandEvent, Seat, Table


def stack_draw_decks(monkeypatch, *decks) -> None:
    """The next rounds deal these cards (``deck_for`` arguments: ``hands`` in seat order, ``dealer``,
    ``draws``, ``dealer_draws``), then shuffled decks."""
    pending = list(decks)

    def new_deck(decks_: int):
        return deck_for(**pending.pop(0), decks=decks_) if pending else None

    monkeypatch.setattr(dealer_draw, "new_deck", new_deck)


def open_draw_table(*users, min_bet=10, max_bet=500, stack=2000, decks=1, kind=Table.Kind.CASH) -> Table:
    table = services.table_open(
        name="Contre le croupier",
        variant=Table.Variant.DEALER_DRAW,
        kind=kind,
        min_bet=min_bet,
        max_bet=max_bet,
        starting_stack=stack,
        decks=decks,
        action_seconds=20,
    )
    for k, user in enumerate(users):
        services.table_sit(table_id=table.pk, user=user, seat=k + 1)
    table.refresh_from_db()
    return table


def bet(table: Table, user, amount) -> None:
    services.draw_bet(table_id=table.pk, user=user, amount=amount)
    table.refresh_from_db()


def exchange(table: Table, user, cards: str | list = "", *, seq: int | None = None, hand_id=None) -> None:
    table.refresh_from_db()
    services.draw_exchange(
        table_id=table.pk,
        user=user,
        cards=cards.split() if isinstance(cards, str) else cards,
        hand_id=table.hand_id if hand_id is None else hand_id,
        seq=table.seq if seq is None else seq,
    )
    table.refresh_from_db()


def stack(table: Table, user) -> int:
    return Seat.objects.get(table=table, user=user).stack


def bankroll(user) -> int:
    return Bankroll.objects.get(user=user).chips


def results(table: Table) -> dict[str, dict]:
    """The ``result`` events of the current round, by player name."""
    hand = Hand.objects.get(pk=table.hand_id)
    return {
        hand.names[e.player]: e.payload
        for e in HandEvent.objects.filter(hand=hand, type="result").order_by("seq")
    }


def state_of(table: Table) -> tuple:
    """Everything a refused request must leave as it was."""
    table.refresh_from_db()
    hand = Hand.objects.filter(pk=table.hand_id).first()
    seats = list(Seat.objects.filter(table=table).values_list("number", "stack", "round_bet", "sitting_out"))
    return (
        table.seq,
        table.status,
        table.deadline_kind,
        table.actor_seat,
        hand.state if hand else None,
        seats,
        sorted(Bankroll.objects.values_list("user_id", "chips")),
        HandEvent.objects.filter(table=table).count(),
    )
