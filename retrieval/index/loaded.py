"""Load the index's active generation into memory for queries (``building`` writes it).

The ingest that writes a generation fits BM25 on its chunks and keeps both in local
files (``retrieval.index.cache``, ``keep``); starts, and other processes on the machine,
read those, also when they share one Chroma server. A load that finds none (another
machine, a removed cache) reads the generation from Chroma and keeps it the same way.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.errors import IndexUnavailable
from retrieval.index import cache as index_cache
from retrieval.index.author_rows import AuthorRows, Themes
from retrieval.index.bm25 import BM25
from retrieval.index.cache import Bounds, Shared, Tables
from retrieval.index.chunk_rows import ChunkRows
from retrieval.index.compact import Int8Scores
from retrieval.index.embedding import Vectors
from retrieval.index.memory import trim_free_memory
from retrieval.index.paper_terms import PaperTerms
from retrieval.index.stems import StemIndex
from retrieval.index.titles import TitleWords
from retrieval.index.vector_store import Records, VectorStore
from retrieval.models import Chunk, ListingPage, Paper
from retrieval.text import Sentence, is_code_sentence, sentences, tokenize

log = logging.getLogger(__name__)

SPLIT_PAPERS = 4096  # papers whose split abstracts stay cached (~8 sentences each)


@dataclass
class LoadedIndex:
    """The active generation, held in memory: papers, chunks, BM25 and chunk vectors."""

    generation: str
    papers: dict[str, Paper]
    pages: tuple[ListingPage, ...]
    chunks: list[Chunk]  # without their text (``Paper.abstract[start:end]``)
    bm25: BM25
    chunk_vectors: Vectors  # row order of chunks: cosines of papers only BM25 or a term found
    # Paper rows (``paper_rows``, ``chunk_rows``). A paper's vector is computed from its
    # chunks' (``chunk_rows.paper_vectors``); Chroma keeps it for nearest-paper queries.
    paper_ids: list[str]
    terms: PaperTerms  # every paper's stems, title stems, pairs and code fact, by row
    sentences: AbstractSentences  # each paper's abstract sentences, split when asked for
    # Each paper's sentence vectors in sentence order, when ingest embedded them.
    sentence_vectors: dict[str, Vectors] = field(default_factory=dict)
    kept_authors: AuthorRows | None = None  # read from the cache files; else ``authors``
    kept_compact: Int8Scores | None = None  # read from the cache files; else ``compact``
    kept_title_words: TitleWords | None = None  # read from the cache files; else built
    kept_rough_norms: npt.NDArray[np.float64] | None = None  # the same, for ``chunk_rows``
    themes: Themes = field(default_factory=lambda: Themes(None))  # authors' themes found

    @functools.cached_property
    def authors(self) -> AuthorRows:
        """Return each listed author's papers, by position in ``corpus_order``."""
        return self.kept_authors or AuthorRows.of(self.papers)

    @functools.cached_property
    def compact(self) -> Int8Scores:
        """Return the chunk vectors as int8 rows, the first stage of a vector search."""
        kept = self.kept_compact
        return kept if kept is not None else Int8Scores.of(self.chunk_vectors)

    @functools.cached_property
    def corpus_order(self) -> list[str]:
        """Return the papers' ids in corpus order (the order of ``papers``)."""
        return list(self.papers)

    @functools.cached_property
    def paper_rows(self) -> dict[str, int]:
        """Return each paper's row (its position in ``paper_ids``)."""
        return {pid: row for row, pid in enumerate(self.paper_ids)}

    @functools.cached_property
    def chunk_rows(self) -> ChunkRows:
        """Return which chunk rows are whose, and the papers' vectors from their chunks'."""
        rows = self.paper_rows
        paper_of = np.fromiter((rows[c.paper_id] for c in self.chunks), np.int32, len(self.chunks))
        return ChunkRows(paper_of, len(self.paper_ids), self.chunk_vectors, self.kept_rough_norms)

    @functools.cached_property
    def title_words(self) -> TitleWords:
        """Return which titles hold each title word, for lookups by title. Kept with the
        generation; otherwise built at the first lookup: 1.7 s at 100k titles, and 11 MB
        once the build's freed pages are returned (50 MB before)."""
        if self.kept_title_words is not None:
            return self.kept_title_words
        words = TitleWords.of([p.title for p in self.papers.values()])
        trim_free_memory()
        return words

    @functools.cached_property
    def stems(self) -> StemIndex:
        """Return which papers hold a stem, by row of ``paper_ids`` (``paper_rows``)."""
        return self.terms.stem_index()

    def phrase_holders(self, phrase: str) -> int:
        """Return how many papers hold a phrase: its stems, each next to the next
        ("post-training quantization": "post train", "train quantiz")."""
        stems = tokenize(phrase)
        rows = self.stems.rows(stems)
        pairs = dict.fromkeys(itertools.pairwise(stems), 1.0)
        if not pairs or not len(rows):
            return len(rows)
        return int(np.count_nonzero(self.terms.pairs_weight(rows, pairs) >= len(pairs) - 1e-9))


