"""A player's numbers, per season and over all seasons (docs/statistics.md): the championship's
(sessions, points, places), each game's figures, his knock-outs. A fixed number of queries,
whatever the length of his history: the rows kept as hands finished are added up here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from poker.models import Hand

from ..models import KnockOut, Member, PlayerFigures, Result, Season
from .figures import GameFigures, HandLink, link, record_hands, total


@dataclass
class ChampionshipFigures:
    sessions: int = 0
    points: int = 0
    places: list[int] = field(default_factory=list)  # the places of the sessions where he was placed
    rounds2: int = 0

    @property
    def wins(self) -> int:
        return self.places.count(1)

    @property
    def average_place(self) -> Decimal | None:
        if not self.places:
            return None
        return (Decimal(sum(self.places)) / len(self.places)).quantize(Decimal("0.1"))


@dataclass
class Knockouts:
    victims: list[tuple[Member, int]]  # whom he knocked out, most first
    hunters: list[tuple[Member, int]]  # who knocked him out, most first

    @property
    def made(self) -> int:
        return sum(count for _m, count in self.victims)

    @property
    def nemesis(self) -> list[tuple[Member, int]]:
        """Who knocked him out most often (all of them on a tie), at least twice."""
        top = self.hunters[0][1] if self.hunters else 0
        return [(m, c) for m, c in self.hunters if c == top and c >= 2]


@dataclass
class Numbers:
    season: Season | None  # None: every season
    championship: ChampionshipFigures
    games: dict[str, GameFigures]
    knockouts: Knockouts

    @property
    def holdem(self) -> GameFigures:
        return self.games["holdem"]

    @property
    def razz(self) -> GameFigures:
        return self.games["razz"]

    @property
    def dealer_draw(self) -> GameFigures:
        return self.games["dealer_draw"]


def _ranked(counter: Counter, members: dict[int, Member]) -> list[tuple[Member, int]]:
    return sorted(
        ((members[m], c) for m, c in counter.items()), key=lambda mc: (-mc[1], mc[0].nickname.lower())
    )


def player_numbers(member: Member) -> list[Numbers]:
    """Every season he has numbers in, newest first, after the total over all seasons: 6 queries."""
    results = list(
        Result.objects.filter(member=member).values_list(
            "session__season_id", "place", "points", "round_reached"
        )
    )
    rows = list(PlayerFigures.objects.filter(member=member))
    made = list(
        KnockOut.objects.filter(undone_at__isnull=True, knocked_out_by__member=member).values_list(
            "session__season_id", "registration__member_id"
        )
    )
    through = KnockOut.knocked_out_by.through
    suffered = list(
        through.objects.filter(
            knockout__registration__member=member, knockout__undone_at__isnull=True
        ).values_list("knockout__session__season_id", "registration__member_id")
    )
    season_ids = {r[0] for r in results} | {r.season_id for r in rows} | {k[0] for k in made + suffered}
    seasons = Season.objects.in_bulk(season_ids)
    others = Member.objects.only("nickname").in_bulk({k[1] for k in made + suffered})

    def numbers(season_id: int | None) -> Numbers:
        def mine(season):
            return season_id is None or season == season_id

        champ = ChampionshipFigures()
        for season, place, points, round_reached in results:
            if mine(season):
                champ.sessions += 1
                champ.points += points
                champ.rounds2 += round_reached == 2
                if place:
                    champ.places.append(place)
        knockouts = Knockouts(
            victims=_ranked(Counter(m for s, m in made if mine(s)), others),
            hunters=_ranked(Counter(m for s, m in suffered if mine(s)), others),
        )
        games = total(r for r in rows if mine(r.season_id))
        return Numbers(seasons.get(season_id), champ, games, knockouts)

    by_season = [numbers(pk) for pk in sorted(season_ids, key=lambda pk: seasons[pk].starts_on, reverse=True)]
    everything = [numbers(None), *by_season] if season_ids else []
    groups = [g for n in everything for g in n.games.values()]
    links = {
        pk: HandLink(table_id, number)
        for pk, table_id, number in Hand.objects.filter(pk__in=record_hands(groups)).values_list(
            "pk", "table_id", "number"
        )
    }
    link(groups, links)
    return everything
