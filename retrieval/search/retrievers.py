"""Score a question's chunks lexically and by meaning, and each paper by its best chunk.

``Retrievers`` holds what the two retrievers read: the loaded index's BM25 and chunk
vectors (in memory), and the vector store for Chroma's nearest chunks past
``EXACT_CHUNKS``. A filter is an ``Allowed`` set of papers and chunk rows
(``retrieval.index.filtering``); ``everything`` is the set that allows all, tested by identity.
``retrieval.search.searcher`` turns their scores into a paper's signals.
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from retrieval.config import RetrievalSettings
from retrieval.index.embedding import Vectors
from retrieval.index.filtering import Allowed
from retrieval.index.loaded import LoadedIndex
from retrieval.index.memory import UNMAP_FROM
from retrieval.index.top import top_k
from retrieval.index.vector_store import VectorStore

Floats = npt.NDArray[np.float64]
Rows = npt.NDArray[np.intp]
# A filtered vector search scores the allowed chunks exactly, in memory, when they are at
# most this many; more, and it over-fetches from Chroma's unfiltered HNSW (candidates /
# share of chunks allowed, at most OVERFETCH) and keeps the allowed ones. Measured on
# 50k vectors (docs/scale.md): a year filter allowing 8,428 scored exactly in 4.0 ms
# p50, recall 1.0; over-fetch 7.1 ms, recall 0.91; a Chroma where clause 135 ms. Unfiltered,
# 24k chunks (10k papers) score exactly in 2.0 ms p50 and 48k in 3.9 ms, against 4.8 ms
# for Chroma's HNSW query at 24k, whose index also held ~150 MB more (bench/scale.py).
# At 100k papers (240k chunks) exact scoring made a plain ask p50 / p95 69 / 94 ms against
# 34 / 48 ms with HNSW, but HNSW held ~900 MB more (1.39 against 1.88 GB steady RSS;
# issue 8 allows 150 ms and 1.5 GB): exact up to 300k chunks, ~125k papers.
EXACT_CHUNKS = 300_000
# Past RESCORE x candidates chunks, a vector search takes the best RESCORE x candidates by
# their int8 rows and scores those exactly (``Retrievers._best``). At 10k papers, 400
# eval questions: the same 50 chunks and scores as float32 exact search for every
# question at 4x (bench/vectors.py, docs/scale.md).
RESCORE = 4
EXACT_ROWS = EXACT_CHUNKS  # papers, likewise (``Lookup.related``)
OVERFETCH = 1000
GATHER_SHARE = 10  # score only the allowed chunks when fewer than 1 in this many


class Retrievers:
    """BM25 and vector scores of one loaded index's chunks, and each paper's best."""

    def __init__(self, index: LoadedIndex, store: VectorStore, settings: RetrievalSettings) -> None:
        self.index = index
        self.store = store
        self.settings = settings
        self.everything = Allowed(frozenset(index.papers), np.ones(len(index.chunks), bool))
        self._all_rows = np.arange(len(index.chunks))
        self._chunk_rows = index.chunk_rows
        self.sentence_vectors = index.sentence_vectors  # empty above sentence_vectors_up_to

    def chunk_bm25(self, stems: list[str], permitted: Allowed) -> Floats | None:
        """Return every chunk's BM25 score (0 for chunks of papers a filter leaves out)."""
        if not stems:
            return None
        scores = self.index.bm25.scores(stems)
        if permitted is not self.everything:
            scores = np.where(permitted.chunks, scores, 0.0)
        return scores

    def bm25(self, scores: Floats) -> dict[str, float]:
        """Return the best chunk BM25 score of each paper among the best-scoring chunks.

        With a filter the best chunks are taken among the allowed papers' chunks, so an
        author's or a subject's papers are not crowded out by the rest of the corpus.
        """
        best: dict[str, float] = {}
        for row in top_k(scores, self.settings.candidates):
            pid = self.index.paper_ids[self._chunk_rows.paper_of[row]]
            if scores[row] > best.get(pid, 0.0):
                best[pid] = float(scores[row])
        return best

    def paper_bm25(self, pid: str, scores: Floats) -> float:
        """Return a paper's best chunk BM25 score."""
        rows = self._chunk_rows.of(self.index.paper_rows[pid])
        return float(scores[rows].max()) if len(rows) else 0.0

    def nearest(self, vector: Vectors, permitted: Allowed) -> dict[str, float]:
        """Return each allowed paper's best chunk cosine, from its nearest chunks.

        Up to ``EXACT_CHUNKS`` allowed chunks (a whole small corpus, or a narrow filter)
        are scored exactly here, from the vectors held in memory: no round trip to
        Chroma, and exact. More are Chroma's nearest ``candidates`` chunks (HNSW), or,
        filtered, over-fetched from it and kept if allowed (a Chroma ``where`` clause
        cost 5 ms -> 214 ms at 100k; bench/filters.py).
        """
        n = min(self.settings.candidates, len(self.index.chunks))
        everything = permitted is self.everything
        rows = self._all_rows if everything else np.flatnonzero(permitted.chunks)
        if len(rows) <= EXACT_CHUNKS:
            top, scores = self._best(vector, rows, n)
            owners = self._chunk_rows.paper_of[top].tolist()
            hits = [
                (self.index.paper_ids[o], float(s))
                for o, s in zip(owners, scores.tolist(), strict=True)
            ]
        elif everything:
            found = self.store.query(self.index.generation, "chunks", vector, n)
            hits = [(self.chunk_papers[c], s) for c, s in found]
        else:
            share = len(rows) / len(self.index.chunks)
            fetch = min(OVERFETCH, len(self.index.chunks), int(n / share) + 1)
            found = self.store.query(self.index.generation, "chunks", vector, fetch)
            hits = [(self.chunk_papers[c], s) for c, s in found]
            hits = [(pid, s) for pid, s in hits if pid in permitted.papers]
        best: dict[str, float] = {}
        for pid, similarity in hits[:n]:
            if similarity > best.get(pid, -1.0):
                best[pid] = similarity
        return best

    def cosine(self, pid: str, vector: Vectors) -> float:
        """Return a paper's best chunk cosine from the chunk vectors held in memory."""
        rows = self._chunk_rows.of(self.index.paper_rows[pid])
        return float((self.index.chunk_vectors[rows] @ vector).max()) if len(rows) else 0.0

    def _best(self, vector: Vectors, rows: Rows, n: int) -> tuple[Rows, Floats]:
        """Return the n best of these chunk rows and their exact cosines, best first.

        Up to ``RESCORE`` x n rows, or fewer than 1 in ``GATHER_SHARE`` of all chunks
        while the float32 rows stay mapped (under ``UNMAP_FROM`` bytes), are scored
        exactly. More are scored from the int8 rows (``retrieval.index.compact``: only the
        allowed ones when fewer than 1 in ``GATHER_SHARE``), and the best ``RESCORE`` x n
        of those again exactly, so the n kept and their scores are exact search's whenever
        the first stage holds them (at 10k papers it did for 400 of 400 questions;
        bench/vectors.py). Past ``UNMAP_FROM`` a question reads at most ``RESCORE`` x n
        float32 rows: each is mapped again for every question.
        """
        vectors = self.index.chunk_vectors
        first = RESCORE * n
        narrow = len(rows) * GATHER_SHARE <= len(vectors)
        if len(rows) <= first or (narrow and vectors.nbytes < UNMAP_FROM):
            picked, scores = rows, self._exact(vector, rows).astype(np.float64)
        else:
            if narrow:
                rough = self.index.compact(vector, rows)
            else:
                rough = self.index.compact(vector)
                rough = rough[rows] if len(rows) < len(vectors) else rough
            picked = rows[np.sort(top_k(rough.astype(np.float64), first))]
            scores = np.asarray(vectors[picked] @ vector).astype(np.float64)
        top = top_k(scores, n)
        return picked[top], scores[top]

    def _exact(self, vector: Vectors, rows: Rows) -> Vectors:
        """Return the cosines of these chunk rows with ``vector``.

        Copying the allowed rows out first costs more than scoring them all once more
        than ~1 in 10 is allowed (240k chunks: 2.3 ms to copy and score 2%, 55 ms for
        half, against 18 ms for all).
        """
        vectors = self.index.chunk_vectors
        if len(rows) == len(vectors):
            return np.asarray(vectors @ vector)
        if len(rows) * GATHER_SHARE > len(vectors):
            return np.asarray((vectors @ vector)[rows])
        return np.asarray(vectors[rows] @ vector)

    @functools.cached_property
    def chunk_papers(self) -> dict[str, str]:
        """Return each chunk's paper by chunk id: only for Chroma's nearest chunks, past
        ``EXACT_CHUNKS`` (7 MB at 100k papers, never built below)."""
        return {c.id: c.paper_id for c in self.index.chunks}

    def sentences(self, vector: Vectors, papers: set[str]) -> dict[str, float]:
        """Return each paper's best single-sentence cosine (~8 sentences each)."""
        return {
            pid: float((self.sentence_vectors[pid] @ vector).max())
            for pid in papers
            if pid in self.sentence_vectors
        }
