"""A session's or a season's pairs, ranked, as the organizer's page shows them (docs/integrity.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from poker.engine.integrity import FEATURES, FLAG_SCORE, MIN_HANDS, PairBook, PairReport
from poker.engine.integrity.hand import (
    AGGRESSION,
    CHECKED_RIVERS,
    FOLDS_TO,
    RAISE_FOLDS,
    STRONG_FOLDS,
    STRONG_UNBET,
    HandPairs,
)
from poker.models import Hand, SeatConnection

from ..models import HandPairs as HandPairsRow
from ..models import Member, Season, Session
from ..statistics.record import PROVIDER

DETAILED = 12  # pairs shown with all their figures; the others in one line each
HANDS_SHOWN = 12  # replays listed per pair

LABELS = {
    AGGRESSION: _("Bets and raises while the other was in the hand"),
    STRONG_FOLDS: _("Better hands folded to the other's bet"),
    RAISE_FOLDS: _("Folds after raising, when the other raised back"),
    CHECKED_RIVERS: _("Rivers checked through holding a near-certain winner"),
    STRONG_UNBET: _("Strong hands played without a bet or raise while the other was in"),
    FOLDS_TO: _("Folds to the other's bet or raise"),
}
SHORT = {
    STRONG_FOLDS: _("better hand folded"),
    RAISE_FOLDS: _("raise then fold"),
    CHECKED_RIVERS: _("river checked with a winner"),
}


@dataclass
class Line:
    label: str
    towards: tuple[int, int]
    rest: tuple[int, int]
    into: tuple[int, int]  # the others towards the other player
    expected: float | None  # hits towards the other his habit and the other's give
    p_value: float | None

    @staticmethod
    def percent(counts: tuple[int, int]) -> int | None:
        return round(100 * counts[0] / counts[1]) if counts[1] else None

    @property
    def towards_percent(self) -> int | None:
        return self.percent(self.towards)

    @property
    def rest_percent(self) -> int | None:
        return self.percent(self.rest)

    @property
    def into_percent(self) -> int | None:
        return self.percent(self.into)


@dataclass
class Side:
    name: str
    other: str
    lines: list[Line]
    chips_to_other: int
    folded_to_other: int
    luck_of_other: int  # of those won at all-ins: beyond the other's equity of them (negative: below)


@dataclass
class Pair:
    rank: int
    names: tuple[str, str]
    report: PairReport
    sides: tuple[Side, Side]
    hands: list[dict]  # {"url", "what", "who", "label"}
    shared: list[str]  # "same address", "same browser": seated at one table from one connection

    @property
    def score(self) -> float:
        return round(self.report.score, 1)


@dataclass
class Report:
    pairs: list[Pair]
    others: list[Pair]  # beyond DETAILED, in one line each
    hands: int
    min_hands: int = MIN_HANDS
    flag_score: float = FLAG_SCORE

    @property
    def flagged(self) -> int:
        return sum(p.report.flagged for p in self.pairs + self.others)


def session_report(session: Session) -> Report:
    return _report(HandPairsRow.objects.filter(session=session), [session.pk])


def season_report(season: Season) -> Report:
    sessions = list(season.sessions.values_list("pk", flat=True))
    return _report(HandPairsRow.objects.filter(session__season=season), sessions)


def _shared(sessions: list[int]) -> dict[tuple[int, int], set[str]]:
    """The pairs seated at one of the sessions' tables from the same address or the same browser
    (poker/connections.py), with which of the two."""
    providers = [f"{PROVIDER}:{pk}" for pk in sessions]
    seen: dict[tuple[str, int, str], set[int]] = {}
    for table, user, address, browser in SeatConnection.objects.filter(
        table__blind_provider__in=providers
    ).values_list("table_id", "user_id", "address", "browser"):
        for kind, key in (("address", address), ("browser", browser)):
            if key:
                seen.setdefault((kind, table, key), set()).add(user)
    shared: dict[tuple[int, int], set[str]] = {}
    for (kind, _table, _key), users in seen.items():
        ordered = sorted(users)
        for k, a in enumerate(ordered):
            for b in ordered[k + 1 :]:
                shared.setdefault((a, b), set()).add(kind)
    return shared


SHARED = {"address": _("same address"), "browser": _("same browser")}


def _report(rows, sessions: list[int]) -> Report:
    book = PairBook()
    count = 0
    for hand_id, user_ids, data in rows.order_by("hand_id").values_list("hand_id", "user_ids", "data"):
        book.add(HandPairs.from_dict(data), user_ids, ref=hand_id)
        count += 1
    ranked = book.ranked()
    names = _names({u for r in ranked for u in r.players})
    detailed = ranked[:DETAILED]
    hand_ids = {ref for r in detailed for ref, _, _ in r.hands_flagged[-HANDS_SHOWN:]}
    where = {
        pk: (table, number)
        for pk, table, number in Hand.objects.filter(pk__in=hand_ids).values_list("pk", "table_id", "number")
    }
    shared = _shared(sessions)
    pairs = [_pair(rank, r, names, where, shared) for rank, r in enumerate(detailed, start=1)]
    others = [
        _pair(rank, r, names, {}, shared) for rank, r in enumerate(ranked[DETAILED:], start=DETAILED + 1)
    ]
    return Report(pairs=pairs, others=others, hands=count)


def _names(user_ids: set[int]) -> dict[int, str]:
    names = dict(Member.objects.filter(user_id__in=user_ids).values_list("user_id", "nickname"))
    missing = user_ids - set(names)
    if missing:
        names |= dict(get_user_model().objects.filter(pk__in=missing).values_list("pk", "username"))
    return names


def _pair(rank: int, report: PairReport, names: dict[int, str], where: dict, shared: dict) -> Pair:
    a, b = report.players
    sides = []
    for (me, other), direction in zip(((a, b), (b, a)), report.directions):
        lines = [
            Line(
                label=str(LABELS[f]),
                towards=(direction.towards[f].hits, direction.towards[f].chances),
                rest=(direction.rest[f].hits, direction.rest[f].chances),
                into=(direction.into[f].hits, direction.into[f].chances),
                expected=direction.expected.get(f),
                p_value=direction.p_values.get(f),
            )
            for f in FEATURES
        ]
        sides.append(
            Side(
                name=names.get(me, "?"),
                other=names.get(other, "?"),
                lines=lines,
                chips_to_other=direction.chips_to_other,
                folded_to_other=direction.folded_to_other,
                luck_of_other=round(direction.luck_of_other),
            )
        )
    hands = []
    for ref, feature, who in report.hands_flagged[-HANDS_SHOWN:]:
        if ref in where:
            table, number = where[ref]
            hands.append(
                {
                    "url": reverse("poker:hand_replay_all", args=[table, number]),
                    "number": number,
                    "what": str(SHORT[feature]),
                    "who": names.get(who, "?"),
                }
            )
    return Pair(
        rank=rank,
        names=(names.get(a, "?"), names.get(b, "?")),
        report=report,
        sides=(sides[0], sides[1]),
        hands=hands,
        shared=[str(SHARED[kind]) for kind in sorted(shared.get((min(a, b), max(a, b)), ()))],
    )
