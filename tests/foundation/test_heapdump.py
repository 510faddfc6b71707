"""Finding what holds a process's memory (``arf/heapdump.py``): off unless asked; asked, the first
signal starts tracing and each writes a snapshot that ``bench/heapdiff.py`` can compare."""

import json
import signal
import tracemalloc

import pytest

from arf import heapdump


@pytest.fixture
def restore_signals():
    before = {number: signal.getsignal(number) for number in (signal.SIGUSR1, signal.SIGUSR2)}
    yield
    for number, handler in before.items():
        signal.signal(number, handler)
    tracemalloc.stop()  # the rest of the suite untraced


def test_without_the_variable_nothing_is_traced_nor_listened_for(monkeypatch, restore_signals):
    monkeypatch.delenv("ARF_TRACEMALLOC", raising=False)
    assert heapdump.listen_from_environment("web") is False
    assert signal.getsignal(signal.SIGUSR1) is not heapdump.Dumps.on_signal
    assert not tracemalloc.is_tracing()


def test_each_signal_writes_a_snapshot_and_the_second_says_what_was_made_between(
    monkeypatch, tmp_path, restore_signals
):
    monkeypatch.setenv("ARF_TRACEMALLOC", str(tmp_path))
    monkeypatch.setenv("ARF_TRACEMALLOC_NAME", "web1")
    assert heapdump.listen_from_environment("web") is True
    signal.raise_signal(signal.SIGUSR1)  # tracing starts
    held = [bytearray(1000) for _ in range(200)]  # what a leak would hold
    signal.raise_signal(signal.SIGUSR2)  # a snapshot, then one after a full collection
    first, second = (tracemalloc.Snapshot.load(str(tmp_path / f"web1-0{n}.snapshot")) for n in (1, 2))
    grown = second.compare_to(first, "lineno")
    here = [d for d in grown if d.traceback[0].filename == __file__]
    assert sum(d.size_diff for d in here) >= 200_000
    assert (tmp_path / "web1-02-collected.snapshot").exists()
    summary = json.loads((tmp_path / "web1-02.json").read_text())
    assert summary["rss_mib"] > 0 and summary["traced_mib"] > 0.19
    assert len(held) == 200
