"""The season's statistics, kept as hands finish (docs/statistics.md): each member's figures per
session and game, and each all-in he contested, so that a page adds rows up, never replays hands."""

from __future__ import annotations

from django.db import models

from .members import Member
from .seasons import Season
from .sessions import Session


class PlayerFigures(models.Model):
    """A member's figures of one game in one session (``session`` None: the open and practice
    tables, by the season in progress on the hand's day). Sums over hands (``poker.engine.figures``),
    with the hand that holds each record."""

    class Game(models.TextChoices):
        HOLDEM = "holdem", "Hold'em"
        RAZZ = "razz", "Razz"
        DEALER_DRAW = "dealer_draw", "dealer_draw"

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="figures")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=20, choices=Game.choices)
    hands = models.PositiveIntegerField(default=0)
    vpip = models.PositiveIntegerField(default=0)
    pfr = models.PositiveIntegerField(default=0)
    three_bet_chances = models.PositiveIntegerField(default=0)
    three_bets = models.PositiveIntegerField(default=0)
    aggressive = models.PositiveIntegerField(default=0)
    calls = models.PositiveIntegerField(default=0)
    saw_flop = models.PositiveIntegerField(default=0)
    showdowns = models.PositiveIntegerField(default=0)
    showdowns_won = models.PositiveIntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    net = models.BigIntegerField(default=0)
    biggest_pot = models.PositiveBigIntegerField(default=0)
    biggest_pot_hand = models.ForeignKey(
        "poker.Hand", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    best_hand = models.PositiveIntegerField(null=True, blank=True)  # poker.engine.evaluate_high's value
    best_hand_hand = models.ForeignKey(
        "poker.Hand", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    allins = models.PositiveIntegerField(default=0)
    allin_luck = models.FloatField(default=0.0)  # chips
    allin_luck_bb = models.FloatField(default=0.0)  # big blinds

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["member", "session", "game"],
                condition=models.Q(session__isnull=False),
                name="figures_once_per_member_session_game",
            ),
            models.UniqueConstraint(
                fields=["member", "season", "game"],
                condition=models.Q(session__isnull=True),
                name="figures_once_per_member_season_game_off_sessions",
            ),
        ]
        indexes = [models.Index(fields=["season", "game"])]

    def __str__(self) -> str:
        return f"{self.member} {self.game} ({self.session or self.season})"


class AllIn(models.Model):
    """One member's all-in of one Hold'em hand: the chips his equity gave him in the pots he
    contested, what he got. Kept for the head-to-head (who was all-in against whom)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="allins")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey(Session, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey("poker.Hand", on_delete=models.CASCADE, related_name="+")
    expected = models.FloatField()
    won = models.PositiveBigIntegerField()
    big_blind = models.PositiveIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "member"], name="allin_once_per_member_hand")]

    def __str__(self) -> str:
        return f"{self.member} all-in, hand {self.hand_id}"

    @property
    def luck(self) -> float:
        return self.won - self.expected
