"""Write a corpus into the index as a new generation: in batches, resumable, then switch.

Papers are taken ``ingest_batch`` at a time (256: ~640 chunks, ~2,000 sentences):
chunked, embedded (only texts whose content-derived ids no stored generation holds) and
appended to the new generation's collections on a writer thread while the next batch
embeds (``_Writer``), so memory is bounded by two batches and the vectors kept for the
cache, not by the whole corpus. An ingest killed at any point (kill -9 included) leaves
the batches it wrote; the next ingest of the same corpus has the same
generation id, finds them, and goes on from there. Readers keep the active generation
until ``activate``, one metadata write after the last batch. Every sentence is embedded
too when the corpus has at most ``sentence_vectors_up_to`` papers (the sentence signal
of hybrid ranking); a larger corpus skips them, ~7.8 of a paper's ~10 texts, and
``retrieval.search.searcher`` embeds the shown papers' sentences when it shows them.

What the batches write is also kept in the index cache as they go (``index_cache.Keeping``:
each batch's vectors appended to the cache's ``.npy`` files, not held until the end),
and each batch is tokenized for BM25 and the paper terms on a thread while the next one
embeds (``_Counting``; the model releases the GIL); the folder is put in place before the
switch, so the first load reads local files instead of the whole generation back from
Chroma (76 s at 100k papers).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from retrieval.config import RetrievalSettings
from retrieval.index import loaded as index
from retrieval.index.bm25 import BM25, Postings
from retrieval.index.cache import Bounds, Keeping
from retrieval.index.embedding import DIMENSIONS, Embedder, Vectors
from retrieval.index.loaded import bm25_document, join_list
from retrieval.index.paper_terms import PaperTerms, TermsCounter
from retrieval.index.vector_store import Records, VectorStore
from retrieval.ingest.chunking import chunk_paper
from retrieval.ingest.corpus import Corpus
from retrieval.models import Chunk, Paper
from retrieval.text import Sentence, is_code_sentence, sentences

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]  # (papers written, papers in the corpus)
KEEP_PREVIOUS = 1  # generations kept after a switch, for processes still reading them


@dataclass(frozen=True)
class IngestReport:
    """What an ingest did: the generation it made and how much it had to embed."""

    generation: str
    papers: int
    chunks: int
    sentences: int  # sentences embedded at ingest; 0 above ``sentence_vectors_up_to``
    embedded: int
    reused: int  # texts whose vectors were found stored: earlier generations, or this
    unchanged: bool  # one's batches written before an interrupted run
    warnings: tuple[str, ...]
    seconds: float


def generation_of(corpus: Corpus, settings: RetrievalSettings, model_id: str) -> str:
    """Return a short hash of everything that determines the index's contents."""
    root = corpus_root(corpus)
    papers = [  # a paper without a DOI hashes as before DOIs were read: no index goes stale
        _without_empty_doi(
            asdict(
                replace(
                    p, sources=tuple(replace(s, path=_relative(s.path, root)) for s in p.sources)
                )
            )
        )
        for p in corpus.papers
    ]
    payload = {
        "model": model_id,
        "chunk": [settings.chunk_size, settings.chunk_overlap],
        # whether sentence vectors are stored: moving the limit past the corpus rebuilds it
        "sentences": len(corpus.papers) <= settings.sentence_vectors_up_to,
        "papers": papers,
        "pages": [asdict(replace(p, path=_relative(p.path, root))) for p in corpus.pages],
    }
    return hashlib.sha1(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:12]


def _without_empty_doi(row: dict[str, Any]) -> dict[str, Any]:
    return row if row.get("doi") else {k: v for k, v in row.items() if k != "doi"}


def corpus_root(corpus: Corpus) -> str:
    """Return the folder every corpus file lies under ("" when no file is named).

    Paths enter the generation relative to it, so an index built in /src/data/pages
    serves unchanged from /app/data/pages: the image and a moved checkout do not re-index.
    """
    files = [s.path for p in corpus.papers for s in p.sources] + [p.path for p in corpus.pages]
    if not files:
        return ""
    return os.path.commonpath([os.path.dirname(os.path.abspath(f)) for f in files])


def _relative(path: str, root: str) -> str:
    return os.path.relpath(os.path.abspath(path), root) if root else path


def ingest(
    corpus: Corpus,
    store: VectorStore,
    embedder: Embedder,
    settings: RetrievalSettings,
    progress: Progress | None = None,
    cache: Path | None = None,
) -> IngestReport:
    """Write the corpus as a new generation (or do nothing when it is unchanged), and
    keep its rows, BM25 and terms in ``cache`` for the loads that follow.

    One ingest at a time writes an index: a second one waits for the first (and then
    usually finds its corpus already indexed).
    """
    with store.ingest_lock():
        return _ingest(corpus, store, embedder, settings, progress, cache)


