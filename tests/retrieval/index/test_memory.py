"""Malloc arenas are capped and freed pages returned, so memory levels off (bench.load)."""

from __future__ import annotations

import platform

import pytest

from retrieval.index.memory import limit_malloc_arenas, trim_free_memory


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


def _rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
