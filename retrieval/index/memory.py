"""Memory after loading index generations: keep a long-running process flat (fewer malloc
arenas, free pages returned).

glibc gives each thread that allocates concurrently its own malloc arena (up to 8 per
core), and memory freed in one arena is not reused by another. After each reindex a
serving process loads a new index generation on Chroma's and the retrieval threads,
so freed pages scatter over many arenas: measured on the bundled corpus (12 reindexes,
20 questions after each), RSS grew 8 MB per reindex without a bound (533 -> 628 MB).
With two arenas it levels off after about ten reindexes (522 -> 575 MB, then flat over
16). ``MALLOC_ARENA_MAX=2`` in the environment does the same; this sets it from inside
the process, so ``papercord run`` needs no wrapper.

Loading an index reads every collection through Chroma and builds the in-memory index
from those records; glibc keeps the freed pages. ``trim_free_memory`` hands them back:
at 10k papers RSS after loading went 805 -> 678 MB.

An index is millions of long-lived objects (each paper's stem sets, postings, titles),
and Python's cyclic garbage collector walks all of them at each full collection: ~300 ms
at 10k papers, landing on whichever question triggers it (the slowest asks in
bench/scale.py). ``freeze_loaded`` moves them out of the collector's sight.

A question re-scores a few hundred of the memory-mapped float32 chunk rows, and each page
fault maps the page's neighbours too (the kernel's fault-around, 64 kB): at 100k papers,
after a few hundred questions all of the 350 MB file was mapped into every serving
process (steady RSS 1,295 MB). ``unmap_pages`` drops a matrix's pages from the process
after a request; the page cache keeps them for the next one (steady RSS 946 MB, ask p95
unchanged; docs/scale.md). A question then maps its rows again, ~1 ms: at 10k papers
(37 MB of rows) that made ask p50 ~1.5 ms slower and saved nothing, so a matrix under
``UNMAP_FROM`` stays mapped.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import mmap
from typing import Any

import numpy.typing as npt

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # from glibc's malloc.h
ARENAS = 2
UNMAP_FROM = 100 * 2**20  # bytes of rows (about 27k papers' chunks)


def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    if name is None:  # not a C library papercord knows (musl, Windows)
        return None
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


def trim_free_memory() -> bool:
    """Return freed heap pages to the system (glibc's malloc_trim); False where impossible."""
    libc = _libc()
    trim = getattr(libc, "malloc_trim", None)
    return bool(trim(0)) if trim is not None else False


def limit_malloc_arenas() -> bool:
    """Cap glibc's malloc arenas at ``ARENAS``; return False where that is not possible.

    Call it before the process starts its threads: arenas that already exist stay.
    """
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is None:  # a libc without mallopt (musl, macOS): nothing to cap
        return False
    capped = bool(mallopt(M_ARENA_MAX, ARENAS))
    log.debug("malloc arenas capped at %d: %s", ARENAS, capped)
    return capped


def freeze_loaded() -> None:
    """Collect garbage once, then exempt every object alive now from later collections.

    Call it after loading an index: what is alive then lives until the next reload. The
    objects frozen by the load before are unfrozen first, so an index replaced since is
    collected here; reference counting frees the rest of it as usual.
    """
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def unmap_pages(matrix: npt.NDArray[Any]) -> None:
    """Drop a memory-mapped matrix's pages from this process; the page cache keeps them,
    and the next read maps them again (~1 ms for 200 scattered rows). A matrix under
    ``UNMAP_FROM`` bytes, or not a file mapping (built in memory), is left as it is."""
    if matrix.nbytes < UNMAP_FROM:
        return
    mapping = getattr(matrix, "_mmap", None)  # numpy.memmap's, as np.load(mmap_mode=) makes
    if isinstance(mapping, mmap.mmap) and hasattr(mmap, "MADV_DONTNEED"):
        mapping.madvise(mmap.MADV_DONTNEED)
