"""The standings: a season's leaderboard and each member's seasons, computed from the stored
results of closed sessions (no stored totals that could drift), each in a fixed number of queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from types import SimpleNamespace

from poker import selectors as poker_selectors
from poker.models import Table

from .. import rules
from ..models import Member, Result, Season, Session
from ..services.online import provider_key


@dataclass
class Score:
    """One player's result in one closed session, read without building model instances."""

    session_id: int
    member_id: int
    place: int | None
    points: int
    session: Session | None = None


@dataclass
class StandingRow:
    rank: int
    member: Member
    points: int
    played: int
    wins: int
    best_place: int | None
    per_session: Decimal
    by_session: dict[int, Score] = field(default_factory=dict)  # session pk -> score
    key: tuple = ()


@dataclass
class Standings:
    season: Season
    sessions: list[Session]  # closed sessions, in order
    rows: list[StandingRow]

    def cumulative(self, row: StandingRow) -> list[int]:
        total, points = 0, []
        for session in self.sessions:
            score = row.by_session.get(session.pk)
            total += score.points if score else 0
            points.append(total)
        return points


def _scores(**filters) -> list[Score]:
    rows = Result.objects.filter(**filters).values_list("session_id", "member_id", "place", "points")
    return [Score(*row) for row in rows]


def _rank(sessions: list[Session], scores: list[Score], members: dict[int, Member]) -> list[StandingRow]:
    per_member: dict[int, list[Score]] = defaultdict(list)
    for score in scores:
        per_member[score.member_id].append(score)
    order_of = {s.pk: i for i, s in enumerate(sessions, start=1)}
    recent_first = list(range(len(sessions), 0, -1))
    depth = max((r.place for r in scores if r.place), default=0)
    rows = []
    for member_id, member_scores in per_member.items():
        played = len(member_scores)
        points = sum(r.points for r in member_scores)
        places = [r.place for r in member_scores if r.place]
        key = rules.standings_key(
            [rules.SessionResult(order_of[r.session_id], r.place, r.points) for r in member_scores],
            recent_first,
            depth,
        )
        rows.append(
            StandingRow(
                rank=0,
                member=members[member_id],
                points=points,
                played=played,
                wins=places.count(1),
                best_place=min(places) if places else None,
                per_session=(Decimal(points) / played).quantize(Decimal("0.1")),
                by_session={r.session_id: r for r in member_scores},
                key=key,
            )
        )
    rows.sort(key=lambda r: (r.key, r.member.nickname.lower()))
    for index, row in enumerate(rows):
        same = index and rows[index - 1].key == row.key
        row.rank = rows[index - 1].rank if same else index + 1
    return rows


def standings(season: Season) -> Standings:
    """The season's leaderboard from its closed sessions: 3 queries."""
    sessions = list(season.sessions.filter(status=Session.Status.CLOSED).order_by("scheduled_at", "number"))
    scores = _scores(session__in=[s.pk for s in sessions])
    members = Member.objects.only("nickname", "full_name", "user_id").in_bulk({s.member_id for s in scores})
    return Standings(season=season, sessions=sessions, rows=_rank(sessions, scores, members))


@dataclass
class SeasonRecord:
    season: Season
    rank: int | None
    players: int
    points: int
    results: list[Score]


def season_poker_tables(season: Season) -> list[Table]:
    """Every poker table the season's online sessions opened (a round-2 table that a new one
    replaced too: they all take their blinds from their session, ``provider_key``)."""
    sessions = Session.objects.filter(season=season).only("pk")
    return poker_selectors.tables_of_providers(provider_key(s) for s in sessions)


def player_history(member: Member) -> list[SeasonRecord]:
    """Each season the member played, newest first, with his rank and results: 2 queries."""
    sessions = {
        s.pk: s
        for s in Session.objects.filter(
            status=Session.Status.CLOSED,
            season__in=Session.objects.filter(results__member=member).values("season"),
        )
        .select_related("season")
        .order_by("scheduled_at", "number")
    }
    scores = _scores(session__in=list(sessions))
    by_season: dict[int, list[Score]] = defaultdict(list)
    for score in scores:
        score.session = sessions[score.session_id]
        by_season[score.session.season_id].append(score)
    records = []
    for season_scores in by_season.values():
        season = season_scores[0].session.season
        season_sessions = [s for s in sessions.values() if s.season_id == season.pk]
        # Only this member's row needs his real name: the others are ranked by their keys.
        names = {pk: SimpleNamespace(pk=pk, nickname="") for pk in {s.member_id for s in season_scores}}
        names[member.pk] = member
        rows = _rank(season_sessions, season_scores, names)
        mine = next(row for row in rows if row.member.pk == member.pk)
        records.append(
            SeasonRecord(
                season=season,
                rank=mine.rank,
                players=len(rows),
                points=mine.points,
                results=[r for r in season_scores if r.member_id == member.pk],
            )
        )
    records.sort(key=lambda r: r.season.starts_on, reverse=True)
    return records