class AbstractSentences(Mapping[str, list[Sentence]]):
    """A paper's abstract sentences by paper id, split when first asked, never all held.

    Where ingest embedded the sentences, their offsets were kept with them and are cut
    out of the abstract again. Otherwise splitting one abstract (segtok) takes ~1-2 ms,
    so the recently used papers' are kept (``SPLIT_PAPERS``); holding all of 100k
    papers' ~780k sentences would take hundreds of MB.
    """

    def __init__(self, papers: Mapping[str, Paper], bounds: Mapping[str, Bounds]) -> None:
        self._papers = papers
        self._bounds = bounds
        self._split = functools.lru_cache(maxsize=SPLIT_PAPERS)(self._split_uncached)

    def _split_uncached(self, paper_id: str) -> tuple[Sentence, ...]:
        abstract = self._papers[paper_id].abstract
        known = self._bounds.get(paper_id)
        if known is None:
            return tuple(sentences(abstract))
        return tuple(Sentence(abstract[start:end], start, end) for start, end in known.tolist())

    def __getitem__(self, paper_id: str) -> list[Sentence]:
        if paper_id not in self._papers:
            raise KeyError(paper_id)
        return list(self._split(paper_id))  # a copy: the cached split stays as it is

    def __iter__(self) -> Iterator[str]:
        return iter(self._papers)

    def __len__(self) -> int:
        return len(self._papers)


def join_list(values: Sequence[str]) -> str:
    """Store a list in Chroma metadata (which holds scalars only) as a JSON array.

    JSON, not a separator: any character may occur in an author's name.
    """
    return json.dumps(list(values), ensure_ascii=False)


def _split(value: str) -> tuple[str, ...]:
    """Read a list stored by ``_join``; also the "|a|b|" form of indexes built before."""
    if value.startswith("["):
        return tuple(str(v) for v in json.loads(value))
    return tuple(v for v in value.split("|") if v)


def load(store: VectorStore, cache: Path | None = None, model_id: str | None = None) -> LoadedIndex:
    """Load the active generation into memory, from ``cache`` when it keeps it.

    With ``model_id``, an index built by another model is refused: questions embedded by
    one model against chunks embedded by another are silently worse.
    """
    active = store.active()
    if active is None:
        raise IndexUnavailable("the index is empty; run `papercord ingest` first")
    generation, manifest = active
    built = manifest.get("model")
    if model_id is not None and built is not None and built != model_id:
        raise IndexUnavailable(
            f"the index was built with the model {built}, but questions would be embedded "
            f"with {model_id} (retrieval.embedding_precision or the model changed); "
            "run `papercord ingest` to rebuild it"
        )
    pages = tuple(ListingPage(**p) for p in manifest.get("pages", []))
    kept = from_cache(cache, generation, pages) if cache else None
    if kept is not None:
        return kept
    tables, bm25, terms = keep(cache, generation, _read_store(store, generation, manifest))
    return _loaded(generation, pages, tables, bm25, terms)


def from_cache(
    cache: Path, generation: str, pages: tuple[ListingPage, ...] = ()
) -> LoadedIndex | None:
    """Return a generation loaded from its cache files, or None when they are not all there."""
    tables = index_cache.read(cache, generation)
    bm25 = index_cache.read_bm25(cache, generation, len(tables.chunks)) if tables else None
    terms = None
    if tables and bm25:
        terms = index_cache.read_terms(cache, generation, len(tables.paper_ids))
    if tables is None or bm25 is None or terms is None:
        return None
    kept = _loaded(generation, pages, tables, bm25, terms)
    kept.kept_authors = index_cache.read_authors(cache, generation, tables.papers)
    kept.kept_compact = index_cache.read_compact(cache, generation, tables.chunk_vectors)
    kept.kept_title_words = index_cache.read_title_words(cache, generation, tables.papers)
    kept.kept_rough_norms = index_cache.read_rough_norms(cache, generation, len(tables.paper_ids))
    kept.themes = Themes(cache / generation)
    return kept


def _loaded(
    generation: str,
    pages: tuple[ListingPage, ...],
    tables: Tables,
    bm25: BM25,
    terms: PaperTerms,
) -> LoadedIndex:
    split = AbstractSentences(tables.papers, tables.sentence_bounds)
    return LoadedIndex(
        generation=generation,
        papers=tables.papers,
        pages=pages,
        chunks=tables.chunks,
        bm25=bm25,
        chunk_vectors=tables.chunk_vectors,
        paper_ids=tables.paper_ids,
        sentence_vectors=tables.sentence_vectors,
        sentences=split,
        terms=terms,
    )


