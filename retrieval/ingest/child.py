"""Run an ingest in a spawned child process, so the memory chromadb keeps goes with it.

chromadb 1.5's Rust bindings keep memory for every collection a process writes, even
after the collection is deleted and the client closed (chroma-core/chroma#3296; a
chromadb-only loop of create, add 1,200 records, delete grows RSS 10 MB a round, and
``malloc_trim`` does not give it back). A bot that reindexes grew 20-25 MB per reindex
(``python -m bench.load --soak 330 --reindexes 5``). Loading an index leaks nothing, so
a long-running process writes its reindexes from a child: the child loads the model
(about 2 s), takes the ingest lock, writes the new generation and exits; the parent
then only reloads.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from pathlib import Path

from retrieval import errors
from retrieval.config import ChromaSettings, Precision, RetrievalSettings
from retrieval.index.embedding import Embedder
from retrieval.index.vector_store import VectorStore
from retrieval.ingest import building
from retrieval.ingest.arxiv_snapshot import SnapshotFilter
from retrieval.ingest.building import IngestReport
from retrieval.ingest.corpus import load_corpus

Outcome = tuple[str, IngestReport | str]  # ("ok", report) or (error class name, message)


def ingest_in_child(
    model: tuple[Path, Precision],
    retrieval: RetrievalSettings,
    chroma: ChromaSettings,
    paths: Sequence[Path],
    *,
    strict: bool = False,
    snapshot: SnapshotFilter | None = None,
) -> IngestReport:
    """Ingest ``paths`` from a spawned child that loads ``model`` (folder, precision)."""
    context = multiprocessing.get_context("spawn")  # fork would copy Chroma's threads
    with context.Pool(1) as pool:
        kind, value = pool.apply(_ingest, (model, retrieval, chroma, list(paths), strict, snapshot))
    if isinstance(value, IngestReport):
        return value
    error = getattr(errors, kind, None)
    if not (isinstance(error, type) and issubclass(error, errors.PapercordError)):
        error = errors.IndexUnavailable
    raise error(str(value))


def _ingest(
    model: tuple[Path, Precision],
    retrieval: RetrievalSettings,
    chroma: ChromaSettings,
    paths: list[Path],
    strict: bool,
    snapshot: SnapshotFilter | None,
) -> Outcome:
    try:
        corpus = load_corpus(paths, strict=strict, snapshot=snapshot)
        store = VectorStore(chroma)
        embedder = Embedder(model[0], precision=model[1])
        report = building.ingest(corpus, store, embedder, retrieval, cache=chroma.cache)
        store.close()
        return "ok", report
    except errors.NotFoundError as exc:  # its suggestions do not survive pickling; keep it plain
        return "IndexUnavailable", str(exc)
    except errors.PapercordError as exc:
        return type(exc).__name__, str(exc)
