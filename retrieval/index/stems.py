"""Which papers hold each stem: one int32 matrix instead of a set of paper ids per stem.

A set of paper ids per stem took 57 MB at 10k papers (~570 MB projected at 100k,
bench/scale.py); here the rows of the papers holding each stem are one compressed-row
matrix of int32 (``postings``), the transpose of the papers' own stem ids
(``retrieval.index.paper_terms``). Building it sorts every (paper, stem) pair: 2.6 s of
a 100k start, so a generation's cache files keep it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import reduce
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.index.grouping import grouped

Ids = npt.NDArray[np.int32]
Postings = tuple[npt.NDArray[np.int64], npt.NDArray[Any]]  # (indptr, int32 rows): ``postings``


class StemIndex:
    """The stems of a corpus's papers, to find the papers that hold given stems."""

    def __init__(self, ids: Mapping[str, int], held: Postings) -> None:
        """Index the ``postings`` of papers' stems; ``ids`` maps each stem to its id."""
        self.ids = ids
        self._postings = held

    def count(self, stem: str) -> int:
        """Return how many papers hold a stem."""
        indptr = self._postings[0]
        code = self.ids.get(stem)
        if code is None or code + 1 >= len(indptr):
            return 0
        return int(indptr[code + 1] - indptr[code])

    def rows(self, stems: Iterable[str]) -> Ids:
        """Return the rows of the papers holding every one of the stems (none for none)."""
        return self.holding([[stem] for stem in stems])

    def holding(self, groups: Iterable[Iterable[str]]) -> Ids:
        """Return the rows of the papers holding a stem of every group (none for none)."""
        indptr, rows = self._postings
        found: list[Ids] = []
        for group in groups:
            codes = [c for c in map(self.ids.get, group) if c is not None and c + 1 < len(indptr)]
            if not codes:
                return np.zeros(0, dtype=np.int32)
            postings = [rows[indptr[code] : indptr[code + 1]] for code in codes]
            found.append(reduce(np.union1d, postings))
        if not found:
            return np.zeros(0, dtype=np.int32)
        found.sort(key=len)
        held = found[0]
        for more in found[1:]:
            held = np.intersect1d(held, more, assume_unique=True)
        return held


def postings(indptr: npt.NDArray[np.int64], papers: npt.NDArray[Any], stems: int) -> Postings:
    """Return (indptr, rows) for papers given as compressed rows of stem ids (row ``r``'s
    are ``papers[indptr[r]:indptr[r + 1]]``, each once): the rows of the papers holding
    stem ``i`` are ``rows[indptr[i]:indptr[i + 1]]``, ascending."""
    lengths = np.diff(indptr)
    owners = np.repeat(np.arange(len(lengths), dtype=np.int32), lengths)
    order, held = grouped(np.asarray(papers), stems)  # rows ascending within a stem
    return held, owners[order]
