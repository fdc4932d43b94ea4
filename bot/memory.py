"""Keep a long-running bot's memory flat across reindexes.

glibc gives each thread that allocates concurrently its own malloc arena (up to 8 per
core), and memory freed in one arena is not reused by another. After each reindex a
serving process loads a new index generation on Chroma's and the retrieval threads,
so freed pages scatter over many arenas: measured on the bundled corpus (12 reindexes,
20 questions after each), RSS grew 8 MB per reindex without a bound (533 -> 628 MB).
With two arenas it levels off after about ten reindexes (522 -> 575 MB, then flat over
16). ``MALLOC_ARENA_MAX=2`` in the environment does the same; this sets it from inside
the process, so ``papercord run`` needs no wrapper.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # from glibc's malloc.h
ARENAS = 2


def limit_malloc_arenas() -> bool:
    """Cap glibc's malloc arenas at ``ARENAS``; return False where that is not possible.

    Call it before the process starts its threads: arenas that already exist stay.
    """
    name = ctypes.util.find_library("c")
    if name is None:  # not a C library papercord knows (musl, Windows): nothing to cap
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):  # a libc without mallopt (musl, macOS)
        return False
    capped = bool(mallopt(M_ARENA_MAX, ARENAS))
    log.debug("malloc arenas capped at %d: %s", ARENAS, capped)
    return capped
