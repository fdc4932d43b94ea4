"""Malloc arenas are capped and freed pages returned, so memory levels off (bench.load)."""

from __future__ import annotations

import gc
import platform
import re
import weakref

import numpy as np
import pytest

from retrieval.engine import Engine
from retrieval.index import memory
from retrieval.index.memory import freeze_loaded, limit_malloc_arenas, trim_free_memory


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="a glibc setting")
def test_arenas_are_capped_on_glibc() -> None:
    assert limit_malloc_arenas()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="a glibc call")
def test_freed_pages_are_returned_to_the_system() -> None:
    garbage = [bytearray(64 * 1024) for _ in range(3000)]  # ~200 MB on the heap (< mmap's 128 KB)
    del garbage[::2]  # freed in the middle of the heap: glibc keeps the pages
    before = _rss_kb()
    assert trim_free_memory()
    assert _rss_kb() < before - 20_000  # the freed half is given back (tens of MB)
    del garbage


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the garbage collector frees it


@pytest.mark.gc_freeze
def test_an_index_replaced_since_the_last_load_is_collected_at_the_next() -> None:
    old_index = Node()
    gone = weakref.ref(old_index)
    try:
        freeze_loaded()  # the first load: its objects are frozen with it
        assert gc.get_freeze_count() > 0
        del old_index  # replaced by a new index; the cycle keeps it alive
        gc.collect()  # a frozen object is out of every collection's sight
        assert gone() is not None
        freeze_loaded()  # the next load unfreezes, collects, and freezes what is alive
        assert gone() is None
    finally:
        gc.unfreeze()


@pytest.mark.gc_freeze
def test_loading_an_index_takes_its_objects_out_of_the_collectors_walks(
    fake_engine: Engine,
) -> None:
    gc.unfreeze()
    try:
        fake_engine.reload()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_a_question_leaves_none_of_the_chunk_rows_it_read_when_they_are_many(
    fake_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    vectors = fake_engine.searcher.index.chunk_vectors
    assert isinstance(vectors, np.memmap)  # read from the cache files, as a start reads it
    path = str(vectors.filename)  # this engine's file: other engines map files so named
    fake_engine.ask("sparse graph quantization")
    assert _mapped_kb(path) > 0  # a few rows stay: mapping them again costs more than they hold
    monkeypatch.setattr(memory, "UNMAP_FROM", 0)  # as if they were hundreds of MB
    fake_engine.ask("sparse graph quantization")
    assert _mapped_kb(path) == 0


def _mapped_kb(path: str) -> int:
    """Return how much of a file this process has mapped in memory (kB)."""
    mapped, current = 0, ""
    with open("/proc/self/smaps", encoding="utf-8") as maps:
        for line in maps:
            if re.match(r"[0-9a-f]+-[0-9a-f]+ ", line):
                current = line.rstrip()
            elif line.startswith("Rss:") and current.endswith(f" {path}"):
                mapped += int(line.split()[1])
    return mapped


def _rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
