"""Two members against each other (docs/statistics.md): the sessions both played and who
finished ahead, the knock-outs between them, their all-ins against each other. 4 queries."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..models import AllIn, KnockOut, Member, Result, Session
from .figures import HandLink


@dataclass
class SharedSession:
    session: Session
    places: tuple[int | None, int | None]
    ahead: int | None  # 0: the first member, 1: the second, None: neither (same hand, same chips)


@dataclass
class SharedAllIn:
    link: HandLink
    luck: tuple[float, float]  # chips
    luck_bb: tuple[float, float]


@dataclass
class HeadToHead:
    members: tuple[Member, Member]
    sessions: list[SharedSession] = field(default_factory=list)
    knockouts: tuple[int, int] = (0, 0)  # by the first of the second, by the second of the first
    allins: list[SharedAllIn] = field(default_factory=list)

    @property
    def ahead(self) -> tuple[int, int]:
        return (sum(s.ahead == 0 for s in self.sessions), sum(s.ahead == 1 for s in self.sessions))

    @property
    def luck(self) -> tuple[float, float]:
        return (sum(a.luck[0] for a in self.allins), sum(a.luck[1] for a in self.allins))

    @property
    def luck_bb(self) -> tuple[float, float]:
        return (sum(a.luck_bb[0] for a in self.allins), sum(a.luck_bb[1] for a in self.allins))


def _finish_key(place: int | None, out: tuple[int, int] | None) -> tuple:
    """Smaller is ahead: a place in round 2, else out later in round 1, or with more chips in the
    same hand."""
    if place:
        return (0, place)
    if out is None:
        return (2,)
    sequence_of_hand, stack = out
    return (1, -sequence_of_hand, -stack)


def head_to_head(first: Member, second: Member) -> HeadToHead:
    pair = (first.pk, second.pk)
    record = HeadToHead((first, second))
    results: dict[int, dict[int, int | None]] = defaultdict(dict)
    sessions: dict[int, Session] = {}
    for result in Result.objects.filter(member_id__in=pair).select_related("session__season"):
        results[result.session_id][result.member_id] = result.place
        sessions[result.session_id] = result.session
    shared = sorted(
        (pk for pk, r in results.items() if len(r) == 2), key=lambda pk: sessions[pk].scheduled_at
    )
    outs: dict[tuple[int, int], tuple[int, int]] = {}
    first_of_hand: dict[tuple[int, str], int] = {}
    knockouts = list(
        KnockOut.objects.filter(session_id__in=shared, undone_at__isnull=True, round_number=1)
        .order_by("sequence")
        .values_list("session_id", "hand_key", "sequence", "registration__member_id", "stack_at_hand_start")
    )
    for session_id, hand_key, sequence, member_id, stack in knockouts:
        first_of_hand.setdefault((session_id, hand_key), sequence)  # out in the same hand: as late
        if member_id in pair:
            outs[(session_id, member_id)] = (first_of_hand[(session_id, hand_key)], stack or 0)
    for pk in shared:
        keys = [_finish_key(results[pk][m], outs.get((pk, m))) for m in pair]
        ahead = None if keys[0] == keys[1] else (0 if keys[0] < keys[1] else 1)
        record.sessions.append(
            SharedSession(sessions[pk], (results[pk][pair[0]], results[pk][pair[1]]), ahead)
        )
    through = KnockOut.knocked_out_by.through
    made = list(
        through.objects.filter(
            knockout__undone_at__isnull=True,
            knockout__registration__member_id__in=pair,
            registration__member_id__in=pair,
        ).values_list("registration__member_id", "knockout__registration__member_id")
    )
    record.knockouts = (
        sum(1 for by, out in made if (by, out) == pair),
        sum(1 for by, out in made if (by, out) == pair[::-1]),
    )
    by_hand: dict[int, dict[int, tuple]] = defaultdict(dict)
    for hand_id, member_id, expected, won, big_blind, table_id, number in AllIn.objects.filter(
        member_id__in=pair
    ).values_list("hand_id", "member_id", "expected", "won", "big_blind", "hand__table_id", "hand__number"):
        by_hand[hand_id][member_id] = (won - expected, big_blind, table_id, number)
    for hand_id in sorted(by_hand):
        both = by_hand[hand_id]
        if len(both) < 2:
            continue
        luck = tuple(both[m][0] for m in pair)
        big_blind = both[pair[0]][1] or 1
        table_id, number = both[pair[0]][2:]
        record.allins.append(
            SharedAllIn(HandLink(table_id, number), luck, tuple(x / big_blind for x in luck))  # type: ignore[arg-type]
        )
    return record
