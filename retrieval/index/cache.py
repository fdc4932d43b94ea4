"""A generation's rows kept in local files, so a start reads Chroma once per generation.

Reading a whole generation back from Chroma costs far more than the rows themselves: at
10k papers (24k chunks, 78k sentences) the reads took ~20 s and left ~440 MB of the
process's memory held after they were freed (bench/scale.py). A generation never
changes once active (a changed corpus is a new generation), so its rows are written
once, to ``<cache>/<generation>/``: by the ingest that writes the generation, or by the
first load on a machine that has none (``retrieval.index.keep``):

* ``tables.json``: the papers in corpus order (without their abstracts), the chunks in
  index order (without their text: it is ``abstract[start:end]``, and only fitting BM25
  reads it), and the sentences that have vectors (paper, start and end in its
  abstract), in vector order;
* ``abstracts.txt``, ``abstracts.npy``: the abstracts, read when a paper's is asked for
  (``retrieval.index.abstracts``); a folder kept in format 4, with the abstracts in
  ``tables.json``, is read, then rewritten so;
* ``bm25.npz``, ``bm25_*.npy``: the BM25 impact matrix over those chunks
  (``retrieval.index.bm25``; its postings memory-mapped), so it is
  fitted once per generation and machine, not at every start;
* ``terms.npz`` and ``terms_*.npy``: every paper's stems, title stems, stem pairs and
  code fact as integer arrays (``retrieval.index.paper_terms``), so no start tokenizes the
  corpus again, and the papers holding each stem; the ``.npy`` rows are memory-mapped;
* ``authors.npz``: each author's papers (``retrieval.index.author_rows``), so ``/author``
  tests no paper for its author; ``themes.jsonl`` gains each author's themes once found;
* ``chunk_vectors.npy``, ``sentence_vectors.npy``: float32 rows,
  read memory-mapped, so only the pages a question touches are resident, and several
  processes on one machine share them through the page cache;
* ``chunk_int8.npy``, ``chunk_scales.npy``: the chunk vectors as int8 rows and their
  scales (``retrieval.index.compact``), which every question scans, quantized from the
  written float32 file; a folder kept before them gets them on its first load.

Written into a temporary folder and renamed into place (atomic); a folder that is
missing, torn or of another format is read from Chroma again, never trusted. An ingest
writes the folder as it goes (``Keeping``): each batch's vectors are appended to the
``.npy`` files (``VectorFile``), so it holds no vector past its batch; the rest is written
once the last batch is. A temporary folder left by a killed process is removed by the
next one that keeps a generation.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import orjson

from retrieval.files import add_files
from retrieval.index.abstracts import OFFSETS_FILE, TEXT_FILE, Abstracts, kept_paper
from retrieval.index.author_rows import AUTHORS_FILE, AuthorRows
from retrieval.index.bm25 import BM25
from retrieval.index.chunk_rows import ROUGH_FROM, ChunkRows
from retrieval.index.compact import Int8Scores
from retrieval.index.embedding import DIMENSIONS, Vectors
from retrieval.index.paper_terms import PaperTerms
from retrieval.index.titles import TITLE_WORDS_FILE, TitleWords
from retrieval.models import Chunk, Paper, Source

log = logging.getLogger(__name__)
H = TypeVar("H", bound=Hashable)

FORMAT = 5  # bump when the files change meaning
ABSTRACTS_INSIDE = 4  # the format before: tables.json held the abstracts; still read
Bounds = npt.NDArray[np.int32]  # (start, end) character offsets, one row per sentence
ROUGH_NORMS_FILE = "rough_norms.npy"
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
        described = orjson.loads((folder / "tables.json").read_bytes())
        if described.get("format") not in (FORMAT, ABSTRACTS_INSIDE):
            return None
        inside = described["format"] == ABSTRACTS_INSIDE
        abstracts = None if inside else Abstracts(folder, len(described["papers"]))
        chunk_vectors = _vectors(folder / "chunk_vectors.npy", len(described["chunks"]))
        bounds = {pid: _bounds(flat) for pid, flat in described["sentences"]}
        counted = sum(len(rows) for rows in bounds.values())
        sentence_vectors = _vectors(folder / "sentence_vectors.npy", counted)
        shared = Shared()
        papers = {
            p["id"]: shared.paper(p, abstracts, row) for row, p in enumerate(described["papers"])
        }
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
    if inside:
        _take_abstracts_out(folder, described)
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
    """Return the generation's kept paper terms when they cover ``papers`` papers; a
    folder kept before their postings gets them added (~2.6 s at 100k papers)."""
    terms = PaperTerms.load(cache / generation, papers)
    if terms is not None:
        terms.keep_postings(cache / generation)
    return terms


def read_authors(cache: Path, generation: str, papers: Mapping[str, Paper]) -> AuthorRows:
    """Return the generation's kept author rows; a folder kept before they were (or with
    torn ones) gets them computed and added (~0.3 s at 100k papers)."""
    folder = cache / generation
    kept = AuthorRows.load(folder, len(papers))
    if kept is not None:
        return kept
    rows = AuthorRows.of(papers)
    failed = add_files(
        folder, [AUTHORS_FILE], lambda prefix: rows.save(folder, prefix + AUTHORS_FILE)
    )
    if failed is not None:
        log.info("cannot keep the author rows in %s (grouped again next start): %s", folder, failed)
    return rows


def read_title_words(cache: Path, generation: str, papers: Mapping[str, Paper]) -> TitleWords:
    """Return the generation's kept title words; a folder kept before they were (or with
    torn ones) gets them built and added (1.7 s at 100k papers, once)."""
    folder = cache / generation
    kept = TitleWords.load(folder, len(papers))
    if kept is not None:
        return kept
    words = TitleWords.of([p.title for p in papers.values()])
    failed = add_files(
        folder, [TITLE_WORDS_FILE], lambda prefix: words.save(folder, prefix + TITLE_WORDS_FILE)
    )
    if failed is not None:
        log.info("cannot keep the title words in %s (built again next start): %s", folder, failed)
    return words


def read_rough_norms(cache: Path, generation: str, papers: int) -> npt.NDArray[np.float64] | None:
    """Return the papers' rough norms kept by the ingest past ``ROUGH_FROM`` chunks, or
    None (then the first nearest-paper query sums them: 0.7 s at 100k papers)."""
    try:
        norms = np.load(cache / generation / ROUGH_NORMS_FILE, allow_pickle=False)
    except (OSError, ValueError):
        return None
    return norms if norms.shape == (papers,) and norms.dtype == np.float64 else None


def read_compact(cache: Path, generation: str, vectors: Vectors) -> Int8Scores:
    """Return the generation's kept int8 chunk rows; a folder kept before they were (or
    with torn ones) gets them quantized and added."""
    return Int8Scores.kept(cache / generation, vectors)


def write(cache: Path, generation: str, tables: Tables, bm25: BM25, terms: PaperTerms) -> None:
    """Keep a generation's tables, BM25 and terms in ``cache`` (atomically); a failure
    only logs."""
    with Keeping(cache, generation) as keeping:
        keeping.add(tables.chunks, tables.chunk_vectors, tables.sentence_vectors)
        keeping.finish(tables.papers, tables.paper_ids, tables.sentence_bounds, bm25, terms)


class Keeping:
    """A generation's cache folder, written as an ingest goes: vectors batch by batch.

    Used as a context manager: a folder not ``finish``ed is removed on exit. A failure
    to write (a full or read-only disk) only logs, once, and keeps nothing: the next
    start reads Chroma instead.
    """

    def __init__(self, cache: Path, generation: str) -> None:
        self._cache = cache
        self._generation = generation
        self._temporary = cache / f".{generation}.{os.getpid()}.tmp"
        self._chunks: list[list[Any]] = []  # tables.json's rows, [id, paper, index, ...]
        self._sentences: list[str] = []  # the papers whose sentence vectors are kept
        self._files: dict[str, VectorFile] = {}
        self._failed = False
        try:
            _sweep_torn(cache)
            self._temporary.mkdir(parents=True, exist_ok=True)
            for name in VECTOR_FILES:
                self._files[name] = VectorFile(self._temporary / f"{name}.npy")
        except OSError as exc:
            self._fail(exc)

    def add(
        self, chunks: Sequence[Chunk], chunk_vectors: Vectors, sentences: Mapping[str, Vectors]
    ) -> None:
        """Append chunks and their vectors, and each paper's sentence vectors, in order."""
        self._chunks += [[c.id, c.paper_id, c.index, c.start, c.end, c.tokens] for c in chunks]
        self._sentences += sentences
        if self._failed:
            return
        try:
            self._files["chunk_vectors"].append(chunk_vectors)
            for vectors in sentences.values():
                self._files["sentence_vectors"].append(vectors)
        except OSError as exc:
            self._fail(exc)

    def finish(
        self,
        papers: Mapping[str, Paper],
        paper_ids: list[str],
        bounds: Mapping[str, Bounds],
        bm25: BM25,
        terms: PaperTerms,
    ) -> None:
        """Write what is not vectors, then put the folder in place (atomic)."""
        if self._failed:
            return
        described: dict[str, Any] = {
            "format": FORMAT,
            "papers": [_without_abstract(p) for p in papers.values()],
            "chunks": self._chunks,
            "paper_ids": paper_ids,
            "sentences": [[pid, bounds[pid].ravel().tolist()] for pid in self._sentences],
        }
        temporary = self._temporary
        try:
            for name, file in self._files.items():
                file.close()
                if not file.rows:  # no rows, no file: as read() expects
                    (temporary / f"{name}.npy").unlink()
            Abstracts.write(temporary, (p.abstract for p in papers.values()))
            (temporary / "tables.json").write_text(json.dumps(described), encoding="utf-8")
            if (chunk_file := temporary / "chunk_vectors.npy").exists():  # int8 from the file,
                rows = np.load(chunk_file, mmap_mode="r", allow_pickle=False)  # block by block
                int8 = Int8Scores.of(rows)
                int8.save(temporary)
                if len(rows) > ROUGH_FROM:  # what the first nearest-paper query needs
                    norms = self._chunk_rows(paper_ids, rows).rough_norms(int8)
                    np.save(temporary / ROUGH_NORMS_FILE, norms)
            TitleWords.of([p.title for p in papers.values()]).save(temporary)
            bm25.save(temporary)
            terms.save(temporary)
            AuthorRows.of(papers).save(temporary)
            _replace(temporary, self._cache / self._generation)
        except OSError as exc:
            self._fail(exc)
            return
        _forget_old(self._cache)

    def _chunk_rows(self, paper_ids: list[str], vectors: Vectors) -> ChunkRows:
        """Return the chunk rows of the papers, as a load reads them (``chunk_rows``)."""
        row = {pid: n for n, pid in enumerate(paper_ids)}
        paper_of = np.fromiter((row[c[1]] for c in self._chunks), np.int32, len(self._chunks))
        return ChunkRows(paper_of, len(paper_ids), vectors)

    def _fail(self, exc: OSError) -> None:
        if not self._failed:  # a read-only folder costs a read from Chroma next start
            log.warning("cannot keep the index's rows in %s: %s", self._cache, exc)
        self._failed = True

    def __enter__(self) -> Keeping:
        return self

    def __exit__(self, *exc: object) -> None:
        for file in self._files.values():
            file.close()
        shutil.rmtree(self._temporary, ignore_errors=True)


