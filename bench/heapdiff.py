"""What grew between two tracemalloc snapshots of one process (written by ``arf/heapdump.py``, e.g.
by ``bench/soak.py --tracemalloc DIR``).

    .venv/bin/python bench/heapdiff.py DIR/web1-02.snapshot DIR/web1-05.snapshot [--top 25]
        [--frames 6] [--group lineno|traceback|filename]

Prints the traced size and block count of each, the allocations that grew the most, grouped by
their whole traceback (``--group traceback``, each with its innermost frames, where it was made
first) or by the ``file:line`` that made them (``lineno``), with their growth in KiB and blocks.
Read: a line that keeps growing from one pair of snapshots to the next holds memory; a growth that
a ``-collected`` snapshot no longer shows was garbage waiting for a full collection.
"""

from __future__ import annotations

import argparse
import json
import tracemalloc
from pathlib import Path


def summary(path: Path) -> dict | None:
    side = path.with_suffix(".json")
    return json.loads(side.read_text()) if side.exists() else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--frames", type=int, default=6, help="frames shown for each of the top lines")
    parser.add_argument("--group", default="traceback", choices=("lineno", "traceback", "filename"))
    args = parser.parse_args()

    # Not what the process holds: the import machinery, and the snapshot's own writing.
    exclude = [
        tracemalloc.Filter(False, "<frozen importlib*"),
        tracemalloc.Filter(False, "<unknown>"),
        tracemalloc.Filter(False, "*tracemalloc.py"),
        tracemalloc.Filter(False, "*arf/heapdump.py", all_frames=True),
    ]
    before = tracemalloc.Snapshot.load(str(args.before)).filter_traces(exclude)
    after = tracemalloc.Snapshot.load(str(args.after)).filter_traces(exclude)
    for name, snap, path in (("before", before, args.before), ("after", after, args.after)):
        stats = snap.statistics("filename")
        size, count = sum(s.size for s in stats), sum(s.count for s in stats)
        side = summary(path) or {}
        print(
            f"{name}: {path.name}  traced {size / 2**20:.2f} MiB in {count} blocks"
            + (f"; RSS {side['rss_mib']:.1f} MiB" if side else "")
        )
    seconds = None
    if summary(args.before) and summary(args.after):
        seconds = summary(args.after)["time"] - summary(args.before)["time"]
        print(f"between them: {seconds / 60:.1f} minutes")

    diffs = [d for d in after.compare_to(before, args.group) if d.size_diff > 0]
    diffs.sort(key=lambda d: d.size_diff, reverse=True)
    total = sum(d.size_diff for d in after.compare_to(before, "filename"))
    rate = f" ({total / 2**20 / (seconds / 3600):+.2f} MiB/h)" if seconds else ""
    print(f"\ntraced growth in all: {total / 2**10:+.1f} KiB{rate}; the {args.top} largest by {args.group}:")
    for d in diffs[: args.top]:
        frames = list(d.traceback)  # oldest first, the allocation's own line last
        print(f"\n{d.size_diff / 2**10:+10.1f} KiB {d.count_diff:+8d} blocks  (now {d.size / 2**10:.1f} KiB)")
        for frame in frames[-args.frames :][::-1]:
            print(f"      {frame.filename}:{frame.lineno}")


if __name__ == "__main__":
    main()
