"""What the pair figures keep of each hand: counts, never a card."""

from __future__ import annotations

from django.db import models


class HandPairs(models.Model):
    """One finished Hold'em hand of a session as the pair figures read it (``HandPairs.to_dict`` of
    ``poker.engine.integrity``): each player's conduct towards each other, the chips between them.
    Derived from the hole cards: for the organizer's integrity page only."""

    hand = models.OneToOneField("poker.Hand", on_delete=models.CASCADE, primary_key=True, related_name="+")
    session = models.ForeignKey("championship.Session", on_delete=models.CASCADE, related_name="+")
    user_ids = models.JSONField()  # the hand's players, in engine order
    data = models.JSONField()

    class Meta:
        app_label = "championship"

    def __str__(self) -> str:
        return f"pairs of hand {self.hand_id}"
