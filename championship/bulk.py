"""Bulk data for the query-count tests and the benchmark: many seasons of closed sessions built
with bulk_create (fast), with results that respect the rules (one per player per session)."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from . import rules
from .models import Member, Registration, Result, Season, Session, nickname_key


def build_history(
    *, seasons: int, sessions: int, players: int, seed: int = 7, prefix: str = "J"
) -> list[Member]:
    rng = random.Random(seed)
    members = Member.objects.bulk_create(
        Member(
            full_name=f"Joueur {i}",
            nickname=f"{prefix}{i:03d}",
            nickname_key=nickname_key(f"{prefix}{i:03d}"),  # bulk_create skips save()
            branch="Rakoto",
        )
        for i in range(players)
    )
    season_rows = Season.objects.bulk_create(
        Season(name=f"Saison {prefix}{2000 + s}", starts_on=date(2000 + s, 1, 15)) for s in range(seasons)
    )
    session_rows = Session.objects.bulk_create(
        Session(
            season=season,
            number=n + 1,
            scheduled_at=timezone.make_aware(
                datetime.combine(season.starts_on + timedelta(days=61 * n), time(15))
            ),
            status=Session.Status.CLOSED,
        )
        for season in season_rows
        for n in range(sessions)
    )
    registrations, results = [], []
    qualifiers = 3 * len(rules.table_sizes(players))
    for session in session_rows:
        order = members[:]
        rng.shuffle(order)
        for place, member in enumerate(order, start=1):
            registrations.append(
                Registration(session=session, member=member, fee=1, paid=True, method="cash")
            )
            if place <= qualifiers:
                points = rules.points_for_place(
                    place, rules.DEFAULT_POINTS_SCALE, rules.DEFAULT_UNPLACED_POINTS
                )
                results.append(
                    Result(session=session, member=member, round_reached=2, place=place, points=points)
                )
            else:
                results.append(Result(session=session, member=member, round_reached=1, place=None, points=0))
    Registration.objects.bulk_create(registrations, batch_size=2000)
    Result.objects.bulk_create(results, batch_size=2000)
    return members
