"""A generation's rows kept in local files, so a start reads Chroma once per generation.

Reading a whole generation back from Chroma costs far more than the rows themselves: at
10k papers (24k chunks, 78k sentences) the reads took ~20 s and left ~440 MB of the
process's memory held after they were freed (bench/scale.py). A generation never
changes once active (a changed corpus is a new generation), so its rows are written
once, to ``<cache>/<generation>/``: by the ingest that writes the generation, or by the
first load on a machine that has none (``retrieval.index.keep``):

* ``tables.json``: the papers in corpus order, the chunks in index order (without their
  text: it is ``abstract[start:end]``, and only fitting BM25 reads it), and the
  sentences that have vectors (paper, start and end in its abstract), in vector order;
* ``bm25.npz``, ``bm25_*.npy``: the BM25 impact matrix over those chunks
  (``retrieval.index.bm25``; its postings memory-mapped), so it is
  fitted once per generation and machine, not at every start;
* ``terms.npz`` and ``terms_*.npy``: every paper's stems, title stems, stem pairs and
  code fact as integer arrays (``retrieval.index.paper_terms``), so no start tokenizes the
  corpus again; the ``.npy`` rows are memory-mapped;
* ``authors.npz``: each author's papers (``retrieval.index.author_rows``), so ``/author``
  tests no paper for its author; ``themes.jsonl`` gains each author's themes once found;
* ``chunk_vectors.npy``, ``sentence_vectors.npy``: float32 rows,
  read memory-mapped, so only the pages a question touches are resident, and several
  processes on one machine share them through the page cache;
* ``chunk_int8.npy``, ``chunk_scales.npy``: the chunk vectors as int8 rows and their
  scales (``retrieval.index.compact``), which every question scans; a folder kept before
  them gets them added on its first load.

Written into a temporary folder and renamed into place (atomic); a folder that is
missing, torn or of another format is read from Chroma again, never trusted.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
from collections.abc import Hashable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from retrieval.index.author_rows import AUTHORS_FILE, AuthorRows
from retrieval.index.bm25 import BM25
from retrieval.index.compact import Int8Scores
from retrieval.index.embedding import DIMENSIONS, Vectors
from retrieval.index.paper_terms import PaperTerms
from retrieval.models import Chunk, Paper, Source

log = logging.getLogger(__name__)
H = TypeVar("H", bound=Hashable)

FORMAT = 4  # bump when the files change meaning
Bounds = npt.NDArray[np.int32]  # (start, end) character offsets, one row per sentence
KEEP = 2  # generations kept: the serving one and the one before (a rollback, a reindex)


@dataclass(frozen=True)
class Tables:
    """A generation's papers, chunks and vectors, as questions read them."""

    papers: dict[str, Paper]  # in corpus order
    chunks: list[Chunk]  # in the row order of chunk_vectors; read back without their text
    chunk_vectors: Vectors
    paper_ids: list[str]  # the papers' rows (their vectors are their chunks' mean)
    # Each paper's sentence vectors in sentence order, when ingest embedded them, and the
    # (start, end) offsets of those sentences in its abstract, one row each.
    sentence_vectors: dict[str, Vectors]
    sentence_bounds: dict[str, Bounds]


def read(cache: Path, generation: str) -> Tables | None:
    """Return the generation's tables kept in ``cache``, or None when there are none."""
    folder = cache / generation
    try:
        described = json.loads((folder / "tables.json").read_text(encoding="utf-8"))
        if described.get("format") != FORMAT:
            return None
        chunk_vectors = _vectors(folder / "chunk_vectors.npy", len(described["chunks"]))
        bounds = {pid: _bounds(flat) for pid, flat in described["sentences"]}
        counted = sum(len(rows) for rows in bounds.values())
        sentence_vectors = _vectors(folder / "sentence_vectors.npy", counted)
        shared = Shared()
        papers = {p["id"]: shared.paper(p) for p in described["papers"]}
        # One string per paper id, not one per chunk.
        chunks = [
            Chunk(cid, shared(pid), n, "", *rest) for cid, pid, n, *rest in described["chunks"]
        ]
        sentences: dict[str, Vectors] = {}
        row = 0
        for pid, rows in bounds.items():
            sentences[pid] = sentence_vectors[row : row + len(rows)]
            row += len(rows)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        if folder.exists():
            log.warning("the cached rows of %s are unreadable (%s); reading the index", folder, exc)
        return None
    return Tables(
        papers=papers,
        chunks=chunks,
        chunk_vectors=chunk_vectors,
        paper_ids=[shared(pid) for pid in described["paper_ids"]],
        sentence_vectors=sentences,
        sentence_bounds=bounds,
    )


def read_bm25(cache: Path, generation: str, chunks: int) -> BM25 | None:
    """Return the generation's kept BM25 matrix when it covers ``chunks`` chunks."""
    kept = BM25.load(cache / generation)
    return kept if kept is not None and kept.size == chunks else None


def read_terms(cache: Path, generation: str, papers: int) -> PaperTerms | None:
    """Return the generation's kept paper terms when they cover ``papers`` papers."""
    return PaperTerms.load(cache / generation, papers)