def keep(cache: Path | None, generation: str, tables: Tables) -> tuple[Tables, BM25, PaperTerms]:
    """Fit BM25 and the paper terms of a generation's tables and keep all three in
    ``cache``; return the tables with their chunks' texts dropped.

    The tables are read from Chroma, or handed over by the ingest that just wrote them
    (``retrieval.ingest.building``), which spares the first start that read (76 s at 100k papers).
    """
    bm25 = BM25.fit(bm25_document(tables.papers[c.paper_id], c) for c in tables.chunks)
    terms = _terms(tables, AbstractSentences(tables.papers, tables.sentence_bounds))
    # The texts were for BM25 only: 241k copies of slices of the abstracts at 100k papers.
    # Chunks read back from the cache come without them too.
    tables = replace(tables, chunks=[replace(c, text="") for c in tables.chunks])
    if cache:
        index_cache.write(cache, generation, tables, bm25, terms)
    return tables, bm25, terms


def bm25_document(paper: Paper, chunk: Chunk) -> list[str]:
    """Return a chunk's BM25 tokens: its paper's title with its text, as the model sees it."""
    text = chunk.text or paper.abstract[chunk.start : chunk.end]  # stored without it
    return tokenize(f"{paper.title} {text}")


def _terms(tables: Tables, split: AbstractSentences) -> PaperTerms:
    """Tokenize every paper, in the row order of ``paper_ids``.

    Only an abstract that says where code is anywhere needs its sentences to find the one
    that does (segtok is ~1-2 ms an abstract; stored sentence offsets cost nothing); they
    stay in ``split``'s cache for the first answers' snippets.
    """
    return PaperTerms.compute(
        (tables.papers[pid] for pid in tables.paper_ids),
        lambda paper: split[paper.id] if is_code_sentence(paper.abstract) else [],
    )


def _read_store(store: VectorStore, generation: str, manifest: Mapping[str, Any]) -> Tables:
    """Read a generation's papers, chunks and vectors from Chroma."""
    paper_rows = store.read(generation, "papers")
    papers = _papers(paper_rows)
    chunk_rows = store.read(generation, "chunks")
    chunks = [
        Chunk(
            id=id_,
            paper_id=str(meta["paper_id"]),
            index=int(meta["index"]),
            text=doc,  # chunks written before they were stored without text hold it
            start=int(meta["start"]),
            end=int(meta["end"]),
            tokens=int(meta["tokens"]),
        )
        for id_, doc, meta in zip(
            chunk_rows.ids, chunk_rows.documents, chunk_rows.metadatas, strict=True
        )
    ]
    # Indexes built before the setting existed hold every sentence vector too.
    stored = manifest.get("sentence_vectors", True) and store.has(generation, "sentences")
    vectors, bounds = sentence_arrays(store.read(generation, "sentences")) if stored else ({}, {})
    return Tables(
        papers=papers,
        chunks=chunks,
        chunk_vectors=chunk_rows.vectors,
        paper_ids=paper_rows.ids,
        sentence_vectors=vectors,
        sentence_bounds=bounds,
    )


def sentence_arrays(rows: Records) -> tuple[dict[str, Vectors], dict[str, Bounds]]:
    """Return each paper's sentence vectors and offsets, in the order of its sentences.

    Used on the rows read from Chroma and on the rows an ingest writes.
    """
    by_paper: dict[str, list[tuple[int, int, Vectors]]] = {}
    for meta, vector in zip(rows.metadatas, rows.vectors, strict=True):
        row = (int(meta["start"]), int(meta["end"]), vector)
        by_paper.setdefault(str(meta["paper_id"]), []).append(row)
    vectors: dict[str, Vectors] = {}
    bounds: dict[str, Bounds] = {}
    for pid, found in by_paper.items():
        found.sort(key=lambda row: row[0])
        vectors[pid] = np.stack([vector for _, _, vector in found])
        bounds[pid] = np.asarray([(start, end) for start, end, _ in found], dtype=np.int32)
    return vectors, bounds


def _papers(rows: Records) -> dict[str, Paper]:
    ordered = sorted(
        zip(rows.ids, rows.documents, rows.metadatas, strict=True),
        key=lambda row: int(row[2].get("order", 0)),
    )
    shared = Shared()
    return {
        id_: shared.paper(
            {
                "id": id_,
                "title": str(meta["title"]),
                # Papers written before the abstract moved to the metadata hold it as text.
                "abstract": str(meta["abstract"]) if "abstract" in meta else doc,
                "year": meta["year"],
                "subjects": _split(str(meta["subjects"])),
                "authors": _split(str(meta["authors"])),
                "sources": json.loads(str(meta["sources"])),
                "arxiv_id": str(meta.get("arxiv_id") or ""),
                "doi": str(meta.get("doi") or ""),
            }
        )
        for id_, doc, meta in ordered
    }
