"""Which papers hold each stem: one int32 matrix instead of a set of paper ids per stem.

A set of paper ids per stem took 57 MB at 10k papers (~570 MB projected at 100k,
bench/scale.py); here the rows of the papers holding each stem are one compressed-row
matrix of int32, built when first asked. (The papers' own stem sets stay frozensets:
as sorted id arrays they saved another 74 MB at 10k, but testing ~90 candidates' sets
per question through numpy cost ~10 ms of a ~45 ms p95.)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

Ids = npt.NDArray[np.int32]


class StemIndex:
    """The stems of a corpus's papers, to find the papers that hold given stems."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self._papers: list[Ids] = []  # row -> its stems' ids, in the order papers were added

    def add_paper(self, stems: Iterable[str]) -> None:
        """Count a paper's stems as the next row."""
        ids = self.ids
        coded = [ids.setdefault(stem, len(ids)) for stem in stems]
        self._papers.append(np.unique(np.asarray(coded, dtype=np.int32)))

    def count(self, stem: str) -> int:
        """Return how many papers hold a stem."""
        indptr = self._postings[0]
        code = self.ids.get(stem)
        if code is None or code + 1 >= len(indptr):
            return 0
        return int(indptr[code + 1] - indptr[code])

    def rows(self, stems: Iterable[str]) -> Ids:
        """Return the rows of the papers holding every one of the stems (none for none)."""
        indptr, rows = self._postings
        found: list[Ids] = []
        for stem in stems:
            code = self.ids.get(stem)
            if code is None or code + 1 >= len(indptr):
                return np.zeros(0, dtype=np.int32)
            found.append(rows[indptr[code] : indptr[code + 1]])
        if not found:
            return np.zeros(0, dtype=np.int32)
        found.sort(key=len)
        held = found[0]
        for more in found[1:]:
            held = np.intersect1d(held, more, assume_unique=True)
        return held

    @functools.cached_property
    def _postings(self) -> tuple[npt.NDArray[np.int64], Ids]:
        """Return (indptr, rows): the rows of the papers holding stem ``i`` are
        ``rows[indptr[i]:indptr[i + 1]]``, ascending."""
        papers, self._papers = self._papers, []  # not needed once the matrix is built
        lengths = np.fromiter((len(p) for p in papers), dtype=np.int64, count=len(papers))
        flat = np.concatenate(papers) if papers else np.zeros(0, dtype=np.int32)
        owners = np.repeat(np.arange(len(papers), dtype=np.int32), lengths)
        order = np.argsort(flat, kind="stable")  # by stem, rows ascending within each
        indptr = np.zeros(len(self.ids) + 1, dtype=np.int64)
        np.cumsum(np.bincount(flat, minlength=len(self.ids)), out=indptr[1:])
        return indptr, owners[order]