def read_authors(cache: Path, generation: str, papers: Mapping[str, Paper]) -> AuthorRows:
    """Return the generation's kept author rows; a folder kept before they were (or with
    torn ones) gets them computed and added (~0.3 s at 100k papers)."""
    folder = cache / generation
    kept = AuthorRows.load(folder, len(papers))
    if kept is not None:
        return kept
    rows = AuthorRows.of(papers)
    temporary = folder / f".authors.{os.getpid()}.tmp.npz"
    try:
        rows.save(temporary.parent, temporary.name)
        os.replace(temporary, folder / AUTHORS_FILE)
    except OSError as exc:
        log.info("cannot keep the author rows in %s (grouped again next start): %s", folder, exc)
        temporary.unlink(missing_ok=True)
    return rows


def read_compact(cache: Path, generation: str, vectors: Vectors) -> Int8Scores:
    """Return the generation's kept int8 chunk rows; a folder kept before they were (or
    with torn ones) gets them quantized and added."""
    return Int8Scores.kept(cache / generation, vectors)


def write(cache: Path, generation: str, tables: Tables, bm25: BM25, terms: PaperTerms) -> None:
    """Keep a generation's tables, BM25 and terms in ``cache`` (atomically); a failure
    only logs."""
    folder = cache / generation
    temporary = cache / f".{generation}.{os.getpid()}.tmp"
    try:
        temporary.mkdir(parents=True, exist_ok=True)
        sentences = list(tables.sentence_vectors.items())
        described: dict[str, Any] = {
            "format": FORMAT,
            "papers": [asdict(p) for p in tables.papers.values()],
            "chunks": [
                [c.id, c.paper_id, c.index, c.start, c.end, c.tokens] for c in tables.chunks
            ],
            "paper_ids": tables.paper_ids,
            "sentences": [
                [pid, tables.sentence_bounds[pid].ravel().tolist()] for pid, _ in sentences
            ],
        }
        (temporary / "tables.json").write_text(json.dumps(described), encoding="utf-8")
        for name, blocks in (
            ("chunk_vectors", [tables.chunk_vectors]),
            ("sentence_vectors", [vectors for _, vectors in sentences]),
        ):
            if sum(len(block) for block in blocks):
                # One block is saved as it is: concatenating it would copy it (368 MB of
                # chunk vectors at 100k papers).
                matrix = blocks[0] if len(blocks) == 1 else np.concatenate(blocks)
                np.save(temporary / f"{name}.npy", matrix.astype(np.float32, copy=False))
        Int8Scores.of(tables.chunk_vectors).save(temporary)
        bm25.save(temporary)
        terms.save(temporary)
        AuthorRows.of(tables.papers).save(temporary)
        _replace(temporary, folder)
    except OSError as exc:  # a read-only folder costs a read from Chroma next start
        log.warning("cannot keep the index's rows in %s: %s", cache, exc)
    finally:
        shutil.rmtree(temporary, ignore_errors=True)
    _forget_old(cache)


def _replace(new: Path, folder: Path) -> None:
    """Put ``new`` where ``folder`` is, also over an unreadable folder left there.

    The old folder is renamed aside first, as a folder cannot be replaced by a rename; a
    process still reading its memory-mapped files keeps reading them until it closes them.
    """
    aside = new.with_name(f"{new.name}.old")
    with contextlib.suppress(FileNotFoundError):
        os.rename(folder, aside)
    try:
        os.replace(new, folder)
    finally:
        shutil.rmtree(aside, ignore_errors=True)


def _forget_old(cache: Path) -> None:
    """Remove all but the ``KEEP`` most recently written generations' folders."""
    try:
        kept = [p for p in cache.iterdir() if p.is_dir() and not p.name.startswith(".")]
        for old in sorted(kept, key=lambda p: p.stat().st_mtime)[:-KEEP]:
            shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return


def _vectors(path: Path, rows: int) -> Vectors:
    """Return a saved matrix of ``rows`` rows, memory-mapped read-only (none is no file)."""
    if rows == 0:
        return np.zeros((0, DIMENSIONS), dtype=np.float32)
    loaded: Vectors = np.load(path, mmap_mode="r", allow_pickle=False)
    if loaded.ndim != 2 or len(loaded) != rows or loaded.dtype != np.float32:
        raise ValueError(f"{path.name} holds {loaded.shape} {loaded.dtype}, not {rows} rows")
    return loaded


def _bounds(flat: list[int]) -> Bounds:
    """Return sentence offsets saved flat (start, end, start, end, ...) as one row each."""
    return np.asarray(flat, dtype=np.int32).reshape(-1, 2)


class Shared:
    """Hands out one copy of each equal value among many papers: at 100k papers, ~300
    authors' names occur ~280k times, every paper of a snapshot names its file, and each
    paper's id is held by its chunks too."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, Any] = {}

    def __call__(self, value: H) -> H:
        kept: H = self._kept.setdefault(value, value)
        return kept

    def paper(self, row: Mapping[str, Any]) -> Paper:
        """Return a paper from its stored fields, repeated values shared."""
        return Paper(
            id=self(row["id"]),
            title=row["title"],
            abstract=row["abstract"],
            year=int(row["year"]),
            subjects=self(tuple(map(self, row["subjects"]))),
            authors=self(tuple(map(self, row["authors"]))),
            sources=tuple(
                Source(self(s["path"]), s["line"], self(s["author"]), s["position"])
                for s in row["sources"]
            ),
            arxiv_id=row.get("arxiv_id") or "",
            doi=row.get("doi") or "",
        )
