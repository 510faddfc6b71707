"""Reads on tables: the championship's (poker/CONTRACT.md), the pages', and each viewer's view."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from accounts.roles import display_name

from . import delta
from .draw_snapshots import draw_view, with_me
from .models import BANKROLL_START, Bankroll, Hand, HandEvent, KnockOut, Seat, Table
from .snapshots import StoredEvent, personal_view, table_view


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
    hands = Hand.objects.filter(table=table, ended_at__isnull=False)
    if table.visible_seq < table.seq and table.hand_id:
        hands = hands.exclude(pk=table.hand_id)
    return hands.order_by("-number")


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


@dataclass
class TableRows:
    """Everything a view is built from, read once for all viewers."""

    table: Table
    seats: list[Seat]
    hand: Hand | None
    events: list[StoredEvent]

    @property
    def names(self) -> dict[int, str]:
        return {seat.user_id: display_name(seat.user) for seat in self.seats}

    def viewers(self) -> set[int]:
        """Users who get a personal view: the seated humans and the players of the hand shown."""
        users = {seat.user_id for seat in self.seats if not seat.is_bot}
        if self.hand is not None:
            bots = {seat.user_id for seat in self.seats if seat.is_bot}
            users |= {u for u in self.hand.user_ids if u not in bots}
        return users


def table_rows(table_id: int, *, events: bool = True) -> TableRows:
    """The table, its seats and its hand; with the hand's visible events unless ``events`` is False."""
    table = Table.objects.select_related("hand").get(pk=table_id)
    seats = list(Seat.objects.filter(table=table).select_related("user"))
    rows = TableRows(table, seats, table.hand, [])
    return with_events(rows) if events else rows


def with_events(rows: TableRows) -> TableRows:
    """``rows`` with the events of its hand that viewers may be shown now."""
    if rows.hand is None:
        rows.events = []
        return rows
    rows.events = stored_events(rows.hand, rows.table.visible_seq)
    return rows


def stored_events(hand: Hand, upto: int) -> list[StoredEvent]:
    """The hand's events up to seq ``upto`` (the table's visible seq), in order."""
    events = HandEvent.objects.filter(hand=hand, seq__lte=upto).order_by("seq")
    return [StoredEvent(seq, payload) for seq, payload in events.values_list("seq", "payload")]


def table_views(
    rows: TableRows, user_ids: set[int] | None = None
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """The public view and each user's own view (``user_ids``: whose; default every viewer)."""
    if rows.table.variant == Table.Variant.DEALER_DRAW:
        return draw_table_views(rows, user_ids)
    now = timezone.now()
    public = table_view(
        table=rows.table, seats=rows.seats, names=rows.names, hand=rows.hand, events=rows.events, now=now
    )
    seats = {seat.user_id: seat for seat in rows.seats}
    personal = {
        user_id: personal_view(
            public,
            table=rows.table,
            seat=seats.get(user_id),
            hand=rows.hand,
            events=rows.events,
            user_id=user_id,
        )
        for user_id in (rows.viewers() if user_ids is None else user_ids)
    }
    return public, personal


def viewer_snapshot(table_id: int, user_id: int | None) -> dict[str, Any]:
    """One viewer's full view now (a connecting client, or one that missed an update)."""
    rows = table_rows(table_id)
    if user_id is None:
        return table_views(rows, set())[0]
    _, personal = table_views(rows, {user_id})
    return personal[user_id]


def presence(table_id: int) -> dict[str, Any]:
    """Who of the seated players has no page of the table open now (``offline``: seat numbers), and
    when it was read (``at``, ms): apart from the views, which are versions of the table (a seq),
    for a page open or closed is no change of the table. The page keeps the newest it has."""
    offline = Seat.objects.filter(table_id=table_id, is_bot=False, connections__lte=0)
    return {"offline": sorted(offline.values_list("number", flat=True)), "at": int(time.time() * 1000)}


def snapshot_message(table_id: int, user_id: int | None) -> dict[str, Any]:
    """What a connecting (or lost) client is sent: his whole view, and who is connected. At Hold'em
    and Razz also ``public``, the patch from his view to the public one, that the next updates patch
    (``poker.delta``)."""
    rows = table_rows(table_id)
    public, personal = table_views(rows, {user_id} if user_id is not None else set())
    view = personal[user_id] if user_id is not None else public
    message: dict[str, Any] = {"type": "snapshot", "seq": view["seq"], "view": view}
    if view.get("game") != "dealer_draw":
        message["presence"] = presence(table_id)
        message["public"] = delta.diff(view, public)
    return message


def tables_of(user) -> QuerySet[Table]:
    """The tables where ``user`` is seated."""
    return (
        Table.objects.filter(seats__user=user).exclude(status=Table.Status.FINISHED).order_by("-created_at")
    )


# --------------------------------------------------------------------------------------------------
# Draw against the dealer


def draw_table_views(
    rows: TableRows, user_ids: set[int] | None = None
) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """``table_views`` of a dealer-draw table: each view folded for its viewer, with his bankroll."""
    now = timezone.now()
    table, names = rows.table, rows.names
    users = rows.viewers() if user_ids is None else user_ids

    def view_for(viewer: int | None) -> dict[str, Any]:
        return draw_view(
            table=table,
            seats=rows.seats,
            names=names,
            hand=rows.hand,
            events=rows.events,
            now=now,
            viewer=viewer,
        )

    bankrolls = dict(Bankroll.objects.filter(user_id__in=users).values_list("user_id", "chips"))
    at_tables = dict(
        Seat.objects.filter(user_id__in=users, table__variant=Table.Variant.DEALER_DRAW)
        .values("user_id")
        .annotate(total=Sum("stack"))
        .values_list("user_id", "total")
    )
    seats = {seat.user_id: seat for seat in rows.seats}
    personal = {}
    for user_id in users:
        chips = bankrolls.get(user_id, BANKROLL_START)
        personal[user_id] = with_me(
            view_for(user_id),
            table=table,
            seat=seats.get(user_id),
            user_id=user_id,
            bankroll=chips,
            can_refill=chips + at_tables.get(user_id, 0) < table.small_blind,
        )
    return view_for(None), personal
