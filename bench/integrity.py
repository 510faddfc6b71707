"""Does the pair score find colluders? Seasons of championship sessions with planted pairs.

    nice -n 10 .venv/bin/python bench/integrity.py [--seasons N] [--players P] [--seed S]
    DATABASE_URL=postgres://... nice -n 10 .venv/bin/python bench/integrity.py --timing-only

Each season is ``--sessions`` sessions (6: one every two months) of ``--players`` members played in
the championship's format (docs/rules.md, "Tournament structure"; the draw and the balancing are
``championship.rules``'s own): round 1 at tables of at most 8 drawn at random, each table playing
until 3 remain (``round1_busts``); round 2 the qualifiers drawn again, stacks reset to 5,000,
tables balanced and broken as players bust (``poker.engine.balance.rebalance``) until one player
holds every chip. Blinds follow the default levels with the ante from 100/200, one level every
``--hands-per-level`` hands of each table (15 minutes at about 80 hands an hour); round 2 starts
again at the first level. The button moves to the next player still seated (a live button, not the
dead-button rule: it changes who posts, not how the pairs play).

Honest players are the practice bots' rule (``poker/games/betting/bots.py``: raise good hands and
made hands, call what is cheap, fold the rest, with a little noise). Each season plants one pair
for each kind and strength of collusion (six pairs among the players):

- soft play: neither bets or raises while the partner is still in the hand, and each folds to the
  partner's bet whatever he holds (they know each other's cards: they fold the better hand too);
- chip dumping: the first of the pair raises whenever the partner is in, and folds when the
  partner raises back; the partner raises him back whenever he can.

The strength is the chance that the colluder follows the rule at each decision (else he plays
honestly). Where they sit: partners are drawn at random in the real format, so two of 60 share a
round-1 table one session in eight; the simulation seats each planted pair at one table in round 1
and, when both qualify, in round 2 (a pair drawn together, or cheaters who arrange to sit together);
the balancing may part them. Their hands together add up over the season's sessions, as they do
on the season's integrity page.

When a planted pair reaches 50, 150 and 300 hands together, every pair of the season so far (all
tables, all sessions played; for the first session that is the session's page) is scored by
``PairBook.ranked`` and the planted pair's rank among the honest pairs is taken ("first": no honest
pair scores higher; the other planted pairs are set aside). At the end of each session, the honest
pairs marked "à regarder" on that session's page and on the season's page are counted.

Last, the pair figures of a session of 60 players and 2,000 hands are timed on the real code path:
the hands stored as a table stores them (``poker.Hand``, ``poker.HandEvent``), each read by
``championship.integrity.record.rebuild`` (``hand_pairs`` on its events, a ``HandPairs`` row), then
the organizer's page computed (``session_report``), on a throw-away database (SQLite, or
PostgreSQL with ``DATABASE_URL``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from championship.rules import round1_busts, seating_draw
from poker.engine import Action, NoLimitHoldem, evaluate_high, shuffled_deck
from poker.engine.balance import rebalance
from poker.engine.integrity import PairBook, hand_pairs

STACK = 5000
LEVELS = [(10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400)]
LEVELS += [(300, 600), (400, 800), (500, 1000), (750, 1500), (1000, 2000)]
STRONG = {"two_pair", "three_of_a_kind", "straight", "flush", "full_house", "four_of_a_kind"}
STRONG |= {"straight_flush", "royal_flush"}
CHECKPOINTS = (50, 150, 300)
KINDS = [(mode, s) for mode in ("soft", "dump") for s in (0.5, 0.8, 1.0)]


def game_at(level: int) -> NoLimitHoldem:
    if level < len(LEVELS):
        small, big = LEVELS[level]
    else:
        small, big = (
            LEVELS[-1][0] * 2 ** (level - len(LEVELS) + 1),
            LEVELS[-1][1] * 2 ** (level - len(LEVELS) + 1),
        )
    return NoLimitHoldem(small_blind=small, big_blind=big, ante=big // 10 if big >= 200 else 0)


def strength(hand, player: int) -> float:
    cards = hand.hole_cards[player]
    if not hand.board:
        a, b = sorted((c.rank_index for c in cards), reverse=True)
        score = 0.6 + a / 30 if a == b else (a + b) / 24
        score += 0.05 * (cards[0].suit == cards[1].suit) + 0.03 * (a - b == 1)
        return min(score, 1.0)
    category = evaluate_high(list(cards) + list(hand.board)).category
    return 0.9 if category in STRONG else 0.6 if category == "pair" else 0.25


def honest(hand, rng: random.Random) -> Action:
    """The practice bot's rule (poker/games/betting/bots.holdem)."""
    player = hand.actor
    legal = hand.legal_actions()
    s = strength(hand, player) + rng.uniform(-0.1, 0.1)
    deep = hand.big_blind * 10 < hand.stacks[player]
    if legal.can_raise and s > 0.75 and (hand.level <= hand.big_blind or s > 0.95):
        pot = sum(hand.committed) + sum(hand.bets)
        to = min(max(legal.min_raise_to, hand.level + pot * 2 // 3), legal.max_raise_to)
        if not deep or hand.level <= hand.big_blind or 3 * to <= hand.stacks[player] + hand.bets[player]:
            return Action.raise_to(to)  # deep stacks: a raise war stops at a third of the stack
    if legal.can_check:
        return Action.check()
    cheap = legal.call_amount <= max(hand.big_blind * 2, hand.stacks[player] // 10)
    # Deep stacks: the more of his chips a call costs, the better the hand it needs (a third: 0.9).
    need = 0.5 + 1.2 * legal.call_amount / (hand.stacks[player] + hand.bets[player]) if deep else 0.5
    if s > need or (cheap and s > 0.3):
        return Action.call()
    return Action.fold()


def passive(action: Action, legal) -> Action:
    """The same decision without a bet or raise."""
    if action.kind != "raise":
        return action
    return Action.check() if legal.can_check else Action.call()


def colluder(hand, rng: random.Random, partner: int, mode: str, strength_: float, dumper: bool) -> Action:
    legal = hand.legal_actions()
    action = honest(hand, rng)
    if hand.folded[partner] or rng.random() >= strength_:
        return action
    facing_partner = hand.aggressor == partner and legal.call_amount > 0
    if mode == "soft":
        if facing_partner and legal.can_fold:
            return Action.fold()
        return passive(action, legal)
    if dumper:
        if facing_partner and legal.can_fold:
            return Action.fold()
        if legal.can_raise and hand.level <= hand.big_blind * 3:
            return Action.raise_to(legal.min_raise_to)
        return action
    if hand.aggressor is not None and hand.aggressor == partner and legal.can_raise:
        return Action.raise_to(legal.min_raise_to)
    return action


@dataclass
class Plant:
    a: int  # dumps to b (chip dumping)
    b: int
    mode: str
    strength: float
    together: int = 0
    ranks: dict[int, tuple[int, bool]] = field(default_factory=dict)  # checkpoint -> (rank, marked)


@dataclass
class Season:
    rng: random.Random
    players: list[int]
    plants: list[Plant]
    hands_per_level: int
    book: PairBook = field(default_factory=PairBook)
    hands: int = 0
    colluders: dict[int, Plant] = field(default_factory=dict)
    honest_marked: list[tuple[str, str, int, int, int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for plant in self.plants:
            self.colluders[plant.a] = self.colluders[plant.b] = plant

    def planted(self, x: int, y: int) -> bool:
        plant = self.colluders.get(x)
        return plant is not None and {plant.a, plant.b} == {x, y}

    def colluding(self, x: int) -> bool:
        return x in self.colluders

    # --- one hand --------------------------------------------------------------------------------

    def play_hand(
        self, ids: list[int], chips: dict[int, int], button: int, level: int, session_book: PairBook
    ):
        hand = game_at(level).start_hand(
            stacks=[chips[p] for p in ids], button=button, deck=shuffled_deck(rng=self.rng)
        )
        index = {p: k for k, p in enumerate(ids)}
        while not hand.is_over:
            k = hand.actor
            plant = self.colluders.get(ids[k])
            partner = None
            if plant is not None:
                other = plant.b if ids[k] == plant.a else plant.a
                partner = index.get(other)
            if partner is not None:
                action = colluder(
                    hand, self.rng, partner, plant.mode, plant.strength, dumper=ids[k] == plant.a
                )
            else:
                action = honest(hand, self.rng)
            hand.act(action)
        pairs = hand_pairs(hand.events)
        self.hands += 1
        self.book.add(pairs, ids, ref=self.hands)
        session_book.add(pairs, ids, ref=self.hands)
        for k, p in enumerate(ids):
            chips[p] = hand.stacks[k]
        for plant in self.plants:
            if plant.a in index and plant.b in index:
                plant.together += 1
                if plant.together in CHECKPOINTS:
                    self.checkpoint(plant)

    def checkpoint(self, plant: Plant) -> None:
        rank, marked = 1, False
        for report in self.book.ranked():
            x, y = report.players
            if {x, y} == {plant.a, plant.b}:
                marked = report.flagged
                break
            if {x, y} & (set(self.colluders) - {plant.a, plant.b}):
                continue  # the other planted pairs and their players: a session has one such pair
            rank += 1
        plant.ranks[plant.together] = (rank, marked)

    # --- one session -----------------------------------------------------------------------------

    def session(self, number: int) -> None:
        session_book = PairBook()
        tables = self.draw(self.players)
        qualifiers = []
        for table in tables:
            qualifiers += self.round1(table, session_book)
        self.round2(self.draw(qualifiers), session_book)
        for name, book in (("session", session_book), ("season", self.book)):
            for kind in ("two honest players", "a colluder and an honest player"):
                reports = [
                    r
                    for r in book.ranked()
                    if not self.planted(*r.players)
                    and (kind[0] == "t") == (not set(r.players) & set(self.colluders))
                ]
                self.honest_marked.append(
                    (
                        name,
                        kind,
                        number,
                        sum(r.flagged for r in reports),
                        len(reports),
                        sum(r.hands >= 50 for r in reports),
                    )
                )

    def draw(self, players: list[int]) -> list[list[int]]:
        """The rules' draw, then each planted pair with both players in it moved to one table."""
        tables = seating_draw(players, rng=self.rng)
        where = {p: t for t, table in enumerate(tables) for p in table}
        for plant in self.plants:
            if plant.a in where and plant.b in where and where[plant.a] != where[plant.b]:
                home = tables[where[plant.a]]
                swap = next((p for p in home if p != plant.a and not self.colluding(p)), None)
                if swap is None:
                    continue
                away = tables[where[plant.b]]
                home[home.index(swap)], away[away.index(plant.b)] = plant.b, swap
                where[plant.b], where[swap] = where[plant.a], where[plant.b]
        return tables

    def round1(self, table: list[int], session_book: PairBook) -> list[int]:
        seated = list(table)
        chips = dict.fromkeys(seated, STACK)
        saved: list[int] = []  # knocked out in the hand that reached the cut, qualified all the same
        button, played = self.rng.randrange(len(seated)), 0
        while len(seated) + len(saved) > 3 and len(seated) > 1:
            level = played // self.hands_per_level
            start = dict(chips)
            self.play_hand(seated, chips, button % len(seated), level, session_book)
            played += 1
            busted = [(p, start[p]) for p in seated if chips[p] == 0]
            _out, kept = round1_busts(players_left=len(seated) + len(saved), busted=busted)
            saved += kept
            keep = seated[button % len(seated)]
            seated = [p for p in seated if chips[p] > 0]
            button = (seated.index(keep) + 1) if keep in seated else button
        return seated + saved

    def round2(self, drawn: list[list[int]], session_book: PairBook) -> None:
        tables = {t + 1: {s + 1: p for s, p in enumerate(players)} for t, players in enumerate(drawn)}
        chips = {p: STACK for players in drawn for p in players}
        buttons = {t: self.rng.randrange(1, 9) for t in tables}
        tick = 0
        while sum(len(seats) for seats in tables.values()) > 1:
            level = tick // self.hands_per_level
            for t, seats in list(tables.items()):
                if len(seats) < 2:
                    continue
                order = sorted(seats)
                after = [s for s in order if s > buttons[t]]
                buttons[t] = after[0] if after else order[0]
                ids = [seats[s] for s in order]
                self.play_hand(ids, chips, order.index(buttons[t]), level, session_book)
                for s in order:
                    if chips[seats[s]] == 0:
                        del seats[s]
            tick += 1
            tables = {t: seats for t, seats in tables.items() if seats}
            moves, broken = rebalance(tables, rng=self.rng)
            for move in moves:
                tables[move.to_table][move.to_seat] = tables[move.from_table].pop(move.from_seat)
            for t in broken:
                tables.pop(t, None)
            for t in tables:
                buttons.setdefault(t, 1)


def run(args) -> None:
    rng = random.Random(args.seed)
    by_kind: dict[tuple[str, float], list[Plant]] = defaultdict(list)
    marked: list[tuple[str, str, int, int, int, int]] = []
    hands = 0
    started = time.perf_counter()
    for season_number in range(args.seasons):
        players = list(range(args.players))
        chosen = rng.sample(players, 2 * len(KINDS))
        plants = [Plant(chosen[2 * k], chosen[2 * k + 1], m, s) for k, (m, s) in enumerate(KINDS)]
        season = Season(rng, players, plants, args.hands_per_level)
        for number in range(args.sessions):
            season.session(number + 1)
        hands += season.hands
        for plant in plants:
            by_kind[(plant.mode, plant.strength)].append(plant)
        marked += season.honest_marked
        print(
            f"season {season_number + 1}: {season.hands} hands, planted pairs' hands together "
            + ", ".join(f"{p.mode} {p.strength:.0%} {p.together}" for p in plants)
            + f"  ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print()
    print(
        f"{args.seasons} seasons x {args.sessions} sessions x {args.players} players, {hands} hands, "
        f"seed {args.seed}, {args.hands_per_level} hands a level"
    )
    print(
        "planted pairs ranked first of all the season's pairs so far (the other planted pairs' players set "
        "aside) / marked 'à regarder', at"
    )
    all_first = {c: [0, 0] for c in CHECKPOINTS}
    for (mode, s), plants in by_kind.items():
        cells = []
        for c in CHECKPOINTS:
            reached = [p.ranks[c] for p in plants if c in p.ranks]
            first = sum(rank == 1 for rank, _ in reached)
            flagged = sum(m for _, m in reached)
            all_first[c][0] += first
            all_first[c][1] += len(reached)
            worst = max((rank for rank, _ in reached), default=0)
            cells.append(
                f"{c} hands: first {first}/{len(reached)}, marked {flagged}/{len(reached)}, "
                f"worst rank {worst}"
                if reached
                else f"{c} hands: not reached"
            )
        print(f"  {mode:4s} at {s:4.0%}:  " + ";  ".join(cells))
    for c in CHECKPOINTS:
        first, total = all_first[c]
        share = first / total if total else 0
        goal = "  (goal >= 90 %)" if c == 150 else ""
        print(f"  all kinds at {c} hands together: first {first}/{total} ({share:.0%}){goal}")
    for name in ("session", "season"):
        for kind in ("two honest players", "a colluder and an honest player"):
            rows = [m for m in marked if m[0] == name and m[1] == kind]
            if name == "season":  # the season's page at the end of each season
                rows = [m for m in rows if m[2] == args.sessions]
            flagged, pairs, long = sum(m[3] for m in rows), sum(m[4] for m in rows), sum(m[5] for m in rows)
            print(
                f"pairs of {kind} marked on the {name} pages: {flagged}/{pairs} "
                f"({flagged / max(pairs, 1):.2%}; {long} of those pairs had 50 hands or more together; "
                "goal <= 5 %)"
            )


def timing(args) -> None:
    """The real code path on a throw-away database: hands stored as tables store them, each read
    by ``rebuild`` (``record_hand``), then the organizer's page's figures (``session_report``)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arf.settings")
    import django

    django.setup()
    from django.db import connection

    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        from bench.integrity_db import store_session, time_session

        rng = random.Random(args.seed + 1)
        session, count = store_session(rng, players=60, hands=2000, simulate=simulated_hands)
        figures = time_session(session)
        print(
            f"pair figures of a session of 60 players and {count} hands on {connection.vendor}: "
            f"read from the stored events (rebuild) {figures['read_wall']:.1f} s of wall time, "
            f"{figures['read_cpu']:.1f} s of CPU; the organizer's page (session_report) "
            f"{figures['page_wall']:.1f} s wall, {figures['page_cpu']:.1f} s CPU; "
            f"together {figures['read_wall'] + figures['page_wall']:.1f} s wall, "
            f"{figures['read_cpu'] + figures['page_cpu']:.1f} s CPU (goal < 10 s)"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def simulated_hands(rng: random.Random, players: int, hands: int):
    """``hands`` hands of a 60-player session's round 1 (tables of 7 and 8 as drawn, every table
    in turn, blinds rising): (table number, player ids, events) each."""
    season = Season(rng, list(range(players)), [], hands_per_level=20)
    tables = seating_draw(list(range(players)), rng=rng)
    chips = {p: STACK for p in range(players)}
    buttons = [0] * len(tables)
    out = []
    number = 0
    while len(out) < hands:
        t = number % len(tables)
        ids = [p for p in tables[t] if chips[p] > 0]
        if len(ids) < 2:
            for p in tables[t]:
                chips[p] = STACK
            ids = tables[t]
        hand = game_at(number // len(tables) // 20).start_hand(
            stacks=[chips[p] for p in ids], button=buttons[t] % len(ids), deck=shuffled_deck(rng=rng)
        )
        while not hand.is_over:
            hand.act(honest(hand, season.rng))
        for k, p in enumerate(ids):
            chips[p] = hand.stacks[k]
        buttons[t] += 1
        out.append((t, ids, list(hand.events)))
        number += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seasons", type=int, default=6)
    parser.add_argument("--sessions", type=int, default=6, help="sessions a season")
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--hands-per-level", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timing-only", action="store_true")
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args()
    if not args.timing_only:
        run(args)
    if not args.no_timing:
        timing(args)


if __name__ == "__main__":
    main()
