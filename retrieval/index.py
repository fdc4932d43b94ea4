"""Build the index from a corpus (ingest) and load it back into memory for queries.

Ingest chunks every abstract, embeds only chunks whose content-derived ids are not
already stored, writes a new generation and switches to it atomically. Every sentence
is embedded too when the corpus has at most ``sentence_vectors_up_to`` papers (the
sentence signal of hybrid ranking); a larger corpus skips them, ~7.8 of a paper's ~10
texts, and ``retrieval.search`` embeds the shown papers' sentences when it shows them.
Loading reads the active generation from Chroma; BM25 is read from a local cache file
of that generation when there is one, else fitted from the chunks and saved there, so
several processes can share one Chroma server and each fits BM25 once per generation.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from retrieval.bm25 import BM25
from retrieval.chunking import chunk_paper
from retrieval.config import RetrievalSettings
from retrieval.corpus import Corpus
from retrieval.embedding import DIMENSIONS, Embedder, Vectors
from retrieval.errors import IndexUnavailable
from retrieval.models import Chunk, ListingPage, Paper, Source
from retrieval.text import Sentence, sentences, tokenize
from retrieval.vector_store import Records, VectorStore

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
SPLIT_PAPERS = 4096  # papers whose split abstracts stay cached (~8 sentences each)
KEEP_PREVIOUS = 1  # generations kept after a switch, for processes still reading them


@dataclass(frozen=True)
class IngestReport:
    """What an ingest did: the generation it made and how much it had to embed."""

    generation: str
    papers: int
    chunks: int
    sentences: int
    embedded: int
    reused: int
    unchanged: bool
    warnings: tuple[str, ...]
    seconds: float


@dataclass
class LoadedIndex:
    """The active generation, held in memory: papers, chunks, BM25 and chunk vectors."""

    generation: str
    papers: dict[str, Paper]
    pages: tuple[ListingPage, ...]
    chunks: list[Chunk]
    bm25: BM25
    chunk_vectors: Vectors  # row order of chunks: cosines of papers only BM25 or a term found
    paper_ids: list[str]  # row order of paper_vectors
    paper_vectors: Vectors
    # Each paper's sentence vectors in sentence order, when ingest embedded them.
    sentence_vectors: dict[str, Vectors] = field(default_factory=dict)

    @functools.cached_property
    def sentences(self) -> AbstractSentences:
        """Return each paper's abstract sentences, split when asked for."""
        return AbstractSentences(self.papers)

    @functools.cached_property
    def paper_stems(self) -> dict[str, frozenset[str]]:
        """Return each paper's stems (title and abstract), computed once per index."""
        return {
            pid: frozenset(tokenize(f"{p.title} {p.abstract}")) for pid, p in self.papers.items()
        }


class AbstractSentences(Mapping[str, list[Sentence]]):
    """A paper's abstract sentences by paper id, split when first asked, never all held.

    Splitting one abstract (segtok) takes ~1-2 ms, so the recently used papers' are
    kept (``SPLIT_PAPERS``); holding all of 100k papers' ~780k sentences would take
    hundreds of MB.
    """

    def __init__(self, papers: Mapping[str, Paper]) -> None:
        self._papers = papers
        self._split = functools.lru_cache(maxsize=SPLIT_PAPERS)(self._split_uncached)

    def _split_uncached(self, paper_id: str) -> tuple[Sentence, ...]:
        return tuple(sentences(self._papers[paper_id].abstract))

    def __getitem__(self, paper_id: str) -> list[Sentence]:
        if paper_id not in self._papers:
            raise KeyError(paper_id)
        return list(self._split(paper_id))  # a copy: the cached split stays as it is

    def __iter__(self) -> Iterator[str]:
        return iter(self._papers)

    def __len__(self) -> int:
        return len(self._papers)


def _join(values: Sequence[str]) -> str:
    """Store a list in Chroma metadata (which holds scalars only) as a JSON array.

    JSON, not a separator: any character may occur in an author's name.
    """
    return json.dumps(list(values), ensure_ascii=False)


