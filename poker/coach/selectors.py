"""The player's page's summary of the coach: the three decisions of his last session to look at.

His last session: the table of his latest finished hand in a game the coach reviews, its last 30
hands he played. Each decision is weighed as he could weigh it (``review`` without hindsight: no
exact count, a few milliseconds a decision); the three that cost the most on average are the ones
to look at. The result is kept in the cache until he plays another hand.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.urls import reverse

from ..engine.strategy.coach import COSTLY, DOUBTFUL, review
from ..models import Hand
from ..pages.downloads import seen_by
from ..tables.registry import games

SESSION_HANDS = 30
RECENT = 400  # the latest finished reviewed hands searched for his


def decisions_to_review(user_id: int) -> list[dict[str, Any]]:
    """Up to three of his decisions, the costliest first: the hand, the street, the action, the
    verdict, the chips, and the links to the review and the replay."""
    reviewed = [game.variant for game in games() if game.page.get("coach")]
    recent = Hand.objects.filter(table__variant__in=reviewed, ended_at__isnull=False)
    latest_first = recent.order_by("-ended_at").only("pk", "table_id", "user_ids")[:RECENT]
    latest = next((h for h in latest_first if user_id in h.user_ids), None)
    if latest is None:
        return []
    key = f"coach:{user_id}:{latest.pk}"
    found = cache.get(key)
    if found is None:
        found = _worst(user_id, latest.table_id)
        cache.set(key, found, 24 * 3600)
    return found


def _worst(user_id: int, table_id: int) -> list[dict[str, Any]]:
    hands = Hand.objects.filter(table_id=table_id, ended_at__isnull=False).select_related("table")
    mine = [h for h in hands.order_by("-number")[: SESSION_HANDS * 4] if user_id in h.user_ids][
        :SESSION_HANDS
    ]
    found = []
    for hand in mine:
        payloads = hand.events.order_by("seq").values_list("payload", flat=True)
        decisions = review(seen_by(hand, payloads, user_id), hand.player_of(user_id), hindsight=False)
        for k, d in enumerate(decisions, start=1):
            if d.now.verdict in (COSTLY, DOUBTFUL) and d.now.cost:
                args = [hand.table_id, hand.number]
                found.append(
                    {
                        "table": hand.table.name,
                        "number": hand.number,
                        "street": d.street,
                        "action": d.action,
                        "verdict": d.now.verdict,
                        "cost": d.now.cost,
                        "review": reverse("poker:hand_review", args=args) + f"#decision-{k}",
                        "replay": reverse("poker:hand_replay", args=args),
                    }
                )
    return sorted(found, key=lambda f: -f["cost"])[:3]


def session_summary(user_id: int) -> list[dict[str, Any]]:
    """``decisions_to_review`` with the words of the page's language."""
    from .views import ACTIONS, STREETS, VERDICTS

    return [
        {
            **f,
            "street": STREETS[f["street"]],
            "action": ACTIONS[f["action"]],
            "verdict": VERDICTS[f["verdict"]],
        }
        for f in decisions_to_review(user_id)
    ]
