"""Count the dealer's final hands in draw against the dealer and store them in the engine package.

    .venv/bin/python tools/dealer_finals.py          # writes poker/engine/strategy/dealer_finals.npy

Exact integers (poker/engine/strategy/dealer_finals.py says how); about a minute of CPU. Run it
again only if the dealer's house rule or the batch evaluator's values change: the tests recompute
parts of the file and fail when it no longer matches.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from poker.engine.strategy.dealer_finals import DATA, DENOMINATOR, count_finals


def main() -> None:
    started = time.process_time()
    counts = count_finals()
    if int(counts.sum()) != DENOMINATOR:
        raise SystemExit(f"the weights add up to {int(counts.sum()):,}, not {DENOMINATOR:,}")
    np.save(DATA, counts)
    print(f"{DATA}: {counts.shape}, total {int(counts.sum()):,}, {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
