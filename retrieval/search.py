"""Answer a question: BM25 and vector candidates, fused into one paper ranking.

Per paper, three signals are computed from its chunks:

* ``bm25``: the best chunk's rank-bm25 Okapi score (unbounded; ranks papers lexically);
* ``cosine``: the best chunk's cosine similarity to the question (from Chroma);
* ``coverage``: the idf-weighted share of the question's terms found in the paper.

The *ranking* fuses BM25 and vector orders (RRF or a convex combination of normalized
scores, chosen in config). Whether a paper *answers* at all is decided on an absolute
scale that means the same for every question: ``relevance = w * cosine + (1 - w) *
coverage`` in hybrid mode (just one signal in a single mode). Papers at or above
``min_relevance`` and ``relevance_ratio`` of the best are returned, so a topic question
gets every clearly relevant paper rather than a fixed k; when the best paper is below
``abstain_below`` the answer abstains and lists the closest papers instead.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import numpy as np

from retrieval import fusion
from retrieval.config import Mode, RetrievalSettings
from retrieval.embedding import Embedder, Vectors
from retrieval.errors import QueryError
from retrieval.index import LoadedIndex
from retrieval.models import Answer, Filters, Paper, Result
from retrieval.refs import ref
from retrieval.snippets import best_snippet, coverage
from retrieval.text import tokenize
from retrieval.vector_store import VectorStore

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Signals:
    """One candidate paper's scores for a question."""

    bm25: float
    cosine: float
    coverage: float
    relevance: float
    fused: float
    bm25_rank: int | None
    vector_rank: int | None


def check_question(question: str, limit: int) -> str:
    """Return the question stripped, or raise QueryError when it is empty or too long."""
    text = " ".join(question.split())
    if not text:
        raise QueryError("ask a question, e.g. 'which papers quantize LLMs to 4 bits?'")
    if len(text) > limit:
        raise QueryError(
            f"the question is {len(text):,} characters long; please keep it under {limit}"
        )
    return text


def query_weights(index: LoadedIndex, question: str) -> dict[str, float]:
    """Return the question's distinct stems, each weighted by its BM25 idf (unknown: max)."""
    idf = index.bm25.idf
    ceiling = max(idf.values(), default=1.0)
    return {stem: max(float(idf.get(stem, ceiling)), 0.0) for stem in tokenize(question)}


