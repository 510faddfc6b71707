"""The server's garbage collector: full collections walk only what is new, and nothing is held
for good (arf/collector.py)."""

from __future__ import annotations

import gc
import weakref

import pytest

from arf.collector import FullCollections, TimedCollections


class Node:
    """An object in a cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collections():
    """``FullCollections`` alone on ``gc.callbacks`` (the test process may have its own), with a
    clock the test moves; the collector's state is put back afterwards."""
    now = [0.0]
    callback = FullCollections(thaw_every=600, clock=lambda: now[0])
    kept = list(gc.callbacks)
    gc.callbacks[:] = [callback]
    try:
        yield now
    finally:
        gc.callbacks[:] = kept
        gc.unfreeze()


def is_walked(obj) -> bool:
    return any(o is obj for o in gc.get_objects(generation=2))


def test_what_survives_a_full_collection_is_not_walked_by_the_next(collections):
    node = Node()
    gc.collect()
    assert gc.get_freeze_count() > 0
    assert not is_walked(node)  # frozen: the next full collection does not walk it


def test_a_cycle_that_dies_frozen_is_freed_at_the_next_thaw(collections):
    node = Node()
    gc.collect()
    dead = weakref.ref(node)
    del node
    gc.collect()
    assert dead() is not None  # frozen: held until the thaw, the price of shorter collections
    collections[0] += 599
    gc.collect()
    assert dead() is not None
    collections[0] += 2  # ten minutes since the start
    gc.collect()
    assert dead() is None


def test_a_cycle_that_dies_young_is_freed_at_once(collections):
    gc.collect()
    node = Node()
    dead = weakref.ref(node)
    del node
    gc.collect()
    assert dead() is None


def test_a_cycle_that_died_among_the_oldest_objects_waits_at_most_for_the_timed_collection(collections):
    """A page's cycles that the young collections found alive and moved up, dead since: the full
    collection that frees them, counted in allocations, may be hours away; the timed one comes
    every ten minutes."""
    node = Node()
    gc.collect(1)  # the young generations: found alive, moved up to the oldest
    dead = weakref.ref(node)
    del node
    gc.collect(1)
    assert dead() is not None  # the young collections do not walk the oldest generation

    class Stop(Exception):
        pass

    slept = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        if len(slept) == 2:
            raise Stop  # the thread sleeps again: enough for the test

    with pytest.raises(Stop):
        TimedCollections(every=600, sleep=sleep).run()
    assert slept == [600, 600]
    assert dead() is None
