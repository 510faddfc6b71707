"""Reads on tables: the championship's (poker/CONTRACT.md) and the pages'. The views of a table
for its viewers are the table core's (``poker.tables.rows``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from .models import Hand, HandEvent, KnockOut, Seat, Table


def table_knockouts(table: Table) -> list[KnockOut]:
    """Every knock-out at the table, in order: by hand, smallest stack at the start of it first."""
    return list(KnockOut.objects.filter(table=table).order_by("hand_number", "stack_at_hand_start", "pk"))


def table_players(table: Table) -> list[tuple[int, int, int]]:
    """(user_id, seat, stack) of the players still seated; stacks as of the start of the current hand."""
    return list(Seat.objects.filter(table=table).order_by("number").values_list("user_id", "number", "stack"))


def table_list(user) -> QuerySet[Table]:
    """The tables ``user`` may want to open, not finished, with their players counted: the open and
    tournament tables, the demo tables, his own practice tables (not other players' practice)."""
    mine_or_demo = Q(created_by__isnull=True) | Q(created_by=user)
    return (
        Table.objects.exclude(status=Table.Status.FINISHED)
        .filter(~Q(kind=Table.Kind.PRACTICE) | mine_or_demo)
        .annotate(players=Count("seats"), humans=Count("seats", filter=Q(seats__is_bot=False)))
        .order_by("kind", "-created_at")
    )


def finished_hands(table: Table) -> QuerySet[Hand]:
    """The hands of the table that everybody has seen to the end (a run-out being revealed is not)."""
    return finished_hands_at([table]).order_by("-number")


def finished_hands_at(tables: Iterable[Table]) -> QuerySet[Hand]:
    """The hands of these tables that everybody has seen to the end, as ``finished_hands``."""
    tables = list(tables)
    revealing = [t.hand_id for t in tables if t.visible_seq < t.seq and t.hand_id]
    return Hand.objects.filter(table__in=tables, ended_at__isnull=False).exclude(pk__in=revealing)


def session_tables(table: Table) -> list[Table]:
    """The tables of ``table``'s session: the tables whose blinds the same provider gives (the
    championship's session: ``"championship:<pk>"``, its round-1 and round-2 tables); a table of
    its own blinds (open, practice) is a session alone."""
    if not table.blind_provider:
        return [table]
    return list(Table.objects.filter(blind_provider=table.blind_provider).order_by("pk"))


def tables_of_providers(keys: Iterable[str]) -> list[Table]:
    """The tables whose blinds these providers give (the championship: its sessions' tables)."""
    return list(Table.objects.filter(blind_provider__in=list(keys)).order_by("pk"))


@dataclass
class HandSummary:
    """One line of a table's history: who won, how much was at stake, and the viewer's own result
    (None when he was not dealt in). Draw against the dealer: the winners are those who beat the
    dealer, the pot is what the players bet."""

    hand: Hand
    winners: list[str]
    pot: int
    mine: int | None

    @property
    def loss(self) -> int:
        return -self.mine if self.mine is not None and self.mine < 0 else 0


def hand_summaries(hands: list[Hand], user_id: int | None) -> list[HandSummary]:
    """``hands`` summed up from their public closing events (one query for them all)."""
    closing = ("pot_awarded", "hand_over", "result", "round_over")
    by_hand: dict[int, list[dict]] = {}
    for hand_id, payload in (
        HandEvent.objects.filter(hand__in=hands, type__in=closing)
        .order_by("seq")
        .values_list("hand_id", "payload")
    ):
        by_hand.setdefault(hand_id, []).append(payload)
    summaries = []
    for hand in hands:
        player = hand.player_of(user_id)
        winners: list[int] = []
        pot, mine = 0, None
        for e in by_hand.get(hand.pk, []):
            if e["type"] == "pot_awarded":
                pot += e["amount"]
                winners += [w for w in e["winners"] if w not in winners]
            elif e["type"] == "hand_over" and player is not None:
                mine = e["stacks"][player] - hand.starting_stacks[player]
            elif e["type"] == "result":
                pot += e["bet"]
                if e["outcome"] == "win":
                    winners.append(e["player"])
                if e["player"] == player:
                    mine = e["net"]
        summaries.append(HandSummary(hand, [hand.names[w] for w in winners], pot, mine))
    return summaries


def tables_of(user) -> QuerySet[Table]:
    """The tables where ``user`` is seated."""
    return (
        Table.objects.filter(seats__user=user).exclude(status=Table.Status.FINISHED).order_by("-created_at")
    )