class Searcher:
    """Ranks papers for questions against one loaded index."""

    def __init__(
        self,
        index: LoadedIndex,
        store: VectorStore,
        embedder: Embedder | None,
        settings: RetrievalSettings,
    ) -> None:
        self.index = index
        self.store = store
        self.embedder = embedder
        self.settings = settings
        self._paper_stems = {
            pid: set(tokenize(f"{p.title} {p.abstract}")) for pid, p in index.papers.items()
        }
        self._chunk_papers = np.array([c.paper_id for c in index.chunks])
        self._chunk_index = {c.id: c.paper_id for c in index.chunks}

    def ask(
        self,
        question: str,
        k: int | None = None,
        mode: Mode | None = None,
        filters: Filters | None = None,
    ) -> Answer:
        """Return the papers that best answer a question, or an abstention."""
        started = time.perf_counter()
        text = check_question(question, self.settings.max_question_chars)
        mode = mode or self.settings.mode
        filters = filters or Filters()
        k = k or self.settings.results
        weights = query_weights(self.index, text)
        vector = self._embed(text) if mode != "bm25" else None
        signals = self.signals(text, weights, vector, mode, filters)
        order = sorted(signals, key=lambda pid: (-signals[pid].fused, pid))
        top = max((s.relevance for s in signals.values()), default=0.0)
        cutoff = max(self.settings.min_relevance, self.settings.relevance_ratio * top)
        relevant = [pid for pid in order if signals[pid].relevance >= cutoff]
        abstained = top < self.settings.abstain_below or not relevant

        def result(pid: str) -> Result:
            return self._result(self.index.papers[pid], signals[pid], weights, vector)

        shown = [] if abstained else relevant
        closest = order[: self.settings.closest] if abstained else []
        return Answer(
            question=text,
            mode=mode,
            abstained=abstained,
            results=tuple(result(pid) for pid in shown[:k]),
            closest=tuple(result(pid) for pid in closest),
            more=tuple(result(pid) for pid in shown[k:]),
            elapsed_ms=(time.perf_counter() - started) * 1000,
            filters=filters,
            ranking=tuple(order),
        )

    def _embed(self, text: str) -> Vectors:
        if self.embedder is None:
            raise QueryError("vector search is unavailable: the embedding model is not loaded")
        return self.embedder.embed_one(text)

    def signals(
        self,
        text: str,
        weights: dict[str, float],
        vector: Vectors | None,
        mode: Mode,
        filters: Filters,
    ) -> dict[str, Signals]:
        """Return every candidate paper's signals, fused for the given mode."""
        allowed = {pid for pid, p in self.index.papers.items() if matches(p, filters)}
        lexical = self._bm25(list(weights), allowed) if mode != "vector" else {}
        cosine = self._vector(vector, allowed, filters) if vector is not None else {}
        candidates = set(lexical) | set(cosine)
        cover = {pid: coverage(self._paper_stems[pid], weights) for pid in candidates}
        w = self.settings.vector_weight
        if mode == "bm25":
            fused = {pid: lexical[pid] for pid in candidates}
            relevance = cover
        elif mode == "vector":
            fused = {pid: cosine[pid] for pid in candidates}
            relevance = {pid: max(cosine[pid], 0.0) for pid in candidates}
        else:
            lex = {pid: lexical.get(pid, 0.0) for pid in candidates}
            vec = {pid: cosine.get(pid, 0.0) for pid in candidates}
            fuse = fusion.fuser(self.settings.fusion, w, self.settings.rrf_k)
            fused = fuse(fusion.normalize_max(lex), fusion.normalize_max(vec, floor=-1.0))
            relevance = {
                pid: w * max(vec[pid], 0.0) + (1 - w) * cover[pid] for pid in candidates
            }
        lex_rank = {pid: n for n, pid in enumerate(fusion.ranking(lexical), start=1)}
        vec_rank = {pid: n for n, pid in enumerate(fusion.ranking(cosine), start=1)}
        return {
            pid: Signals(
                bm25=lexical.get(pid, 0.0),
                cosine=cosine.get(pid, 0.0),
                coverage=cover[pid],
                relevance=relevance[pid],
                fused=fused[pid],
                bm25_rank=lex_rank.get(pid),
                vector_rank=vec_rank.get(pid),
            )
            for pid in candidates
        }

    def _bm25(self, stems: list[str], allowed: set[str]) -> dict[str, float]:
        """Return each allowed paper's best chunk BM25 score (papers with a match only)."""
        if not stems:
            return {}
        scores = self.index.bm25.get_scores(stems)
        best: dict[str, float] = {}
        for row in fusion.top_k(scores, self.settings.candidates):
            pid = str(self._chunk_papers[row])
            if scores[row] > 0 and pid in allowed and scores[row] > best.get(pid, 0.0):
                best[pid] = float(scores[row])
        return best

    def _vector(self, vector: Vectors, allowed: set[str], filters: Filters) -> dict[str, float]:
        """Return each allowed paper's best chunk cosine, from Chroma's nearest chunks."""
        where = year_where(filters)
        n = min(self.settings.candidates, len(self.index.chunks))
        best: dict[str, float] = {}
        for chunk_id, similarity in self.store.query(
            self.index.generation, "chunks", vector, n, where
        ):
            pid = self._chunk_index[chunk_id]
            if pid in allowed and similarity > best.get(pid, -1.0):
                best[pid] = similarity
        return best

    def _result(
        self,
        paper: Paper,
        signals: Signals,
        weights: dict[str, float],
        vector: Vectors | None,
    ) -> Result:
        snippet = best_snippet(
            paper.abstract, self.index.sentences.get(paper.id, []), weights, vector
        )
        return Result(
            paper=ref(paper),
            score=round(signals.relevance, 4),
            snippet=snippet,
            bm25_rank=signals.bm25_rank,
            vector_rank=signals.vector_rank,
        )


def matches(paper: Paper, filters: Filters) -> bool:
    """Return True when a paper passes every filter that is set."""
    if filters.year_from is not None and paper.year < filters.year_from:
        return False
    if filters.year_to is not None and paper.year > filters.year_to:
        return False
    if filters.subject is not None:
        wanted = filters.subject.casefold()
        codes = [s.casefold() for s in paper.subjects]
        if wanted not in codes and not any(c.split(".")[0] == wanted for c in codes):
            return False
    return filters.author is None or filters.author in paper.authors


def year_where(filters: Filters) -> dict[str, object] | None:
    """Return a Chroma ``where`` clause for the year range, or None."""
    clauses: list[dict[str, object]] = []
    if filters.year_from is not None:
        clauses.append({"year": {"$gte": filters.year_from}})
    if filters.year_to is not None:
        clauses.append({"year": {"$lte": filters.year_to}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}
