"""Count the dealer's final hands in draw against the dealer and store them in the engine package.

    .venv/bin/python tools/dealer_finals.py              # one deck: poker/engine/strategy/dealer_finals.npy
    .venv/bin/python tools/dealer_finals.py --two-decks  # two decks: dealer_finals_two_decks.npz

Exact integers (poker/engine/strategy/dealer_finals.py and two_decks.py say how); about 8 s of CPU
for one deck, a few minutes for two. Run it
again only if the dealer's house rule or the batch evaluator's values change: the tests recompute
parts of the file and fail when it no longer matches.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from poker.engine.strategy import two_decks
from poker.engine.strategy.dealer_finals import DATA, DENOMINATOR, count_finals


def main() -> None:
    started = time.process_time()
    if "--two-decks" in sys.argv[1:]:
        keys, paths = two_decks.count_paths_two_decks()
        total = int((paths * np.array(two_decks.PATH_WEIGHT, dtype=np.int64)[:, None]).sum())
        if total != two_decks.DENOMINATOR:
            raise SystemExit(f"the weights add up to {total:,}, not {two_decks.DENOMINATOR:,}")
        np.savez_compressed(two_decks.DATA, keys=keys, paths=paths)
        print(f"{two_decks.DATA}: {len(keys)} final hands, {time.process_time() - started:.1f} s CPU")
        return
    counts = count_finals()
    if int(counts.sum()) != DENOMINATOR:
        raise SystemExit(f"the weights add up to {int(counts.sum()):,}, not {DENOMINATOR:,}")
    np.save(DATA, counts)
    print(f"{DATA}: {counts.shape}, total {int(counts.sum()):,}, {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
