"""The season's awards (docs/statistics.md): each with its winners (all of them on a tie), the
figure, and the hand's replay where one hand decides it. A fixed number of queries."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from poker.models import Hand

from .. import selectors
from ..models import KnockOut, Member, PlayerFigures, Season, Session
from .figures import GameFigures, HandLink, total

MIN_ALLINS = 3  # all-ins a player needs to be luckiest or unluckiest: one hand must not decide it


@dataclass
class Award:
    key: str
    title: str
    winners: list[Member] = field(default_factory=list)
    figure: object = None  # what the template formats (points, a count, big blinds, chips, a hand)
    count: int | None = None  # the count the figure is taken from, where there is one
    link: HandLink | None = None


def _best(values: dict[int, object], *, lowest: bool = False) -> tuple[list[int], object]:
    if not values:
        return [], None
    top = min(values.values()) if lowest else max(values.values())
    return sorted(m for m, v in values.items() if v == top), top


def season_awards(season: Season) -> list[Award]:
    standings = selectors.standings(season)  # 3 queries
    rows = list(PlayerFigures.objects.filter(season=season))
    by_member: dict[int, list[PlayerFigures]] = defaultdict(list)
    for row in rows:
        by_member[row.member_id].append(row)
    games: dict[int, dict[str, GameFigures]] = {m: total(r) for m, r in by_member.items()}
    knockouts = list(
        KnockOut.objects.filter(session__season=season, undone_at__isnull=True).values_list(
            "pk", "session_id", "hand_key", "sequence", "registration__member_id"
        )
    )
    credits = list(
        KnockOut.knocked_out_by.through.objects.filter(
            knockout__session__season=season, knockout__undone_at__isnull=True
        ).values_list("registration__member_id", flat=True)
    )
    awards: list[Award] = []

    leaders = [r for r in standings.rows if r.rank == 1]
    awards.append(
        Award("leader", _("Leader"), [r.member for r in leaders], leaders[0].points if leaders else None)
    )
    ko_winners, ko_count = _best(Counter(credits))
    awards.append(Award("knockouts", _("Most knock-outs"), ko_winners, ko_count))

    luck = {m: g["holdem"].allin_luck_bb for m, g in games.items() if g["holdem"].allins >= MIN_ALLINS}
    allins = {m: g["holdem"].allins for m, g in games.items()}
    for key, title, lowest in (("luckiest", _("Luckiest"), False), ("unluckiest", _("Unluckiest"), True)):
        winners, figure = _best(luck, lowest=lowest)
        if figure is not None and (figure < 0 if not lowest else figure > 0):
            winners, figure = [], None  # nobody was lucky (or unlucky) enough to say so
        awards.append(
            Award(key, title, winners, figure, sum(allins[m] for m in winners) if winners else None)
        )

    pots = {m: max(gf.biggest_pot for gf in g.values()) for m, g in games.items()}
    pot_winners, pot = _best({m: p for m, p in pots.items() if p})
    pot_hand = _record_hand(games, pot_winners, lambda gf: gf.biggest_pot == pot, "biggest_pot_hand")
    awards.append(Award("biggest_pot", _("Biggest pot"), pot_winners, pot, None, pot_hand))

    hands = {m: g["holdem"].best_hand for m, g in games.items() if g["holdem"].best_hand is not None}
    hand_winners, best = _best(hands)
    best_hand = _record_hand(games, hand_winners, lambda gf: gf.best_hand == best, "best_hand_hand")
    best_name = GameFigures(best_hand=best).best_hand_name if best is not None else None
    awards.append(Award("best_hand", _("Best hand"), hand_winners, best_name, None, best_hand))

    played = {m: sum(gf.hands for gf in g.values()) for m, g in games.items()}
    played_winners, most = _best({m: h for m, h in played.items() if h})
    awards.append(Award("hands", _("Most hands played"), played_winners, most))

    first_out: Counter = Counter()
    first_hand: dict[int, tuple[int, str]] = {}
    for _pk, session_id, hand_key, sequence, member_id in sorted(knockouts, key=lambda k: k[3]):
        if session_id not in first_hand:
            first_hand[session_id] = (sequence, hand_key)
        if first_hand[session_id][1] == hand_key:  # out together in the first hand: each of them
            first_out[member_id] += 1
    first_winners, times = _best(first_out)
    awards.append(Award("first_out", _("First out most often"), first_winners, times))

    runs = {row.member.pk: _longest_run(standings.sessions, row.by_session) for row in standings.rows}
    run_winners, run = _best({m: r for m, r in runs.items() if r})
    awards.append(Award("round2_run", _("Longest run of rounds 2 reached"), run_winners, run))

    names = Member.objects.only("nickname").in_bulk(
        {m for a in awards for m in a.winners if isinstance(m, int)}
    )
    links = _links([a.link for a in awards if a.link is not None])
    for award in awards:
        winners = [names[m] if isinstance(m, int) else m for m in award.winners]
        award.winners = sorted(winners, key=lambda m: m.nickname.lower())
        if award.link is not None:
            award.link = links.get(award.link)
    return awards


def _record_hand(games, winners: list[int], holds, attribute: str):
    """The hand of the record (the first winner's), or None."""
    for member_id in winners:
        for figures in games[member_id].values():
            if holds(figures) and getattr(figures, attribute) is not None:
                return getattr(figures, attribute)
    return None


def _links(hand_ids: list[int]) -> dict[int, HandLink]:
    return {
        pk: HandLink(table_id, number)
        for pk, table_id, number in Hand.objects.filter(pk__in=hand_ids).values_list(
            "pk", "table_id", "number"
        )
    }


def _longest_run(sessions: list[Session], by_session: dict) -> int:
    """Consecutive closed sessions of the season in which he reached round 2 (placed)."""
    best = run = 0
    for session in sessions:
        score = by_session.get(session.pk)
        run = run + 1 if score is not None and score.place else 0
        best = max(best, run)
    return best
