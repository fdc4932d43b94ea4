"""Which chunks belong to which paper, as arrays; and paper vectors read from chunk vectors.

A dict of row lists per paper and an array of paper-id strings per chunk took ~24 MB at
100k papers (240k chunks). A paper's vector is the normalized mean of its chunks' vectors
(``retrieval.ingest.building``), so serving computes it from the chunk vectors that every
question scans anyway: reading the stored paper vectors instead paged in a second
memory-mapped matrix, ~146 MB at 100k papers, on the first ``/author`` or ``/paper``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from retrieval.index.compact import Int8Scores
from retrieval.index.embedding import Vectors
from retrieval.index.grouping import grouped
from retrieval.index.top import top_k

Ids = npt.NDArray[np.int32]
Rows = npt.NDArray[np.intp]
BLOCK = 4096  # papers summed at once (``norms``, ``paper_vectors``): ~10k chunk rows, ~15 MB
# Papers scored again exactly after a first stage of rough chunk scores (``nearest``).
RESCORED_PAPERS = 50
# Past this many chunks, papers are compared from the int8 chunk rows first (related
# papers), or only (an author's representative papers).
ROUGH_FROM = 10_000


class ChunkRows:
    """The chunk rows of each paper row, the paper row of each chunk row, and the papers'
    vectors computed from their chunks' vectors."""

    def __init__(
        self,
        paper_of: Ids,
        papers: int,
        vectors: Vectors,
        rough_norms: npt.NDArray[np.float64] | None = None,
    ) -> None:
        """``paper_of[c]`` is the row of chunk ``c``'s paper among ``papers`` papers;
        ``vectors[c]`` is its vector. ``rough_norms``, when kept, are ``rough_norms``."""
        self.paper_of = paper_of
        self.papers = papers
        self.vectors = vectors
        self._order, self._indptr = grouped(paper_of, papers)
        self._rough_norms = rough_norms

    def of(self, paper: int) -> Ids:
        """Return the rows of a paper's chunks, in chunk order."""
        return self._order[self._indptr[paper] : self._indptr[paper + 1]]

    def paper_vectors(self, papers: Sequence[int], int8: Int8Scores | None = None) -> Vectors:
        """Return these papers' vectors, computed as ingest computes them; from the int8
        rows (within ~0.5%) when given: an author's thousands of papers would otherwise
        page in most of the float32 file (at 100k, 291 of its 350 MB for one author)."""
        sums = np.zeros((len(papers), self.vectors.shape[1]), dtype=np.float32)
        for begin in range(0, len(papers), BLOCK):  # an author may have 38k papers
            sums[begin : begin + BLOCK] = self._sums(papers[begin : begin + BLOCK], int8)
        lengths = np.linalg.norm(sums, axis=1, keepdims=True)
        return np.asarray(sums / np.where(lengths > 0, lengths, 1.0), dtype=np.float32)

    def _sums(self, papers: Sequence[int], int8: Int8Scores | None) -> Vectors:
        """Return the sum of each paper's chunk vectors, added in chunk order."""
        rows = [self.of(p) for p in papers]
        ids = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int32)
        if int8 is not None:
            flat = np.multiply(int8.rows[ids], int8.scales[ids, None], dtype=np.float32)
        else:
            flat = np.asarray(self.vectors[ids])
        counts = np.array([len(r) for r in rows], dtype=np.intp)
        starts = np.cumsum(counts) - counts
        sums = np.zeros((len(rows), self.vectors.shape[1]), dtype=np.float32)
        for k in range(int(counts.max(initial=0))):  # every paper's k-th chunk at once
            having = np.flatnonzero(counts > k)
            sums[having] += flat[starts[having] + k]
        return sums

    def paper_cosines(self, vector: Vectors) -> npt.NDArray[np.float64]:
        """Return every paper's vector's cosine with ``vector``, from one scan of the chunk
        vectors: a paper's is the sum of its chunks' cosines over the length of their sum."""
        scores = (self.vectors @ vector).astype(np.float64)
        sums = np.bincount(self.paper_of, weights=scores, minlength=self.papers)
        lengths = self.norms
        return np.divide(sums, lengths, out=np.zeros_like(sums), where=lengths > 0)

    def nearest(self, vector: Vectors, n: int, int8: Int8Scores | None = None) -> Rows:
        """Return the rows of the n papers whose vectors are nearest ``vector``, best first.

        Without ``int8``, every chunk vector is scored (``paper_cosines``). With the int8
        chunk rows (``retrieval.index.compact``), papers are ranked as ``paper_cosines``
        ranks them but from the int8 rows, and the best ``RESCORED_PAPERS`` are scored
        again exactly from their own chunks: the float32 matrix is never read whole (at
        100k papers, 368 MB paged in by the first ``/paper``).
        """
        if int8 is None:
            return top_k(self.paper_cosines(vector), n)
        rough = int8(vector).astype(np.float64)
        sums = np.bincount(self.paper_of, weights=rough, minlength=self.papers)
        lengths = self.rough_norms(int8)
        scores = np.divide(sums, lengths, out=np.full(self.papers, -np.inf), where=lengths > 0)
        first = top_k(scores, max(RESCORED_PAPERS, n))
        first = first[lengths[first] > 0]
        if not len(first):
            return first
        exact = (self.paper_vectors(first.tolist()) @ vector).astype(np.float64)
        return first[top_k(exact, n)]

    @functools.cached_property
    def norms(self) -> npt.NDArray[np.float64]:
        """Return the length of each paper's sum of chunk vectors (summed once, in blocks)."""
        return self._norms(lambda rows: np.asarray(self.vectors[rows]))

    def rough_norms(self, int8: Int8Scores) -> npt.NDArray[np.float64]:
        """Return ``norms`` as the int8 rows give them (within ~0.5%), summed once."""
        if self._rough_norms is None:
            self._rough_norms = self._norms(lambda rows: int8.rows[rows] * int8.scales[rows, None])
        return self._rough_norms

    def _norms(self, rows_of: Callable[[Ids], Vectors]) -> npt.NDArray[np.float64]:
        """Return the length of each paper's sum of the chunk vectors ``rows_of`` gives."""
        lengths = np.zeros(self.papers, dtype=np.float64)
        for begin in range(0, self.papers, BLOCK):
            end = min(begin + BLOCK, self.papers)
            starts = self._indptr[begin:end]
            held = np.flatnonzero(np.diff(self._indptr[begin : end + 1]) > 0)
            if not len(held):
                continue
            rows = self._order[starts[0] : self._indptr[end]]
            sums = np.add.reduceat(rows_of(rows), starts[held] - starts[0])
            lengths[begin + held] = np.linalg.norm(sums, axis=1)
        return lengths
