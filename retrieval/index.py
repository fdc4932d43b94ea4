"""Load the index's active generation into memory for queries (``building`` writes it).

Loading reads the active generation from Chroma; BM25 is read from a local cache file
of that generation when there is one, else fitted from the chunks and saved there, so
several processes can share one Chroma server and each fits BM25 once per generation.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from retrieval.bm25 import BM25
from retrieval.embedding import Vectors
from retrieval.errors import IndexUnavailable
from retrieval.models import Chunk, ListingPage, Paper, Source
from retrieval.text import Sentence, sentences, tokenize
from retrieval.vector_store import Records, VectorStore

log = logging.getLogger(__name__)

SPLIT_PAPERS = 4096  # papers whose split abstracts stay cached (~8 sentences each)


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
    def paper_rows(self) -> dict[str, int]:
        """Return each paper's row in ``paper_vectors``."""
        return {pid: row for row, pid in enumerate(self.paper_ids)}

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


def load(
    store: VectorStore, bm25_cache: Path | None = None, model_id: str | None = None
) -> LoadedIndex:
    """Load the active generation into memory, with BM25 from ``bm25_cache`` or fitted.

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
