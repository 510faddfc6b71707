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


def build_figures(members: list[Member], *, hands: int = 200, seed: int = 11) -> None:
    """Statistics rows for every result of ``members`` (as ``build_history`` made them): the
    figures of ``hands`` Hold'em hands a session, with all-ins and knock-outs credited. No hands are
    stored: the pages read these rows only."""
    from .models import AllIn, KnockOut, PlayerFigures

    rng = random.Random(seed)
    results = list(Result.objects.filter(member__in=members).select_related("session"))
    figures, knockouts = [], []
    registrations = {(r.session_id, r.member_id): r for r in Registration.objects.filter(member__in=members)}
    by_session: dict[int, list[Result]] = {}
    for result in results:
        by_session.setdefault(result.session_id, []).append(result)
        dealt = rng.randint(hands // 4, hands)
        figures.append(
            PlayerFigures(
                member_id=result.member_id,
                season_id=result.session.season_id,
                session_id=result.session_id,
                game="holdem",
                hands=dealt,
                vpip=dealt // 4,
                pfr=dealt // 6,
                three_bet_chances=dealt // 5,
                three_bets=dealt // 20,
                aggressive=dealt // 5,
                calls=dealt // 7,
                saw_flop=dealt // 3,
                showdowns=dealt // 8,
                showdowns_won=dealt // 16,
                hands_won=dealt // 5,
                biggest_pot=rng.randint(1000, 50000),
                best_hand=rng.randint(1000, 7000),
                allins=rng.randint(0, 6),
                allin_luck=rng.uniform(-5000, 5000),
                allin_luck_bb=rng.uniform(-50, 50),
            )
        )
    PlayerFigures.objects.bulk_create(figures, batch_size=2000)
    sequence = 0
    for session_id, session_results in by_session.items():
        order = sorted(session_results, key=lambda r: (r.place or 10**6, rng.random()), reverse=True)
        for k, result in enumerate(order[:-1]):
            sequence += 1
            knockouts.append(
                KnockOut(
                    session_id=session_id,
                    registration=registrations[(session_id, result.member_id)],
                    round_number=1 if result.place is None else 2,
                    table=1,
                    sequence=k + 1,
                    hand_key=f"bulk-{sequence}",
                    source=KnockOut.Source.ONLINE,
                )
            )
    KnockOut.objects.bulk_create(knockouts, batch_size=2000)
    through = KnockOut.knocked_out_by.through
    session_regs: dict[int, list[int]] = {}
    for (session_id, _member), registration in registrations.items():
        session_regs.setdefault(session_id, []).append(registration.pk)
    through.objects.bulk_create(
        (
            through(knockout_id=k.pk, registration_id=rng.choice(session_regs[k.session_id]))
            for k in KnockOut.objects.filter(session__in=by_session, hand_key__startswith="bulk-")
        ),
        batch_size=2000,
    )
    del AllIn  # all-in rows are per hand: the head-to-head, not the player page, reads them