VECTOR_FILES = ("chunk_vectors", "sentence_vectors")


class VectorFile:
    """A float32 ``.npy`` matrix of ``DIMENSIONS`` columns, written a block of rows at a
    time: the header first, saying 0 rows, then the rows, then the header again.

    numpy pads a header with room for 21 digits of the first dimension
    (``GROWTH_AXIS_MAX_DIGITS``) so that it can be rewritten in place as rows are added.
    A file not closed says 0 rows, and a killed ingest's folder is never renamed into place.
    """

    def __init__(self, path: Path) -> None:
        self.rows = 0
        self._file = path.open("wb")
        self._header = self._write_header()

    def append(self, block: Vectors) -> None:
        """Append rows (float32, ``DIMENSIONS`` wide)."""
        if block.ndim != 2 or block.shape[1] != DIMENSIONS:
            raise ValueError(f"vectors of shape {block.shape}, not (rows, {DIMENSIONS})")
        self._file.write(np.ascontiguousarray(block, dtype=np.float32).tobytes())
        self.rows += len(block)

    def close(self) -> None:
        """Write the row count into the header and close; again is a no-op."""
        if self._file.closed:
            return
        try:
            self._file.seek(0)
            if self._write_header() != self._header:
                raise OSError(f"the .npy header of {self._file.name} changed length")
        finally:
            self._file.close()

    def _write_header(self) -> int:
        header = {"descr": "<f4", "fortran_order": False, "shape": (self.rows, DIMENSIONS)}
        np.lib.format.write_array_header_1_0(self._file, header)
        return self._file.tell()


