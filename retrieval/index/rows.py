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

import os
import threading

import numpy as np
import numpy.typing as npt

from retrieval.index.embedding import Vectors

READ_FROM = 4096  # rows a matrix needs before its rows are read from the file
READ_SHARE = 16  # past 1 in this many of its rows, indexing the mapping reads less
OPEN_FILES = 8  # matrices of the generations a process serves, and the last ones

_lock = threading.Lock()
_files: dict[str, int] = {}  # file name -> descriptor open for reading


def gather(matrix: Vectors, rows: npt.ArrayLike) -> Vectors:
    """Return ``matrix[rows]`` (in the given order) as a float32 array in memory."""
    picked = np.asarray(rows, dtype=np.int64)
    name = getattr(matrix, "filename", None)
    offset = getattr(matrix, "offset", None)
    whole = len(matrix) >= READ_FROM and len(picked) * READ_SHARE <= len(matrix)
    if name is None or offset is None or not whole or not matrix.flags.c_contiguous:
        return np.asarray(matrix[picked])
    width = matrix.strides[0]
    out = np.empty((len(picked), matrix.shape[1]), dtype=matrix.dtype)
    try:
        descriptor = _descriptor(str(name))
        for at, row in enumerate(picked.tolist()):
            os.preadv(descriptor, [memoryview(out[at]).cast("B")], offset + row * width)
    except OSError:  # the file was replaced since: the mapping still holds it
        return np.asarray(matrix[picked])
    return out


def _descriptor(name: str) -> int:
    """Return a descriptor open on a matrix file, opened once (the oldest closed past
    ``OPEN_FILES``: a replaced generation's files go when newer ones come)."""
    with _lock:
        if name in _files:
            return _files[name]
        descriptor = os.open(name, os.O_RDONLY)
        if hasattr(os, "posix_fadvise"):  # no read-ahead around each row
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_RANDOM)
        _files[name] = descriptor
        while len(_files) > OPEN_FILES:
            os.close(_files.pop(next(iter(_files))))
        return descriptor