def _ingest(
    corpus: Corpus,
    store: VectorStore,
    embedder: Embedder,
    settings: RetrievalSettings,
    progress: Progress | None,
    cache: Path | None,
) -> IngestReport:
    started = time.perf_counter()
    generation = generation_of(corpus, settings, embedder.model_id)
    warnings = tuple(str(w) for w in corpus.warnings)
    active = store.active()
    if active is not None and active[0] == generation:
        written = active[1]
        return IngestReport(
            generation, len(corpus.papers), int(written.get("chunks", 0)),
            int(written.get("sentences", 0)), 0, 0, True, warnings,
            time.perf_counter() - started,
        )  # fmt: skip

    previous = active[0] if active else None
    # Every other stored generation lends its vectors: the active one first, the one kept
    # before it (after `ingest --replace`, a plain ingest embeds nothing), a crashed build's.
    lenders = sorted(store.generations() - {generation}, key=lambda g: g != previous)
    with_sentences = len(corpus.papers) <= settings.sentence_vectors_up_to
    keeping = Keeping(cache, generation) if cache is not None else None
    batches = _Batches(store, generation, lenders, embedder, settings, with_sentences, keeping)
    total, step = len(corpus.papers), settings.ingest_batch
    with batches:
        for begin in range(0, total, step):
            # Returns once this batch is embedded and the one before it written.
            batches.write(corpus.papers[begin : begin + step], begin)
            if progress and begin:
                progress(begin, total)  # written, so a killed run resumes after them
        batches.writer.wait()
        if progress and total:
            progress(total, total)
        store.reopen()  # what Chroma holds of the batches is not needed to keep them
        batches.keep(corpus.papers)  # before the switch: the first load reads these files
    manifest = {
        "generation": generation,
        "model": embedder.model_id,
        "chunk_size": settings.chunk_size,
        "chunk_overlap": settings.chunk_overlap,
        "papers": total,
        "chunks": batches.chunks,
        "sentences": batches.sentences,
        "sentence_vectors": with_sentences,
        "pages": [asdict(p) for p in corpus.pages],
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    store.activate(generation, manifest)
    _drop_old(store, keep={generation, *([previous] if previous and KEEP_PREVIOUS else [])})
    return IngestReport(
        generation, total, batches.chunks, batches.sentences, batches.embedded,
        batches.reused, False, warnings, time.perf_counter() - started,
    )  # fmt: skip


class _Batches:
    """Writes batches of papers into one generation, counting what it embedded, and
    keeps them in the index cache (``keeping``) as it goes."""

    def __init__(
        self,
        store: VectorStore,
        generation: str,
        lenders: list[str],
        embedder: Embedder,
        settings: RetrievalSettings,
        with_sentences: bool,
        keeping: Keeping | None,
    ) -> None:
        self.store = store
        self.generation = generation
        self.lenders = lenders
        self.embedder = embedder
        self.settings = settings
        self.with_sentences = with_sentences
        self.chunks = self.sentences = self.embedded = self.reused = 0
        self.writer = _Writer(store, generation)
        # What the first load reads, kept as the batches go, instead of read back from
        # Chroma after them: the vectors go to the cache's files batch by batch; the
        # sentence offsets (8 bytes a sentence) are held for tables.json.
        self._keeping = keeping
        self._counting = _Counting() if keeping is not None else None
        self._sentence_bounds: dict[str, Bounds] = {}

    def keep(self, papers: Sequence[Paper]) -> None:
        """Put the cache folder of the batches written in place, with BM25 and terms."""
        if self._keeping is None or self._counting is None:
            return
        bm25, terms = self._counting.result()
        self._keeping.finish(
            {p.id: p for p in papers}, [p.id for p in papers], self._sentence_bounds, bm25, terms
        )

    def __enter__(self) -> _Batches:
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop the threads; remove a cache folder not put in place (an error)."""
        with self.writer:
            if self._counting is not None:
                self._counting.close()
            if self._keeping is not None:
                self._keeping.__exit__(*exc)

    def write(self, papers: Sequence[Paper], offset: int) -> None:
        """Write a batch's chunks, sentences and papers; ``offset`` is its first paper's."""
        model = self.embedder.model_id
        size, overlap = self.settings.chunk_size, self.settings.chunk_overlap
        by_id = {p.id: p for p in papers}
        chunks = [c for p in papers for c in chunk_paper(p, size, overlap, model)]
        appends: list[tuple[str, Records]] = []
        chunk_vectors = self._store(
            "chunks",
            {c.id: c.embedding_text(by_id[c.paper_id].title) for c in chunks},
            lambda new: _chunk_records([c for c in chunks if c.id in new], by_id, new),
            appends,
        )
        self.chunks += len(chunks)
        if self._counting is not None:
            self._counting.submit(papers, chunks)  # runs while this batch embeds sentences
        kept: dict[str, Vectors] = {}
        if self.with_sentences:
            rows = [
                (_sentence_id(model, p.id, s), p.id, s)
                for p in papers
                for s in sentences(p.abstract)
            ]
            vectors = self._store(
                "sentences",
                {sid: s.text for sid, _, s in rows},
                lambda new: _sentence_records([r for r in rows if r[0] in new], new),
                appends,
            )
            self.sentences += len(rows)
            kept, bounds = index.sentence_arrays(_sentence_records(rows, vectors))
            self._sentence_bounds |= bounds
        if self._keeping is not None:
            self._keeping.add(chunks, _stack([chunk_vectors[c.id] for c in chunks]), kept)
        written = self.store.ids_in(self.generation, "papers", list(by_id))
        written |= set(self.writer.pending("papers", by_id))
        fresh = [(offset + n, p) for n, p in enumerate(papers) if p.id not in written]
        appends.append(("papers", _paper_records(fresh, chunks, chunk_vectors)))
        self.writer.submit(appends)

    def _store(
        self,
        kind: str,
        texts: dict[str, str],
        records: Callable[[dict[str, Vectors]], Records],
        appends: list[tuple[str, Records]],
    ) -> dict[str, Vectors]:
        """Return a vector per id: this generation's own, else lent, else embedded.

        The records of the vectors not yet in this generation are added to ``appends``.
        Each distinct text is embedded once: an abstract of repeated text (1 MB of one
        sentence is 50,000 sentence rows) costs one forward pass per distinct sentence.
        """
        own = self.store.vectors_for(self.generation, kind, list(texts))
        own |= self.writer.pending(kind, texts)
        new: dict[str, Vectors] = {}
        for lender in self.lenders:
            wanted = [i for i in texts if i not in own and i not in new]
            if not wanted:
                break
            new.update(self.store.vectors_for(lender, kind, wanted))
        by_text: dict[str, list[str]] = {}
        for id_, text in texts.items():
            if id_ not in own and id_ not in new:
                by_text.setdefault(text, []).append(id_)
        distinct = list(by_text)
        for text, vector in zip(distinct, self.embedder.embed(distinct), strict=True):
            new.update((id_, vector) for id_ in by_text[text])
        embedded = sum(len(ids) for ids in by_text.values())
        self.embedded += embedded
        self.reused += len(texts) - embedded
        appends.append((kind, records(new)))
        return own | new


class _Counting:
    """Tokenizes each batch for BM25 and the paper terms on one background thread.

    The model releases the GIL while it runs, so the tokenizing (pure Python: ~1.5 min of
    one core at 100k papers, which ran after the last batch) takes the time it leaves.
    What it keeps is integer arrays (``Postings``, ``TermsCounter``), not token lists.
    Batches are counted in order, at most one waiting; a failure is raised by the next
    ``submit`` or ``result``.
    """

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-tokens")
        self._flight: Future[None] | None = None
        self._postings = Postings()
        self._terms = TermsCounter()

    def submit(self, papers: Sequence[Paper], chunks: list[Chunk]) -> None:
        """Count these papers and their chunks, once the batch before them is counted."""
        self._wait()
        self._flight = self._pool.submit(self._count, list(papers), chunks)

    def _count(self, papers: list[Paper], chunks: list[Chunk]) -> None:
        by_id = {p.id: p for p in papers}
        for chunk in chunks:
            self._postings.add(bm25_document(by_id[chunk.paper_id], chunk))
        for paper in papers:  # only an abstract that says where code is needs its sentences
            code = sentences(paper.abstract) if is_code_sentence(paper.abstract) else []
            self._terms.add(paper, code)

    def result(self) -> tuple[BM25, PaperTerms]:
        """Return BM25 and the paper terms of every batch submitted."""
        self._wait()
        return BM25.of(self._postings), self._terms.terms()

    def _wait(self) -> None:
        flight, self._flight = self._flight, None
        if flight is not None:
            flight.result()

    def close(self) -> None:
        """Stop the thread, after the batch it is counting."""
        self._pool.shutdown(wait=True, cancel_futures=True)


class _Writer:
    """Appends each batch's records on one background thread while the next one embeds.

    Embedding is ~3/4 of an ingest and Chroma's writes the rest, one after the other:
    ~145% of 2 cores busy at 100k papers. Batches are written in order, at most one in
    flight, so memory stays bounded by two batches and a kill -9 leaves whole appends,
    as before. A failed write is raised by the next ``submit`` or ``wait``.
    """

    def __init__(self, store: VectorStore, generation: str) -> None:
        self._store = store
        self._generation = generation
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-writer")
        self._flight: Future[None] | None = None
        self._pending: dict[str, dict[str, Vectors]] = {}

    def pending(self, kind: str, ids: Iterable[str]) -> dict[str, Vectors]:
        """Return the vectors of these ids that the write in flight holds: written, for
        the batch that follows it."""
        held = self._pending.get(kind, {})
        return {id_: held[id_] for id_ in ids if id_ in held}

    def submit(self, appends: list[tuple[str, Records]]) -> None:
        """Write these (kind, records) in order, once the write before them is done."""
        self.wait()
        self._pending = {kind: dict(zip(r.ids, r.vectors, strict=True)) for kind, r in appends}
        self._flight = self._pool.submit(self._write, appends)

    def _write(self, appends: list[tuple[str, Records]]) -> None:
        for kind, records in appends:
            self._store.append(self._generation, kind, records)

    def wait(self) -> None:
        """Return once every submitted write is done; raise the error of a failed one."""
        flight, self._flight = self._flight, None
        self._pending = {}
        if flight is not None:
            flight.result()

    def __enter__(self) -> _Writer:
        return self

    def __exit__(self, *exc: object) -> None:
        self._pool.shutdown(wait=True)  # an error already raised is not replaced


def _sentence_id(model_id: str, paper: str, sentence: Sentence) -> str:
    key = f"{model_id}\0{paper}\0{sentence.start}\0{sentence.text}"
    return "s" + hashlib.sha1(key.encode()).hexdigest()[:20]


def _chunk_records(
    chunks: list[Chunk], papers: dict[str, Paper], vectors: dict[str, Vectors]
) -> Records:
    """A chunk's text is its paper's abstract[start:end]: stored as a document too, Chroma
    indexed it for full-text search, and with the paper's title, subjects and authors
    in its metadata, writing 20k chunks took 33.5 s against 14.4 s without."""
    return Records(
        ids=[c.id for c in chunks],
        documents=[],
        metadatas=[
            {
                "paper_id": c.paper_id,
                "year": papers[c.paper_id].year,
                "index": c.index,
                "start": c.start,
                "end": c.end,
                "tokens": c.tokens,
            }
            for c in chunks
        ],
        vectors=_stack([vectors[c.id] for c in chunks]),
    )


def _sentence_records(
    rows: list[tuple[str, str, Sentence]], vectors: dict[str, Vectors]
) -> Records:
    return Records(
        ids=[sid for sid, _, _ in rows],
        documents=[],  # the sentence is abstract[start:end], as a chunk is
        metadatas=[{"paper_id": pid, "start": s.start, "end": s.end} for _, pid, s in rows],
        vectors=_stack([vectors[sid] for sid, _, _ in rows]),
    )


def _paper_records(
    papers: list[tuple[int, Paper]], chunks: list[Chunk], vectors: dict[str, Vectors]
) -> Records:
    """A paper's vector is the normalized mean of its chunks' vectors.

    The abstract is kept in the metadata, not as a document, which Chroma would index for
    full-text search: writing 2,000 papers took 4.3 s of CPU so, 2.0 s in the metadata.
    """
    by_paper: dict[str, list[Vectors]] = {}
    for chunk in chunks:
        by_paper.setdefault(chunk.paper_id, []).append(vectors[chunk.id])
    rows = []
    for _, paper in papers:
        mean = np.mean(by_paper[paper.id], axis=0)
        rows.append(mean / (np.linalg.norm(mean) or 1.0))
    return Records(
        ids=[p.id for _, p in papers],
        documents=[],
        metadatas=[
            {
                "title": p.title,
                "abstract": p.abstract,
                "year": p.year,
                "subjects": join_list(p.subjects),
                "authors": join_list(p.authors),
                "sources": json.dumps([asdict(s) for s in p.sources]),
                "order": order,
                "arxiv_id": p.arxiv_id,
                **({"doi": p.doi} if p.doi else {}),  # indexes without DOIs stay as they were
            }
            for order, p in papers
        ],
        vectors=_stack(rows),
    )


def _stack(vectors: list[Vectors]) -> Vectors:
    """Return vectors as one float32 matrix."""
    if not vectors:
        return np.zeros((0, DIMENSIONS), np.float32)
    return np.stack(vectors).astype(np.float32, copy=False)


def _drop_old(store: VectorStore, keep: set[str]) -> None:
    dropped = store.generations() - keep
    for generation in dropped:
        log.info("dropping old index generation %s", generation)
        store.drop(generation)
    if dropped:
        store.collect_garbage()
