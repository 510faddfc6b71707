"""7-card high-hand evaluation: ours beside treys and phevaluator, on the same hands, in the same run.

Run from the repository root:  .venv/bin/python bench/evaluators.py [--hands 200000]

How to read the output: every line gives evaluations per second, the best of a few runs (other
programs on a small machine only ever make a run slower), and the ratio to the line's anchor.
Single evaluations are compared with treys (pure Python) and phevaluator (C, called through its
Python API); the batch evaluator with phevaluator's C function called once per hand from Python.
Targets of issue 3: ``evaluate_high`` at least 5x treys, ``evaluate_high_batch`` at least 8M/s.
The last line checks that all evaluators agree on every hand.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from phevaluator import _pheval, evaluate_cards
from treys import Card as TreysCard
from treys import Evaluator

from poker.engine import Card, evaluate_high, evaluate_high_batch
from poker.engine.evaluate import evaluate_high_raw

DISTINCT = 7462  # treys and phevaluator number the hand classes 1 (best) .. 7462; we 7461 (best) .. 0


def best_rate(count: int, run: Callable[[], object], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def line(name: str, rate: float, anchor: float | None = None, anchor_name: str = "") -> None:
    ratio = f"{rate / anchor:6.1f}x {anchor_name}" if anchor else ""
    print(f"  {name:<52} {rate / 1e6:8.3f} M/s  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random 7-card hands (default 200,000)")
    parser.add_argument("--batch-hands", type=int, default=2_000_000, help="hands for the batch lines")
    args = parser.parse_args()

    rng = np.random.default_rng(2024)
    rows = np.argsort(rng.random((args.batch_hands, 52)), axis=1)[:, :7].astype(np.uint8)
    small = rows[: args.hands]
    cards = [Card(i) for i in range(52)]
    ours_hands = [tuple(cards[c] for c in row) for row in small.tolist()]
    int_rows = small.tolist()
    treys_ids = [TreysCard.new(str(card)) for card in cards]
    treys_hands = [([treys_ids[c] for c in row[:2]], [treys_ids[c] for c in row[2:]]) for row in int_rows]
    treys = Evaluator()
    n = len(ours_hands)

    print(f"Single 7-card evaluations, {n:,} random hands, Python {sys.version.split()[0]}")
    t_rate = best_rate(n, lambda: [treys.evaluate(hole, board) for hole, board in treys_hands], repeats=2)
    line("treys Evaluator.evaluate (anchor)", t_rate)
    p_rate = best_rate(n, lambda: [evaluate_cards(*row) for row in int_rows])
    line("phevaluator evaluate_cards", p_rate, t_rate, "treys")
    o_rate = best_rate(n, lambda: [evaluate_high(hand) for hand in ours_hands])
    line("ours evaluate_high (checks, HighHand)", o_rate, t_rate, "treys")
    print(f"  {'':<52} {'':>12}  {o_rate / p_rate:6.1f}x phevaluator")
    r_rate = best_rate(n, lambda: [evaluate_high_raw(hand) for hand in ours_hands])
    line("ours evaluate_high_raw (plain int, no checks)", r_rate, t_rate, "treys")

    m = len(rows)
    all_int_rows = rows.tolist()
    c_seven = _pheval.evaluate_7cards
    print(f"\nBatch 7-card evaluations, {m:,} random hands")
    c_rate = best_rate(m, lambda: [c_seven(*row) for row in all_int_rows], repeats=2)
    line("phevaluator C evaluate_7cards per hand (anchor)", c_rate)
    b_rate = best_rate(m, lambda: evaluate_high_batch(rows))
    line("ours evaluate_high_batch (checks rows)", b_rate, c_rate, "phevaluator C")
    u_rate = best_rate(m, lambda: evaluate_high_batch(rows, check=False))
    line("ours evaluate_high_batch(check=False)", u_rate, c_rate, "phevaluator C")

    batch = evaluate_high_batch(small)
    agree = (
        batch.tolist() == [evaluate_high(hand) for hand in ours_hands]
        and batch.tolist() == [DISTINCT - c_seven(*row) for row in int_rows]
        and batch[:20_000].tolist() == [DISTINCT - treys.evaluate(h, b) for h, b in treys_hands[:20_000]]
    )
    print(f"\nAll evaluators agree on every hand: {'yes' if agree else 'NO'}")


if __name__ == "__main__":
    main()