def _sweep_torn(cache: Path) -> None:
    """Remove temporary folders whose writer is gone (``.<generation>.<pid>.tmp``): a
    process killed while keeping a generation leaves one (the ingest's is ~370 MB of
    vectors at 100k papers)."""
    if not cache.is_dir():
        return
    for folder in cache.glob(".*.tmp"):
        pid = folder.name.rsplit(".", 2)[-2]
        if pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        return True
    return True


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

    def paper(
        self, row: Mapping[str, Any], abstracts: Abstracts | None = None, at: int = 0
    ) -> Paper:
        """Return a paper from its stored fields, repeated values shared; its abstract is
        row ``at`` of ``abstracts``, or in the fields when there are none (format 4)."""
        values = dict(
            id=self(row["id"]),
            title=row["title"],
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
        if abstracts is None:
            return Paper(abstract=row["abstract"], **values)
        return kept_paper(abstracts, at, **values)


def _without_abstract(paper: Paper) -> dict[str, Any]:
    """Return a paper's fields as tables.json keeps them: its abstract is kept apart."""
    fields = asdict(paper)
    del fields["abstract"]
    return fields


def _take_abstracts_out(folder: Path, described: dict[str, Any]) -> None:
    """Rewrite a folder kept in format 4 as format 5 (atomically: the abstracts' files
    first, then tables.json), so that its next loads keep the abstracts off the heap; a
    failure only logs (it is read as format 4 again)."""

    def write(prefix: str) -> None:
        Abstracts.write(folder, (p.pop("abstract") for p in described["papers"]), prefix)
        rewritten = json.dumps({**described, "format": FORMAT})
        (folder / f"{prefix}tables.json").write_text(rewritten, encoding="utf-8")

    # tables.json last: it names the format
    failed = add_files(folder, (TEXT_FILE, OFFSETS_FILE, "tables.json"), write)
    if failed is not None:
        log.info("cannot rewrite %s without its abstracts: %s", folder, failed)