def _split(value: str) -> tuple[str, ...]:
    """Read a list stored by ``_join``; also the "|a|b|" form of indexes built before."""
    if value.startswith("["):
        return tuple(str(v) for v in json.loads(value))
    return tuple(v for v in value.split("|") if v)


def generation_of(corpus: Corpus, settings: RetrievalSettings, model_id: str) -> str:
    """Return a short hash of everything that determines the index's contents."""
    payload = {
        "model": model_id,
        "chunk": [settings.chunk_size, settings.chunk_overlap],
        "papers": [asdict(p) for p in corpus.papers],
        "pages": [asdict(p) for p in corpus.pages],
    }
    return hashlib.sha1(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:12]


def ingest(
    corpus: Corpus,
    store: VectorStore,
    embedder: Embedder,
    settings: RetrievalSettings,
    progress: Progress | None = None,
) -> IngestReport:
    """Write the corpus as a new generation (or do nothing when it is unchanged).

    One ingest at a time writes an index: a second one waits for the first (and then
    usually finds its corpus already indexed).
    """
    with store.ingest_lock():
        return _ingest(corpus, store, embedder, settings, progress)


def _ingest(
    corpus: Corpus,
    store: VectorStore,
    embedder: Embedder,
    settings: RetrievalSettings,
    progress: Progress | None,
) -> IngestReport:
    started = time.perf_counter()
    generation = generation_of(corpus, settings, embedder.model_id)
    warnings = tuple(str(w) for w in corpus.warnings)
    active = store.active()
    chunks = [
        c
        for p in corpus.papers
        for c in chunk_paper(p, settings.chunk_size, settings.chunk_overlap, embedder.model_id)
    ]
    titles = {p.id: p.title for p in corpus.papers}
    sentence_rows = [
        (_sentence_id(embedder.model_id, p.id, s), p.id, s)
        for p in corpus.papers
        for s in sentences(p.abstract)
    ]
    if active is not None and active[0] == generation:
        return IngestReport(
            generation, len(corpus.papers), len(chunks), len(sentence_rows), 0, 0, True,
            warnings, time.perf_counter() - started,
        )  # fmt: skip

    with_sentences = len(corpus.papers) <= settings.sentence_vectors_up_to
    chunk_texts = {c.id: c.embedding_text(titles[c.paper_id]) for c in chunks}
    sentence_texts = {sid: s.text for sid, _, s in sentence_rows} if with_sentences else {}
    previous = active[0] if active else None
    # Every stored generation lends its vectors: the active one, the one kept before it
    # (after `ingest --replace`, a plain ingest embeds nothing) and a crashed build's.
    stored = sorted(store.generations(), key=lambda g: g != previous)
    chunk_vectors, chunk_new = _vectors(store, stored, "chunks", chunk_texts, embedder, progress)
    sentence_vectors, sentence_new = _vectors(
        store, stored, "sentences", sentence_texts, embedder, progress
    )
    store.write(generation, "chunks", _chunk_records(chunks, corpus, chunk_vectors))
    if with_sentences:
        store.write(generation, "sentences", _sentence_records(sentence_rows, sentence_vectors))
    store.write(generation, "papers", _paper_records(corpus.papers, chunks, chunk_vectors))
    manifest = {
        "generation": generation,
        "model": embedder.model_id,
        "chunk_size": settings.chunk_size,
        "chunk_overlap": settings.chunk_overlap,
        "papers": len(corpus.papers),
        "chunks": len(chunks),
        "sentence_vectors": with_sentences,
        "pages": [asdict(p) for p in corpus.pages],
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    store.activate(generation, manifest)
    _drop_old(store, keep={generation, *([previous] if previous and KEEP_PREVIOUS else [])})
    embedded = chunk_new + sentence_new
    return IngestReport(
        generation, len(corpus.papers), len(chunks), len(sentence_rows), embedded,
        len(chunks) + len(sentence_texts) - embedded, False, warnings,
        time.perf_counter() - started,
    )  # fmt: skip


def _sentence_id(model_id: str, paper: str, sentence: Sentence) -> str:
    key = f"{model_id}\0{paper}\0{sentence.start}\0{sentence.text}"
    return "s" + hashlib.sha1(key.encode()).hexdigest()[:20]


def _vectors(
    store: VectorStore,
    stored: list[str],
    kind: str,
    texts: dict[str, str],
    embedder: Embedder,
    progress: Progress | None,
) -> tuple[dict[str, Vectors], int]:
    """Return a vector per id, reusing stored ones; also how many had to be embedded.

    Each distinct text is embedded once: an abstract of repeated text (1 MB of one
    sentence is 50,000 sentence rows) costs one forward pass per distinct sentence.
    """
    known: dict[str, Vectors] = {}
    for generation in stored:
        wanted = [i for i in texts if i not in known]
        if not wanted:
            break
        known.update(store.vectors_for(generation, kind, wanted))
    missing = [i for i in texts if i not in known]
    by_text: dict[str, list[str]] = {}
    for id_ in missing:
        by_text.setdefault(texts[id_], []).append(id_)
    distinct = list(by_text)
    step = 64
    for begin in range(0, len(distinct), step):
        batch = distinct[begin : begin + step]
        for text, vector in zip(batch, embedder.embed(batch), strict=True):
            known.update((id_, vector) for id_ in by_text[text])
        if progress:
            progress(min(begin + step, len(distinct)), len(distinct))
    return known, len(missing)


def _chunk_records(chunks: list[Chunk], corpus: Corpus, vectors: dict[str, Vectors]) -> Records:
    papers = corpus.by_id()
    return Records(
        ids=[c.id for c in chunks],
        documents=[c.text for c in chunks],
        metadatas=[
            {
                "paper_id": c.paper_id,
                "title": papers[c.paper_id].title,
                "year": papers[c.paper_id].year,
                "subjects": _join(papers[c.paper_id].subjects),
                "authors": _join(papers[c.paper_id].authors),
                "index": c.index,
                "start": c.start,
                "end": c.end,
                "tokens": c.tokens,
            }
            for c in chunks
        ],
        vectors=np.stack([vectors[c.id] for c in chunks]),
    )


def _sentence_records(
    rows: list[tuple[str, str, Sentence]], vectors: dict[str, Vectors]
) -> Records:
    return Records(
        ids=[sid for sid, _, _ in rows],
        documents=[s.text for _, _, s in rows],
        metadatas=[{"paper_id": pid, "start": s.start, "end": s.end} for _, pid, s in rows],
        vectors=np.stack([vectors[sid] for sid, _, _ in rows])
        if rows
        else np.zeros((0, DIMENSIONS), np.float32),
    )


def _paper_records(
    papers: Sequence[Paper], chunks: list[Chunk], vectors: dict[str, Vectors]
) -> Records:
    """A paper's vector is the normalized mean of its chunks' vectors."""
    rows = []
    for paper in papers:
        mean = np.mean([vectors[c.id] for c in chunks if c.paper_id == paper.id], axis=0)
        rows.append(mean / (np.linalg.norm(mean) or 1.0))
    return Records(
        ids=[p.id for p in papers],
        documents=[p.abstract for p in papers],
        metadatas=[
            {
                "title": p.title,
                "year": p.year,
                "subjects": _join(p.subjects),
                "authors": _join(p.authors),
                "sources": json.dumps([asdict(s) for s in p.sources]),
                "order": n,
                "arxiv_id": p.arxiv_id,
            }
            for n, p in enumerate(papers)
        ],
        vectors=np.stack(rows).astype(np.float32),
    )


def _drop_old(store: VectorStore, keep: set[str]) -> None:
    dropped = store.generations() - keep
    for generation in dropped:
        log.info("dropping old index generation %s", generation)
        store.drop(generation)
    if dropped:
        store.collect_garbage()


def load(store: VectorStore, bm25_cache: Path | None = None) -> LoadedIndex:
    """Load the active generation into memory, with BM25 from ``bm25_cache`` or fitted."""
    active = store.active()
    if active is None:
        raise IndexUnavailable("the index is empty; run `papercord ingest` first")
    generation, manifest = active
    paper_rows = store.read(generation, "papers")
    papers = _papers(paper_rows)
    chunk_rows = store.read(generation, "chunks")
    chunks = [
        Chunk(
            id=id_,
            paper_id=str(meta["paper_id"]),
            index=int(meta["index"]),
            text=doc,
            start=int(meta["start"]),
            end=int(meta["end"]),
            tokens=int(meta["tokens"]),
        )
        for id_, doc, meta in zip(
            chunk_rows.ids, chunk_rows.documents, chunk_rows.metadatas, strict=True
        )
    ]
    bm25 = _bm25(generation, papers, chunks, bm25_cache)
    # Indexes built before the setting existed hold every sentence vector too.
    stored = manifest.get("sentence_vectors", True) and store.has(generation, "sentences")
    return LoadedIndex(
        generation=generation,
        papers=papers,
        pages=tuple(ListingPage(**p) for p in manifest.get("pages", [])),
        chunks=chunks,
        bm25=bm25,
        chunk_vectors=chunk_rows.vectors,
        paper_ids=paper_rows.ids,
        paper_vectors=paper_rows.vectors,
        sentence_vectors=_sentence_vectors(store.read(generation, "sentences")) if stored else {},
    )


def _sentence_vectors(rows: Records) -> dict[str, Vectors]:
    """Return each paper's sentence vectors stacked in the order of its sentences."""
    by_paper: dict[str, list[tuple[int, Vectors]]] = {}
    for meta, vector in zip(rows.metadatas, rows.vectors, strict=True):
        by_paper.setdefault(str(meta["paper_id"]), []).append((int(meta["start"]), vector))
    return {
        pid: np.stack([v for _, v in sorted(found, key=lambda row: row[0])])
        for pid, found in by_paper.items()
    }


def _bm25(
    generation: str, papers: dict[str, Paper], chunks: list[Chunk], cache: Path | None
) -> BM25:
    """Return the generation's BM25 from the cache, or fit it (and keep it there).

    The file is named by the generation and the order of its chunks (Chroma decides that
    order), so a cached matrix is only used with the chunk rows it was built for.
    """
    order = hashlib.sha1("\n".join(c.id for c in chunks).encode()).hexdigest()[:12]
    path = cache / f"{generation}-{order}.npz" if cache else None
    saved = BM25.load(path) if path else None
    if saved is not None and saved.size == len(chunks):
        return saved
    # BM25 sees the title with every chunk, as the embeddings do.
    bm25 = BM25.fit([tokenize(f"{papers[c.paper_id].title} {c.text}") for c in chunks])
    if cache and path:
        try:
            bm25.save(path)
            for old in sorted(cache.glob("*.npz"), key=lambda p: p.stat().st_mtime)[:-2]:
                old.unlink(missing_ok=True)  # keep this generation's and the previous one
        except OSError as exc:  # a read-only folder costs a refit next start, nothing else
            log.warning("cannot keep the BM25 index in %s: %s", cache, exc)
    return bm25


def _papers(rows: Records) -> dict[str, Paper]:
    ordered = sorted(
        zip(rows.ids, rows.documents, rows.metadatas, strict=True),
        key=lambda row: int(row[2].get("order", 0)),
    )
    return {
        id_: Paper(
            id=id_,
            title=str(meta["title"]),
            abstract=doc,
            year=int(meta["year"]),
            subjects=_split(str(meta["subjects"])),
            authors=_split(str(meta["authors"])),
            sources=tuple(Source(**s) for s in json.loads(str(meta["sources"]))),
            arxiv_id=str(meta.get("arxiv_id") or ""),
        )
        for id_, doc, meta in ordered
    }
