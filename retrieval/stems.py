"""Every paper's stems as sorted ids into one vocabulary, and the papers holding each stem.

A frozenset of a paper's ~100 stems takes ~7 KB (its hash table), and a set of paper ids
per stem as much again: 131 MB at 10k papers, ~1.3 GB at 100k (bench/scale.py). Here a
paper's stems are a sorted int32 array (~0.5 KB with its header) and the papers holding
each stem one compressed-row matrix of int32 paper rows, built when first asked.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet

import numpy as np
import numpy.typing as npt

Ids = npt.NDArray[np.int32]


class StemSet(AbstractSet[str]):
    """One text's distinct stems, as sorted ids of a ``StemIndex``'s vocabulary."""

    __slots__ = ("_ids", "_index")

    def __init__(self, ids: Ids, index: StemIndex) -> None:
        self._ids = ids
        self._index = index

    def __contains__(self, stem: object) -> bool:
        found = self._index.ids.get(stem) if isinstance(stem, str) else None
        if found is None or not len(self._ids):
            return False
        at = int(np.searchsorted(self._ids, found))
        return at < len(self._ids) and int(self._ids[at]) == found

    def __iter__(self) -> Iterator[str]:
        names = self._index.names
        return (names[i] for i in self._ids.tolist())

    def __len__(self) -> int:
        return len(self._ids)

    def share(self, weights: Mapping[str, float]) -> float:
        """Return the weighted share of ``weights``' stems in this set: 0 (none) to 1 (all).

        One vectorized lookup instead of a test per stem (``snippets.coverage``).
        """
        total = sum(weights.values())
        known = self._index.ids
        asked = [(known[s], w) for s, w in weights.items() if s in known]
        if total <= 0 or not asked or not len(self._ids):
            return 0.0
        ids = np.fromiter((i for i, _ in asked), dtype=np.int32, count=len(asked))
        at = np.minimum(np.searchsorted(self._ids, ids), len(self._ids) - 1)
        held = self._ids[at] == ids
        return sum(w for (_, w), h in zip(asked, held.tolist(), strict=True) if h) / total


class StemIndex:
    """The stems of a corpus's papers: per paper a ``StemSet``, per stem its papers."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.names: list[str] = []
        self._papers: list[Ids] = []  # row -> its stems' ids, in the order papers were added

    def add_paper(self, stems: Iterable[str]) -> StemSet:
        """Return a paper's stem set and count it in the postings as the next row."""
        found = self.stem_set(stems)
        self._papers.append(found._ids)
        return found

    def stem_set(self, stems: Iterable[str]) -> StemSet:
        """Return the stem set of a text (a title, say) without counting it as a paper."""
        ids, names = self.ids, self.names
        coded: list[int] = []
        for stem in stems:
            code = ids.get(stem)
            if code is None:
                code = ids[stem] = len(names)
                names.append(stem)
            coded.append(code)
        return StemSet(np.unique(np.asarray(coded, dtype=np.int32)), self)

    def count(self, stem: str) -> int:
        """Return how many papers hold a stem."""
        indptr = self._postings[0]
        code = self.ids.get(stem)
        if code is None or code + 1 >= len(indptr):  # unknown, or only in a title
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
        lengths = np.fromiter((len(p) for p in self._papers), dtype=np.int64)
        flat = np.concatenate(self._papers) if self._papers else np.zeros(0, dtype=np.int32)
        owners = np.repeat(np.arange(len(self._papers), dtype=np.int32), lengths)
        order = np.argsort(flat, kind="stable")  # by stem, rows ascending within each
        indptr = np.zeros(len(self.names) + 1, dtype=np.int64)
        np.cumsum(np.bincount(flat, minlength=len(self.names)), out=indptr[1:])
        return indptr, owners[order]
