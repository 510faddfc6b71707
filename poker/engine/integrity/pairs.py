"""The pair figures of a session or a season, and the score that ranks the pairs.

``PairBook`` adds up ``hand_pairs`` of many hands, keyed by the players' ids (the members), and
``ranked()`` gives one ``PairReport`` per pair that shared a hand, the most unusual first.

The score (docs/integrity.md, "The score"): for each player A of the pair, each feature and the
other player B, A's count towards B is compared with what A's own habit and B's lead to expect:
the others' rate towards B, times A's habit (his hits towards the others over what everybody's
rates towards those same players give for his chances: ``expected_rate``). The two players'
counts of a feature are added up, and a one-sided binomial test (mid-p) of the pair's count
against its expected count, in the direction collusion would push it (fewer bets and raises into
the partner; more strong hands not bet, folds to his bets, strong folds, folds after raising,
rivers checked with a winner), gives one p-value a feature. They are combined by Fisher's
method; the pair's score is -log10 of the combined p-value: a p-value means the same whatever the
hands together, the table or the session, so the scores of pairs of different tables, sessions
and lengths are ranked together. A pair is "à regarder" when its score is at least
``FLAG_SCORE`` over at least ``MIN_HANDS`` hands together.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from .hand import (
    AGGRESSION,
    CHECKED_RIVERS,
    FEATURES,
    FLAGGED,
    FOLDS_TO,
    RAISE_FOLDS,
    STRONG_FOLDS,
    STRONG_UNBET,
    HandPairs,
)

MIN_HANDS = 50  # fewer hands together: the figures are shown, the pair is never flagged
FLAG_SCORE = 3.0  # combined p-value at most 1e-3 (chosen with bench/integrity.py: docs/integrity.md)
# Every rate of the expectation is read with half a hit in one more chance (a Jeffreys-like
# prior), so a player nobody ever folded a strong hand to does not make one such fold a certainty.
PRIOR_HITS, PRIOR_CHANCES = 0.5, 1.0
# Collusion lowers the rate of bets and raises towards the partner, and raises the others.
LOWER = {AGGRESSION}


@dataclass
class Counts:
    hits: int = 0
    chances: int = 0

    @property
    def rate(self) -> float | None:
        return self.hits / self.chances if self.chances else None


@dataclass
class Direction:
    """One player towards the other (``towards``) and towards the rest of the table (``rest``)."""

    towards: dict[str, Counts] = field(default_factory=lambda: {f: Counts() for f in FEATURES})
    rest: dict[str, Counts] = field(default_factory=lambda: {f: Counts() for f in FEATURES})
    into: dict[str, Counts] = field(
        default_factory=lambda: {f: Counts() for f in FEATURES}
    )  # others towards the other
    expected: dict[str, float] = field(default_factory=dict)  # hits towards the other his and its habits give
    p_values: dict[str, float] = field(default_factory=dict)  # the features that could tell
    chips_to_other: int = 0  # his chips the other won
    folded_to_other: int = 0  # ... in pots he gave up by folding
    luck_of_other: float = 0.0  # what the other won of his chips at all-ins beyond the other's equity


@dataclass
class PairReport:
    players: tuple[Hashable, Hashable]
    hands: int
    contested: int
    big_blinds: float  # chips won from each other, net, for the first player, in big blinds
    directions: tuple[Direction, Direction]
    score: float
    flagged: bool
    hands_flagged: list[tuple[Hashable, str, Hashable]]  # (hand, feature, player whose act it was)
    p_values: dict[str, float] = field(default_factory=dict)  # each count of the two, the score's tests

    @property
    def net_chips(self) -> int:
        """Chips the first player won from the second minus the chips he lost to him."""
        return self.directions[1].chips_to_other - self.directions[0].chips_to_other


@dataclass
class _Pair:
    hands: int = 0
    contested: int = 0
    big_blinds: float = 0.0
    towards: dict[tuple[Hashable, Hashable], dict[str, Counts]] = field(default_factory=dict)
    chips: dict[Hashable, int] = field(default_factory=dict)
    fold_chips: dict[Hashable, int] = field(default_factory=dict)
    luck: dict[Hashable, float] = field(default_factory=dict)
    flagged_hands: list[tuple[Hashable, str, Hashable]] = field(default_factory=list)


class PairBook:
    """The pairs' figures over many hands."""

    def __init__(self) -> None:
        self._pairs: dict[tuple[Hashable, Hashable], _Pair] = {}
        # Each player towards everybody he met, summed: the rest of the table is this minus one.
        self._all: dict[Hashable, dict[str, Counts]] = {}
        # Everybody towards each player, summed; and everybody towards everybody.
        self._into: dict[Hashable, dict[str, Counts]] = {}

    def add(self, hand: HandPairs, ids: Sequence[Hashable], ref: Hashable = None) -> None:
        """Adds one hand: ``ids[i]`` is the player at index i, ``ref`` names the hand (its replay)."""
        if len(set(ids)) != len(ids) or len(ids) != hand.players:
            raise ValueError("one distinct id for each player of the hand")
        for a in range(hand.players):
            for b in range(a + 1, hand.players):
                pair = self._pair(ids[a], ids[b])
                pair.hands += 1
                pair.contested += (a, b) in hand.contested
        for (i, j), tally in hand.tally.items():
            key = self._key(ids[i], ids[j])
            pair = self._pairs[key]
            towards = pair.towards.setdefault((ids[i], ids[j]), {f: Counts() for f in FEATURES})
            everybody = self._all.setdefault(ids[i], {f: Counts() for f in FEATURES})
            into = self._into.setdefault(ids[j], {f: Counts() for f in FEATURES})
            for feature in FEATURES:
                for counts in (towards[feature], everybody[feature], into[feature]):
                    counts.hits += tally.hits[feature]
                    counts.chances += tally.chances[feature]
                if feature in FLAGGED and tally.hits[feature]:
                    pair.flagged_hands.append((ref, feature, ids[i]))
        for (i, j), chips in hand.flow.items():
            pair = self._pairs[self._key(ids[i], ids[j])]
            pair.chips[ids[i]] = pair.chips.get(ids[i], 0) + chips
            pair.fold_chips[ids[i]] = pair.fold_chips.get(ids[i], 0) + hand.fold_flow.get((i, j), 0)
            if hand.big_blind:
                sign = 1 if ids[j] == self._key(ids[i], ids[j])[0] else -1
                pair.big_blinds += sign * chips / hand.big_blind
        for (i, j), luck in hand.luck.items():
            pair = self._pairs[self._key(ids[i], ids[j])]
            pair.luck[ids[i]] = pair.luck.get(ids[i], 0.0) + luck

    @staticmethod
    def _key(a: Hashable, b: Hashable) -> tuple[Hashable, Hashable]:
        return (a, b) if a < b else (b, a)  # type: ignore[operator]  # ids are ordered (member ids)

    def _pair(self, a: Hashable, b: Hashable) -> _Pair:
        return self._pairs.setdefault(self._key(a, b), _Pair())

    def ranked(self) -> list[PairReport]:
        """Every pair that shared a hand, the highest score first (then the most hands)."""
        # Everybody's rate towards each player (with the prior), and what those rates give for the
        # chances each player had towards the players he met: his own habit is his hits over that.
        self._col = {player: {f: _rate(counts[f]) for f in FEATURES} for player, counts in self._into.items()}
        self._owed: dict[Hashable, dict[str, float]] = {}
        for pair in self._pairs.values():
            for (me, other), counts in pair.towards.items():
                owed = self._owed.setdefault(me, dict.fromkeys(FEATURES, 0.0))
                for f in FEATURES:
                    owed[f] += counts[f].chances * self._col[other][f]
        reports = [self._report(key, pair) for key, pair in self._pairs.items()]
        reports.sort(key=lambda r: (-r.score, -r.hands, str(r.players)))
        return reports

    def _report(self, key: tuple[Hashable, Hashable], pair: _Pair) -> PairReport:
        directions = []
        pooled: dict[str, float] = {}
        for me, other in (key, key[::-1]):
            direction = Direction()
            towards = pair.towards.get((me, other), {f: Counts() for f in FEATURES})
            everybody = self._all.get(me, {f: Counts() for f in FEATURES})
            into = self._into.get(other, {f: Counts() for f in FEATURES})
            for feature in FEATURES:
                mine = towards[feature]
                rest = Counts(everybody[feature].hits - mine.hits, everybody[feature].chances - mine.chances)
                others = Counts(into[feature].hits - mine.hits, into[feature].chances - mine.chances)
                direction.towards[feature], direction.rest[feature] = mine, rest
                direction.into[feature] = others
                if not mine.chances:
                    continue
                owed = self._owed[me][feature] - mine.chances * self._col[other][feature]
                rate = expected_rate(rest, owed, others)
                direction.expected[feature] = rate * mine.chances
                p = binomial_mid_p(mine.hits, mine.chances, rate, lower=feature in LOWER)
                if p is not None:  # each player's own test, for reading
                    direction.p_values[feature] = p
            direction.chips_to_other = pair.chips.get(me, 0)
            direction.folded_to_other = pair.fold_chips.get(me, 0)
            direction.luck_of_other = pair.luck.get(me, 0.0)
            directions.append(direction)
        # The score tests each count of the pair once, the two players' counts added up: soft play
        # is mutual, and one test of both halves the tests that tell nothing (Fisher's method
        # counts every p-value, the useless ones too).
        for feature in FEATURES:
            sides = [d for d in directions if feature in d.expected]
            chances = sum(d.towards[feature].chances for d in sides)
            if not chances:
                continue
            hits = sum(d.towards[feature].hits for d in sides)
            rate = sum(d.expected[feature] for d in sides) / chances
            p = binomial_mid_p(hits, chances, rate, lower=feature in LOWER)
            if p is not None:
                pooled[feature] = p
        score = -math.log10(max(fisher_combined(list(pooled.values())), 1e-300))
        return PairReport(
            players=key,
            hands=pair.hands,
            contested=pair.contested,
            big_blinds=pair.big_blinds,
            directions=(directions[0], directions[1]),
            score=score,
            flagged=pair.hands >= MIN_HANDS and score >= FLAG_SCORE,
            hands_flagged=pair.flagged_hands,
            p_values=pooled,
        )


