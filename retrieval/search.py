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

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from retrieval import fusion
from retrieval.config import Mode, RetrievalSettings
from retrieval.embedding import Embedder, Vectors
from retrieval.errors import QueryError
from retrieval.index import LoadedIndex
from retrieval.models import Answer, Filters, Paper, Result
from retrieval.refs import ref
from retrieval.snippets import best_snippet, coverage
from retrieval.text import rarity, terms
from retrieval.vector_store import VectorStore


@dataclass(frozen=True)
class Signals:
    """One candidate paper's raw scores for a question (0 where a retriever missed it)."""

    bm25: float
    cosine: float
    coverage: float
    bm25_rank: int | None
    vector_rank: int | None


@dataclass(frozen=True)
class Ranking:
    """Candidates in fused order, their relevance, and which of them answer."""

    order: list[str]
    relevance: dict[str, float]
    relevant: list[str]
    abstained: bool


def calibrate(cosine: float, settings: RetrievalSettings) -> float:
    """Map a cosine onto 0..1 between the model's "unrelated" floor and "same topic" ceiling.

    all-MiniLM-L6-v2 gives unrelated abstracts a cosine near 0.1-0.2 and strongly
    matching ones 0.6 and up, so the raw value uses little of its range; stretching it
    lets the vector side weigh as much as term coverage in the relevance sum.
    """
    span = settings.cosine_ceiling - settings.cosine_floor
    return min(1.0, max(0.0, (cosine - settings.cosine_floor) / span))


def rank(signals: dict[str, Signals], mode: Mode, settings: RetrievalSettings) -> Ranking:
    """Fuse, order and cut candidates: a pure function of their signals and the settings."""
    ids = list(signals)
    lexical = {pid: signals[pid].bm25 for pid in ids if signals[pid].bm25_rank is not None}
    vector = {pid: signals[pid].cosine for pid in ids if signals[pid].vector_rank is not None}
    cosine = {pid: calibrate(signals[pid].cosine, settings) for pid in ids}
    cover = {pid: signals[pid].coverage for pid in ids}
    w = settings.vector_weight
    if mode == "bm25":
        fused, relevance = lexical, cover
    elif mode == "vector":
        fused, relevance = vector, cosine
    else:
        fuse = fusion.fuser(settings.fusion, w, settings.rrf_k)
        fused = fuse(fusion.normalize_max(lexical), fusion.normalize_max(vector, floor=-1.0))
        relevance = {pid: w * cosine[pid] + (1 - w) * cover[pid] for pid in ids}
    order = sorted(fused, key=lambda pid: (-fused[pid], pid))
    top = max((relevance[pid] for pid in order), default=0.0)
    if settings.cutoff == "fused":
        best = max(fused.values(), default=0.0)
        relevant = [
            pid
            for pid in order
            if relevance[pid] >= settings.min_relevance
            and fused[pid] >= settings.relevance_ratio * best
        ]
    else:
        cutoff = max(settings.min_relevance, settings.relevance_ratio * top)
        relevant = [pid for pid in order if relevance[pid] >= cutoff]
    abstained = top < settings.abstain_below or not relevant
    return Ranking(order, relevance, relevant, abstained)


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
    """Return the question's distinct stems, each weighted by idf times English rarity.

    The corpus idf alone cannot tell a word the corpus lacks because it is off-topic
    ("earthquake") from one it lacks because it only frames the question ("whose",
    "report"); how common the word is in English can (see ``retrieval.text.rarity``).
    A stem the corpus lacks gets the highest idf in the corpus.
    """
    idf = index.bm25.idf
    ceiling = max(idf.values(), default=1.0)
    weights: dict[str, float] = {}
    for term in terms(question):
        weight = max(float(idf.get(term.stem, ceiling)), 0.0) * rarity(term.word)
        weights[term.stem] = max(weights.get(term.stem, 0.0), weight)
    return weights


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
        self._paper_stems = index.paper_stems  # also used by author summaries
        self._chunk_papers = np.array([c.paper_id for c in index.chunks])
        self._chunk_index = {c.id: c.paper_id for c in index.chunks}

    def warm_up(self) -> None:
        """Run one throwaway query so the first user does not pay for lazy loading."""
        weights = query_weights(self.index, "warm up the model")
        vector = self._embed("warm up the model") if self.embedder is not None else None
        self.signals(weights, vector, "hybrid", Filters())

    def ask(
        self,
        question: str,
        k: int | None = None,
        mode: Mode | None = None,
        filters: Filters | None = None,
    ) -> Answer:
        """Return the papers that best answer a question, or an abstention."""
        started = time.perf_counter()
        text = " ".join(question.split())  # Engine.ask has checked it (check_question)
        mode = mode or self.settings.mode
        filters = filters or Filters()
        k = k or self.settings.results
        weights = query_weights(self.index, text)
        vector = self._embed(text) if mode != "bm25" else None
        signals = self.signals(weights, vector, mode, filters)
        ranking = rank(signals, mode, self.settings)
        order, abstained = ranking.order, ranking.abstained

        def result(pid: str) -> Result:
            paper = self.index.papers[pid]
            return self._result(paper, ranking.relevance[pid], weights, vector)

        shown = [] if abstained else ranking.relevant
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
        weights: dict[str, float],
        vector: Vectors | None,
        mode: Mode,
        filters: Filters,
    ) -> dict[str, Signals]:
        """Return the raw signals of every paper either retriever found for the question."""
        allowed = {pid for pid, p in self.index.papers.items() if matches(p, filters)}
        lexical = self._bm25(list(weights), allowed) if mode != "vector" else {}
        cosine = self._vector(vector, allowed, filters) if vector is not None else {}
        lex_rank = {pid: n for n, pid in enumerate(fusion.ranking(lexical), start=1)}
        vec_rank = {pid: n for n, pid in enumerate(fusion.ranking(cosine), start=1)}
        return {
            pid: Signals(
                bm25=lexical.get(pid, 0.0),
                cosine=cosine.get(pid, 0.0),
                coverage=coverage(self._paper_stems[pid], weights),
                bm25_rank=lex_rank.get(pid),
                vector_rank=vec_rank.get(pid),
            )
            for pid in set(lexical) | set(cosine)
        }

    def _bm25(self, stems: list[str], allowed: set[str]) -> dict[str, float]:
        """Return each allowed paper's best chunk BM25 score (papers with a match only)."""
        if not stems:
            return {}
        scores = self.index.bm25.scores(stems)
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
        relevance: float,
        weights: dict[str, float],
        vector: Vectors | None,
    ) -> Result:
        snippet = best_snippet(
            paper.abstract, self.index.sentences.get(paper.id, []), weights, vector
        )
        return Result(
            paper=ref(paper),
            score=round(relevance, 4),
            snippet=snippet,
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


def year_where(filters: Filters) -> dict[str, Any] | None:
    """Return a Chroma ``where`` clause for the year range, or None."""
    clauses: list[dict[str, Any]] = []
    if filters.year_from is not None:
        clauses.append({"year": {"$gte": filters.year_from}})
    if filters.year_to is not None:
        clauses.append({"year": {"$lte": filters.year_to}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}
