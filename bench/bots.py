"""How strong the practice bots are: duplicate matches of each level against fixed baselines.

    nice -n 10 .venv/bin/python bench/bots.py [--deals N] [--six-deals M] [--razz-deals R]
        [--razz-six-deals Q] [--seed S]

No-limit Hold'em at 10/20 with stacks of 50 big blinds (a tournament's middle stage), reset every
hand. Each deal is played twice with the same cards and the seats swapped (duplicate poker): the
luck of the cards cancels and what is left is the play. Heads-up: the level in one seat, the
opponent in the other, then the other way round. 6-max: the level in seats 1, 3, 5 and the
opponent in 2, 4, 6, then the other way round. Every bot reads only its seat's visible events
(``SeatView``), as at a table.

Razz too (``--razz-deals``, heads-up and 6-max, a third as many 6-max deals unless
``--razz-six-deals`` says): ante 5, bring-in 10,
small bet 20, big bet 40, stacks of 1,000; its results in big bets (40) per 100 hands.

How to read the output: one line a match, the level's result in big blinds per 100 hands with its
95 % confidence interval (1.96 standard errors of the per-deal results, each deal's two plays
together), and whether the issue's goal for that match holds: "fort" beats every baseline and
"régulier" with the interval above zero; "régulier" beats "débutant" and the calling station the
same way. The last lines: each level's decision time (CPU, ``time.process_time``), median and p99,
against the goal of 50 ms at p99.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from poker.engine import NoLimitHoldem, Razz, shuffled_deck, visible_events
from poker.engine.strategy import BASELINES, PLAYERS, SeatView
from poker.engine.strategy.seat import offer

BB = 20
STACK = 50 * BB
ALL = {**PLAYERS, **BASELINES}
NAMES = {"beginner": "débutant", "regular": "régulier", "strong": "fort"}
MATCHES = [
    ("strong", "calling_station"),
    ("strong", "random"),
    ("strong", "tight"),
    ("strong", "beginner"),
    ("strong", "regular"),
    ("regular", "calling_station"),
    ("regular", "random"),
    ("regular", "tight"),
    ("regular", "beginner"),
    ("beginner", "calling_station"),
    ("beginner", "random"),
    ("beginner", "tight"),
]
GOALS = {
    ("strong", "calling_station"),
    ("strong", "random"),
    ("strong", "tight"),
    ("strong", "beginner"),
    ("strong", "regular"),
    ("regular", "beginner"),
    ("regular", "calling_station"),
}
times: dict[str, list[float]] = {level: [] for level in PLAYERS}


RAZZ_STACK, BIG_BET = 1000, 40


def play(kinds: list[str], deck, button: int, rng: random.Random, razz: bool = False) -> list[int]:
    """One hand with ``kinds[i]`` in seat i; each seat's winnings in chips."""
    if razz:
        hand = Razz(ante=5, bring_in=10, small_bet=20).start_hand([RAZZ_STACK] * len(kinds), list(deck))
    else:
        hand = NoLimitHoldem(BB // 2, BB, 0).start_hand([STACK] * len(kinds), button, list(deck))
    while not hand.is_over:
        p = hand.actor
        view = SeatView.from_events(visible_events(hand.events, p), p, offer(hand))
        start = time.process_time()
        action = ALL[kinds[p]](view, rng)
        if kinds[p] in times:
            times[kinds[p]].append(time.process_time() - start)
        hand.act(action)
    if razz:
        return [s - RAZZ_STACK for s in hand.stacks]
    return [s - STACK for s in hand.stacks]


def match(
    level: str, other: str, seats: int, deals: int, rng: random.Random, razz: bool = False
) -> tuple[float, float]:
    """The level's big blinds (Razz: big bets) per 100 hands against ``other``, and its 95 %
    half-interval."""
    results = []
    for d in range(deals):
        deck = shuffled_deck()
        button = d % seats
        first = [level if k % 2 == 0 else other for k in range(seats)]
        second = [other if k % 2 == 0 else level for k in range(seats)]
        won = 0
        for kinds in (first, second):
            chips = play(kinds, deck, button, rng, razz)
            won += sum(c for c, kind in zip(chips, kinds) if kind == level)
        unit = BIG_BET if razz else BB
        per_hand = won / unit / seats  # the level's seats in both plays: ``seats`` hands of his in all
        results.append(per_hand * 100)
    mean = sum(results) / len(results)
    sd = math.sqrt(sum((x - mean) ** 2 for x in results) / (len(results) - 1))
    return mean, 1.96 * sd / math.sqrt(len(results))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=2500, help="heads-up deals a match (each played twice)")
    parser.add_argument("--six-deals", type=int, default=700, help="6-max deals a match (each played twice)")
    parser.add_argument("--razz-deals", type=int, default=600, help="Razz heads-up deals a match")
    parser.add_argument(
        "--razz-six-deals",
        type=int,
        default=None,
        help="Razz 6-max deals a match (a third of --razz-deals by default)",
    )
    parser.add_argument("--games", default="holdem,razz", help="the games to play: holdem, razz or both")
    parser.add_argument("--match", help="one match only, e.g. strong:regular")
    parser.add_argument("--six-only", action="store_true", help="6-max only")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.time()
    print(f"No-limit Hold'em 10/20, stacks {STACK // BB} bb; bb/100 with 95 % interval; duplicate deals")
    print("Razz 5/10/20/40, stacks 1,000; big bets/100 with 95 % interval; duplicate deals")
    held = True
    tables = [
        (2, args.deals, False),
        (6, args.six_deals, False),
        (2, args.razz_deals, True),
        (6, args.razz_six_deals or args.razz_deals // 3, True),
    ]
    games = args.games.split(",")
    chosen = [t for t in tables if ("razz" if t[2] else "holdem") in games]
    chosen = [t for t in chosen if t[0] == 6 or not args.six_only]
    matches = [tuple(args.match.split(":"))] if args.match else MATCHES
    for seats, deals, razz in chosen:
        name = ("Razz " if razz else "") + ("heads-up" if seats == 2 else "6-max")
        print(f"\n{name}: {deals} deals x 2" + (" (big bets per 100 hands)" if razz else ""))
        for level, other in matches:
            mean, half = match(level, other, seats, deals, rng, razz)
            goal = (level, other) in GOALS
            verdict = ""
            if goal:
                ok = mean - half > 0
                held &= ok
                verdict = "goal: beats it, interval above 0 -> " + ("HELD" if ok else "NOT HELD")
            other_name = NAMES.get(other, other)
            unit = "BB/100" if razz else "bb/100"
            print(f"  {NAMES[level]:9} vs {other_name:16} {mean:+8.1f} ± {half:6.1f} {unit}   {verdict}")
    print("\ndecision time (CPU), goal p99 < 50 ms:")
    for level, spent in times.items():
        spent.sort()
        if spent:
            p50, p99 = spent[len(spent) // 2] * 1000, spent[int(len(spent) * 0.99)] * 1000
            print(f"  {NAMES[level]:9} {len(spent):7} decisions   median {p50:6.2f} ms   p99 {p99:6.2f} ms")
    print(f"\nevery goal held: {'yes' if held else 'NO'}   ({time.time() - started:.0f} s)")


if __name__ == "__main__":
    main()
