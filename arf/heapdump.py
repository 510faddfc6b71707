"""Optional: where a running process's memory goes, for finding what holds it (``bench/soak.py
--tracemalloc``, diffed by ``bench/heapdiff.py``). Off unless ``ARF_TRACEMALLOC`` names a folder.

With ``ARF_TRACEMALLOC=/some/folder`` (and optionally ``ARF_TRACEMALLOC_FRAMES``, 10 by default),
a web process (``python -m arf.serve``) or the worker (``manage.py run_deadlines``) listens for
SIGUSR1 and SIGUSR2. The first signal starts ``tracemalloc`` (tracing from the start would cost
the start-up 20 s of CPU at 10 frames: allocations made before are not traced, which a diff of two
later snapshots does not need); each signal writes into the folder, named by the process's
``ARF_TRACEMALLOC_NAME`` (else ``web-<pid>`` or ``worker-<pid>``) and a number:

- ``<name>-<n>.snapshot``: the tracemalloc snapshot of every traced allocation alive, with the
  ``frames`` innermost frames of where each was made (``tracemalloc.Snapshot.load`` reads it);
- ``<name>-<n>.json``: the process's RSS (and by mapping: glibc's main heap, the threads' arenas,
  anonymous, files), tracemalloc's traced size and its own overhead, the collector's counts. Not
  the objects by type: ``gc.get_objects`` hands out tuples that another thread is still building,
  which breaks its work (a deadline failed with ``SystemError: Objects/tupleobject.c: bad argument
  to internal function`` in the worker of the first soak that counted them).

SIGUSR2 writes the same, then collects every generation, the frozen objects too (``arf.collector``
freezes the survivors of full collections), and writes ``<name>-<n>-collected``: what is still
alive is held; what went was garbage waiting for a full collection.

Tracing is dear: in bench/soak.py, on a loaded 2-core machine, the bots' actions fell from ~370
to ~120-170 a minute and the pages served from ~300 to ~20 once six processes traced at 10 frames,
and a snapshot takes 20-50 s there. A traced process's RSS is not the deployed one's (tracemalloc's
tables, the snapshots' own peaks): read the traced sizes, and the RSS of runs without tracing.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import sys
import time
import tracemalloc
from pathlib import Path

FOLDER = "ARF_TRACEMALLOC"
FRAMES = "ARF_TRACEMALLOC_FRAMES"
NAME = "ARF_TRACEMALLOC_NAME"


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


THREAD_HEAP = 64 << 20  # glibc's heaps of the threads' arenas: 64 MiB reservations, so aligned


def rss_by_mapping() -> dict[str, float]:
    """The RSS (MiB) by what holds it: ``heap`` (glibc's main arena: the main thread's malloc),
    ``thread_arenas`` (the other threads' malloc, in 64 MiB-aligned reservations), ``anonymous``
    (pymalloc's arenas, large mallocs' own mappings, numpy...), ``files`` (code, libraries)."""
    kinds = dict.fromkeys(("heap", "thread_arenas", "anonymous", "files"), 0)
    kind = None
    for line in Path("/proc/self/smaps").read_text().splitlines():
        if line.startswith("Rss:"):
            if kind:
                kinds[kind] += int(line.split()[1])
            continue
        head = line.split(maxsplit=5)
        if "-" in head[0] and len(head) >= 5:
            start = int(head[0].split("-")[0], 16)
            name = head[5] if len(head) > 5 else ""
            if name == "[heap]":
                kind = "heap"
            elif name.startswith("/"):
                kind = "files"
            elif not name and start % THREAD_HEAP == 0:
                kind = "thread_arenas"
            else:
                kind = "anonymous"
    return {name: kb / 1024 for name, kb in kinds.items()}


class Dumps:
    def __init__(self, folder: Path, name: str, frames: int) -> None:
        self.folder, self.name, self.frames, self.number = folder, name, frames, 0

    def write(self, suffix: str = "") -> Path:
        started = time.monotonic()
        stem = self.folder / f"{self.name}-{self.number:02d}{suffix}"
        snapshot = tracemalloc.take_snapshot()
        snapshot.dump(str(stem.with_suffix(".snapshot")))
        traced, peak = tracemalloc.get_traced_memory()
        summary = {
            "time": time.time(),
            "rss_mib": rss_mib(),
            "rss_by_mapping_mib": rss_by_mapping(),
            "traced_mib": traced / 2**20,
            "traced_peak_mib": peak / 2**20,
            "tracemalloc_overhead_mib": tracemalloc.get_tracemalloc_memory() / 2**20,
            "gc_count": gc.get_count(),
            "gc_frozen": gc.get_freeze_count(),
        }
        summary["seconds"] = time.monotonic() - started
        stem.with_suffix(".json").write_text(json.dumps(summary, indent=1))
        return stem

    def on_signal(self, number: int, frame) -> None:
        if not tracemalloc.is_tracing():
            tracemalloc.start(self.frames)
        self.number += 1
        self.write()
        if number == signal.SIGUSR2:
            frozen = gc.get_freeze_count()
            gc.unfreeze()
            gc.collect()
            if frozen:
                gc.freeze()  # as arf.collector leaves the survivors of a full collection
            self.write("-collected")


def listen_from_environment(default_name: str) -> bool:
    """If ``ARF_TRACEMALLOC`` is set: SIGUSR1/SIGUSR2 start tracing and write (main thread only)."""
    folder = os.environ.get(FOLDER)
    if not folder:
        return False
    frames = int(os.environ.get(FRAMES) or 10)
    Path(folder).mkdir(parents=True, exist_ok=True)
    dumps = Dumps(Path(folder), os.environ.get(NAME) or f"{default_name}-{os.getpid()}", frames)
    signal.signal(signal.SIGUSR1, dumps.on_signal)
    signal.signal(signal.SIGUSR2, dumps.on_signal)
    print(f"tracemalloc ({frames} frames) on SIGUSR1/SIGUSR2, written to {folder}", file=sys.stderr)
    return True
