"""Python's cyclic garbage collector, set for a server that holds many long-lived connections.

A daphne process with 200 tables holds about 450,000 objects for its 1,600 websockets, all long
lived. With Python's defaults (a young collection every 700 new objects) those objects kept being
promoted to the oldest generation, and a full collection, which walks every object and holds the
event loop, came every few seconds: 100 to 440 ms each, the players' p99 (bench/tables.py, 200
tables thinking: p99 612 ms, 3.7 ms of CPU an action). Set here:

- the objects of the loaded app (Django, the URL routes, the modules) are moved out of the
  collector's reach (``gc.freeze``): they live as long as the process;
- a young collection every 50,000 new objects: fewer collections, and far fewer objects promoted
  only because they happened to be alive at one; the full collection then comes seldom (the same
  run: none in 20 s, p99 47 ms, 2.6 ms of CPU an action);
- what survives a full collection is frozen too (``FullCollections``): the next one walks only
  what came since. A full collection now comes once every 2,000 young ones (an hour or more at
  200 tables), but each walked every connection's objects, holding the loop 418-520 ms (logged
  with ``gc.callbacks`` at 200 tables, at the process's exit); after the first, they walk only the
  objects new since the one before. Once every ten minutes at most, a full collection thaws them
  first, to free the cycles that died while frozen: such garbage waits for that one collection.
- a full collection every ten minutes whatever the allocations (``TimedCollections``, a thread of
  its own). Counted in allocations, the full collection came seldom at an evening's pace: every
  page served leaves cycles (its request, response, user, database wrapper, asyncio tasks) that a
  young collection often finds alive and moves up, where they died and waited for it: at the end
  of a 36-minute bench/soak.py (8 tables), 2.1-2.9 MiB traced of such garbage in each web process
  (50,000-84,000 objects), against a held memory that did not grow (bench/README.md). Then glibc
  is asked to give back to the system the memory the collection freed (``malloc_trim``: 3 MB of a
  web process in that soak), so the RSS says what is used.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
import time
from collections.abc import Callable

THAW_EVERY = 600.0  # seconds between two full collections that walk every object
COLLECT_EVERY = 600.0  # seconds between two full collections at the least


class FullCollections:
    """A ``gc.callbacks`` entry: freezes the survivors of each full collection, and once every
    ``thaw_every`` seconds lets one full collection walk (and free) the frozen objects too."""

    def __init__(self, thaw_every: float = THAW_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.thaw_every, self.clock = thaw_every, clock
        self.thaw_at = clock() + thaw_every

    def __call__(self, phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            if self.clock() >= self.thaw_at:
                # Back among the oldest generation before this collection starts: it walks them,
                # and frees the cycles that died while they were frozen.
                gc.unfreeze()
                self.thaw_at = self.clock() + self.thaw_every
        else:
            gc.freeze()  # all alive: the collection has just freed what was not


class TimedCollections:
    """A full collection every ``every`` seconds (``FullCollections`` thaws when it is due and
    freezes what survives), then the freed memory given back to the system."""

    def __init__(self, every: float = COLLECT_EVERY, sleep: Callable[[float], None] = time.sleep) -> None:
        self.every, self.sleep = every, sleep

    def run(self) -> None:
        while True:
            self.sleep(self.every)
            self.collect()

    def collect(self) -> None:
        gc.collect()
        give_back_freed_memory()


def give_back_freed_memory() -> None:
    """glibc keeps freed memory for the next allocations, in every thread's arena: its
    ``malloc_trim`` returns the free pages (elsewhere, nothing to do)."""
    if _libc is not None:
        _libc.malloc_trim(0)


def _glibc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None


_libc = _glibc()
_timed: threading.Thread | None = None


def tune_for_a_server() -> None:
    global _timed
    gc.collect()  # what the start-up left behind, not frozen with the rest
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    if not any(isinstance(callback, FullCollections) for callback in gc.callbacks):
        gc.callbacks.append(FullCollections())
    if _timed is None:
        _timed = threading.Thread(target=TimedCollections().run, name="timed-collections", daemon=True)
        _timed.start()
