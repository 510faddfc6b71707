"""Exact all-in equity times: before the flop (heads-up and multi-way), on the flop, on the turn.

Run from the repository root:  .venv/bin/python bench/equity.py

How to read the output: each line is one ``equity()`` call, the best of three runs (in
milliseconds), with the number of boards it enumerated and the first player's equity. Every
result is exact: the function always counts every board still possible. The target of issue 3
is a heads-up preflop equity under one second. The last line is the anchor: the same AA vs KK
enumeration as a Python loop over the boards calling phevaluator's C evaluator, twice a board.
"""

from __future__ import annotations

import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phevaluator import _pheval

from poker.engine import equity, full_deck, parse_cards

CASES = [
    ("preflop heads-up, AA vs KK", ["As Ad", "Kc Kd"], ""),
    ("preflop heads-up, AKs vs QQ", ["As Ks", "Qc Qd"], ""),
    ("preflop heads-up, 72o vs 32s", ["7c 2d", "3h 2h"], ""),
    ("preflop 3-way, AA vs KK vs 87s", ["As Ad", "Kc Kd", "8h 7h"], ""),
    ("preflop 6-way", ["As Ad", "Kc Kd", "8h 7h", "Qs Js", "5c 5d", "Ah Tc"], ""),
    ("flop heads-up, set vs flush draw", ["Ts Td", "Ah Kh"], "2h 7h Tc"),
    ("flop 3-way", ["Ts Td", "Ah Kh", "Qc Qs"], "2h 7h Tc"),
    ("turn heads-up, set vs flush draw", ["Ts Td", "Ah Kh"], "2h 7h Tc Qd"),
]


def best_time(run, repeats: int = 3) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def brute_force_aa_kk() -> float:
    """The anchor: every board, each hand evaluated by phevaluator's C function from Python."""
    holes = [list(map(int, parse_cards("As Ad"))), list(map(int, parse_cards("Kc Kd")))]
    deck = [int(c) for c in full_deck() if int(c) not in holes[0] + holes[1]]
    seven = _pheval.evaluate_7cards
    a1, a2 = holes[0]
    k1, k2 = holes[1]
    wins = ties = boards = 0
    for b in combinations(deck, 5):
        aces, kings = seven(a1, a2, *b), seven(k1, k2, *b)  # smaller is better
        wins += aces < kings
        ties += aces == kings
        boards += 1
    return (wins + ties / 2) / boards


def main() -> None:
    equity(["As Ad", "Kc Kd"], board="2c 3d 4h")  # build the tables once, outside the timings
    print("Exact equity, best of 3 runs")
    for name, holes, board in CASES:
        seconds, results = best_time(lambda holes=holes, board=board: equity(holes, board=board))
        first = results[0]
        print(f"  {name:<36} {seconds * 1e3:8.1f} ms  {first.boards:>9,} boards  player 1: {first}")
    seconds, aces = best_time(brute_force_aa_kk, repeats=1)
    print(f"  {'anchor: AA vs KK, phevaluator C loop':<36} {seconds * 1e3:8.1f} ms  {1_712_304:>9,} boards  "
          f"player 1: {aces:.2%}")  # fmt: skip


if __name__ == "__main__":
    main()
