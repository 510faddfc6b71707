"""A player's numbers, per season and over all seasons (docs/statistics.md): the championship's
(sessions, points, places), each game's figures, his knock-outs. A fixed number of queries,
whatever the length of his history: the rows kept as hands finished are added up here."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from types import SimpleNamespace

from django.db.models import Q
from django.urls import reverse

from ..models import KnockOut, Member, PlayerFigures, Season
from ..selectors import SeasonRecord
from .figures import GameFigures, HandLink, link, total

RECORD_HANDS = ("biggest_pot_hand", "best_hand_hand")
HAND_HEAVY = ("state", "seats", "user_ids", "names", "starting_stacks")  # a link needs none of them


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


def _ranked(counter: Counter, names: dict[int, str], versus: str) -> list[tuple[Member, int]]:
    """Members and counts, most first; each with the URL of his head-to-head with the player
    (``versus``: that URL with 0 for the other, formatted here rather than reversed per link)."""
    members = [
        (SimpleNamespace(pk=m, nickname=names[m], versus_url=versus.replace("/0/", f"/{m}/")), c)
        for m, c in counter.items()
    ]
    return sorted(members, key=lambda mc: (-mc[1], mc[0].nickname.lower()))


def player_numbers(member: Member, records: list[SeasonRecord]) -> list[Numbers]:
    """Every season he has numbers in, newest first, after the total over all seasons. His results
    come from ``records`` (``selectors.player_history``, read for the page already): 2 queries more,
    his figures (with their seasons and record hands) and the knock-outs he made or suffered."""
    results = [(r.season.pk, score) for r in records for score in r.results]
    seasons = {r.season.pk: r.season for r in records}
    rows = list(
        PlayerFigures.objects.filter(member=member)
        .select_related("season", "biggest_pot_hand", "best_hand_hand")
        .defer(*(f"{hand}__{heavy}" for hand in RECORD_HANDS for heavy in HAND_HEAVY))
    )
    through = KnockOut.knocked_out_by.through
    credits = list(
        through.objects.filter(
            Q(registration__member=member) | Q(knockout__registration__member=member),
            knockout__undone_at__isnull=True,
        ).values_list(
            "knockout__session__season_id",
            "registration__member_id",
            "registration__member__nickname",
            "knockout__registration__member_id",
            "knockout__registration__member__nickname",
        )
    )
    names: dict[int, str] = {}
    made, suffered = [], []
    for season_id, by, by_name, out, out_name in credits:
        names[by], names[out] = by_name, out_name
        if by == member.pk:
            made.append((season_id, out))
        if out == member.pk:
            suffered.append((season_id, by))
    links: dict[int, HandLink] = {}
    for row in rows:
        seasons.setdefault(row.season_id, row.season)
        for hand in (row.biggest_pot_hand, row.best_hand_hand):
            if hand is not None:
                links[hand.pk] = HandLink(hand.table_id, hand.number)
    versus = reverse("head_to_head", args=[member.pk, 0])
    season_ids = set(seasons) | {s for s, _m in made + suffered if s in seasons}

    def numbers(season_id: int | None) -> Numbers:
        def mine(season):
            return season_id is None or season == season_id

        champ = ChampionshipFigures()
        for season, score in results:
            if mine(season):
                champ.sessions += 1
                champ.points += score.points
                if score.place:  # placed: he played round 2 (rules: only round 2 is placed)
                    champ.rounds2 += 1
                    champ.places.append(score.place)
        knockouts = Knockouts(
            victims=_ranked(Counter(m for s, m in made if mine(s)), names, versus),
            hunters=_ranked(Counter(m for s, m in suffered if mine(s)), names, versus),
        )
        games = total(r for r in rows if mine(r.season_id))
        link(list(games.values()), links)
        return Numbers(seasons.get(season_id), champ, games, knockouts)

    by_season = [numbers(pk) for pk in sorted(season_ids, key=lambda pk: seasons[pk].starts_on, reverse=True)]
    return [numbers(None), *by_season] if season_ids or made or suffered else []
