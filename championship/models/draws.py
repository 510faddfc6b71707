"""Seating draws, the tables of each round, the seats and the moves between tables."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .registrations import Registration
from .sessions import Session


class SeatingDraw(models.Model):
    """A random draw (CSPRNG) of one round, kept with its time so anyone can check it."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="draws")
    round_number = models.PositiveSmallIntegerField()
    drawn_at = models.DateTimeField()
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["session", "round_number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "round_number"], name="draw_once_per_round"),
            models.CheckConstraint(condition=models.Q(round_number__in=[1, 2]), name="draw_round_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.session} – round {self.round_number}"


class GameTable(models.Model):
    """A table of one round. Closed when it is done (round 1: its qualifiers are known) or broken."""

    draw = models.ForeignKey(SeatingDraw, on_delete=models.CASCADE, related_name="tables")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="game_tables")
    round_number = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    closed_at = models.DateTimeField(null=True, blank=True)
    # The hand (knock-out group) that closed it, so undoing that hand opens it again.
    closed_by_hand = models.CharField(max_length=40, blank=True)
    # Online sessions: the table of the poker app where this table is played.
    poker_table = models.OneToOneField(
        "poker.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="championship_table"
    )

    class Meta:
        ordering = ["session", "round_number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "round_number", "number"], name="table_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.session} – round {self.round_number} – table {self.number}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


class Seat(models.Model):
    """Where a player sits in a round: as drawn (kept) and now (after moves). One per player per
    round; `active` while he is still playing that round at that table."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    round_number = models.PositiveSmallIntegerField()
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="seats")
    drawn_table = models.PositiveSmallIntegerField()
    drawn_seat = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["round_number", "table", "seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "round_number", "registration"], name="seat_once_per_player_per_round"
            ),
            models.UniqueConstraint(
                fields=["session", "round_number", "table", "seat"],
                condition=models.Q(active=True),
                name="seat_one_player_per_seat",
            ),
            models.CheckConstraint(
                condition=models.Q(seat__gte=1, seat__lte=8), name="championship_seat_number_1_to_8"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration.member} – table {self.table} seat {self.seat}"


class TableMove(models.Model):
    """A balancing move or a table break in round 2: the app tells who moves where. Online, a move
    out of a table in the middle of a hand waits for the hand's end (`applied_at` stays empty)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="moves")
    round_number = models.PositiveSmallIntegerField()
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="+")
    from_table = models.PositiveSmallIntegerField()
    from_seat = models.PositiveSmallIntegerField()
    to_table = models.PositiveSmallIntegerField()
    to_seat = models.PositiveSmallIntegerField()
    hand_key = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    reverted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        member = self.registration.member
        return f"{member}: {self.from_table}/{self.from_seat} -> {self.to_table}/{self.to_seat}"