def _rate(counts: Counts) -> float:
    return (counts.hits + PRIOR_HITS) / (counts.chances + PRIOR_CHANCES)


def expected_rate(rest: Counts, owed: float, others: Counts) -> float:
    """A's rate towards B if A treated B as he treats the others and B were treated by A as the
    others treat him: the others' rate towards B times A's own habit, which is A's hits towards
    the others (``rest``) over ``owed``, the hits everybody's rates towards each of those others
    give for A's chances towards them (an indirect standardisation: a player who only met players
    everybody bets into is not aggressive for betting into them). Rates and habit read with the
    prior; the result between 0 and 1, never quite either."""
    habit = (rest.hits + PRIOR_HITS) / (owed + PRIOR_HITS)
    return min(max(_rate(others) * habit, 1e-9), 1 - 1e-9)


def binomial_mid_p(hits: int, chances: int, rate: float, *, lower: bool) -> float | None:
    """Mid-p of the one-sided binomial test that ``hits`` of ``chances`` is above (``lower``: below)
    what ``rate`` gives: P(more) + P(as many) / 2 (``lower``: fewer). None when no outcome could
    tell (no chance). The tail is summed term by term from the count outwards; beyond the mean on
    the other side the p-value is at least one half and the normal law gives it."""
    if chances <= 0:
        return None
    mean = chances * rate
    if (hits <= mean) != lower:  # the count lies on the innocent side of the mean
        sd = math.sqrt(chances * rate * (1 - rate))
        z = (hits - mean) / sd if sd else 0.0
        return 0.5 * math.erfc((-z if lower else z) / math.sqrt(2)) if sd else 0.5
    log_rate, log_other = math.log(rate), math.log1p(-rate)

    def log_pmf(k: int) -> float:
        return _log_comb(chances, k) + k * log_rate + (chances - k) * log_other

    here = math.exp(log_pmf(hits))
    tail, step = 0.0, -1 if lower else 1
    k = hits + step
    while 0 <= k <= chances:
        term = math.exp(log_pmf(k))
        tail += term
        if term < 1e-12 * (tail + here):
            break
        k += step
    return min(1.0, tail + here / 2)


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def fisher_combined(p_values: Sequence[float]) -> float:
    """Fisher's method: -2 sum(ln p) is chi-square with 2k degrees of freedom when every p-value is
    uniform; its survival function has a closed form for an even number of degrees of freedom."""
    k = len(p_values)
    if not k:
        return 1.0
    half = -sum(math.log(max(p, 1e-300)) for p in p_values)  # the statistic over 2
    term, total = 1.0, 1.0
    for i in range(1, k):
        term *= half / i
        total += term
    return min(1.0, math.exp(-half) * total)


__all__ = [
    "AGGRESSION",
    "CHECKED_RIVERS",
    "FLAG_SCORE",
    "FOLDS_TO",
    "MIN_HANDS",
    "RAISE_FOLDS",
    "STRONG_FOLDS",
    "STRONG_UNBET",
    "Counts",
    "Direction",
    "PairBook",
    "PairReport",
    "binomial_mid_p",
    "expected_rate",
    "fisher_combined",
]
