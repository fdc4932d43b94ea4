"""A few rows of a large memory-mapped matrix, read from its file instead of its mapping.

A question reads ~350 scattered rows of the float32 chunk vectors (the re-scored
candidates, the papers' best chunks, the quoted sentences' chunks) and an ``/author``
~1,500. A row is 1.5 KB, but each page a mapping faults in brings the pages around it
that the kernel already caches (fault-around, 64 KB), and ``MADV_RANDOM`` does not stop
that: at 100k papers, 20 questions and 5 ``/author`` made 275 of the file's 350 MB
part of the process (``bench.scale``'s steady RSS). Read with ``pread``, only those rows
are copied, and the file's pages stay in the page cache, which the kernel may drop.
"""

from __future__ import annotations

import mmap
import os

import numpy as np
import numpy.typing as npt

from retrieval.index.embedding import Vectors

READ_FROM = 4096  # rows a matrix needs before its rows are read from the file
READ_SHARE = 16  # past 1 in this many of its rows, indexing the mapping reads less


def gather(matrix: Vectors, rows: npt.ArrayLike) -> Vectors:
    """Return ``matrix[rows]`` (integer rows, in the given order) as an array in memory.

    The file is opened for each call, so no descriptor outlives it (a replaced
    generation's file is not kept open) and none is shared between threads.
    """
    picked = np.asarray(rows)
    if picked.dtype == bool or not _whole_file(matrix) or picked.ndim != 1:
        return np.asarray(matrix[picked])
    count = len(matrix)
    if count < READ_FROM or len(picked) * READ_SHARE > count:
        return np.asarray(matrix[picked])
    picked = picked.astype(np.int64)
    if len(picked) and (picked.min() < -count or picked.max() >= count):
        raise IndexError(f"row out of range for a matrix of {count} rows")
    picked %= count
    width = matrix.strides[0]
    start = int(getattr(matrix, "offset", 0))
    out = np.empty((len(picked), matrix.shape[1]), dtype=matrix.dtype)
    try:
        descriptor = os.open(str(getattr(matrix, "filename", "")), os.O_RDONLY)
    except OSError:  # the file was removed since: the mapping still holds it
        return np.asarray(matrix[picked])
    try:
        if hasattr(os, "posix_fadvise"):  # no read-ahead around each row
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_RANDOM)
        for at, row in enumerate(picked.tolist()):
            if os.preadv(descriptor, [memoryview(out[at]).cast("B")], start + row * width) < width:
                return np.asarray(matrix[picked])  # a shorter file than mapped
    finally:
        os.close(descriptor)
    return out


def _whole_file(matrix: Vectors) -> bool:
    """Return True for a C-ordered matrix mapped from a whole file (not a slice of one)."""
    return (
        isinstance(getattr(matrix, "base", None), mmap.mmap)
        and getattr(matrix, "filename", None) is not None
        and matrix.flags.c_contiguous
    )
