"""Adapter around Chroma: the only module that sees chromadb's types.

Each index build is a *generation* of three collections (chunks, papers, sentences) named
``<prefix>-<generation>-<kind>``. A small ``<prefix>-meta`` collection's metadata names
the active generation; switching it is one metadata write, so a crash or a bad input
half-way through a build leaves the previous generation serving. One ingest at a time
holds ``ingest_lock`` (see ``retrieval.index.locking``); dropped generations give their disk
space back (see ``retrieval.index.chroma_gc``).

chromadb raises many unrelated exception types (its own, ValueError, sqlite's, httpx's);
``translated`` is the one place they become ``IndexUnavailable``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from retrieval.config import ChromaSettings
from retrieval.errors import IndexUnavailable
from retrieval.index import chroma_gc, locking
from retrieval.index.embedding import DIMENSIONS, Vectors
from retrieval.index.memory import trim_free_memory

log = logging.getLogger(__name__)

KINDS = ("chunks", "papers", "sentences")
# Sentence vectors are read by id, never searched by similarity, so their HNSW graph is
# built cheaply: adding 20k vectors took 13.7 s of CPU with Chroma's defaults, 4.5 s so,
# and an ingest's writes take that time from the model on the other core.
UNSEARCHED_GRAPH = {"ef_construction": 16, "max_neighbors": 8}
# SQLite refuses a statement with more than 32,766 variables; Chroma's get(ids=...) binds
# one per id, so 33,000 ids fail. 5,000 per call stays far below on any SQLite build.
IDS_PER_GET = 5000
# A get() without ids is paged too: Chroma reads a whole collection's metadata with one
# "id IN (...)" per call, and 75k sentences at 10k papers failed that way. 5,000 rows of
# 384 float32 are 7.7 MB per page, so reading the index holds one page extra at most.
ROWS_PER_READ = 5000
LOCK_TIMEOUT = 1800.0  # seconds a second ingest waits for the first before giving up


@dataclass(frozen=True)
class Records:
    """Rows of one collection: ids, documents, metadata and vectors, aligned."""

    ids: list[str]
    documents: list[str]  # empty: none stored (text Chroma would index for full-text search)
    metadatas: list[dict[str, Any]]
    vectors: Vectors


@contextmanager
def translated(failure: str) -> Iterator[None]:
    """Raise any chromadb error in the block as ``IndexUnavailable("<failure>: <error>")``."""
    try:
        yield
    except IndexUnavailable:
        raise
    except Exception as exc:
        raise IndexUnavailable(f"{failure}: {exc}") from exc


class VectorStore:
    """Chroma collections for one papercord deployment."""

    def __init__(self, settings: ChromaSettings) -> None:
        self.prefix = settings.prefix
        self.settings = settings
        self._client = self._open()
        self._cache: dict[str, Any] = {}

    def _open(self) -> Any:
        import chromadb
        from chromadb.config import Settings

        settings = self.settings
        chroma_settings = Settings(anonymized_telemetry=False, allow_reset=False)
        where = (
            f"the Chroma server at {settings.host}:{settings.port}"
            if settings.mode == "http"
            else f"the index folder {settings.path}"
        )
        with translated(f"cannot open {where}"):
            if settings.mode == "http":
                return chromadb.HttpClient(
                    host=settings.host,
                    port=settings.port,
                    ssl=settings.ssl,
                    settings=chroma_settings,
                )
            settings.path.mkdir(parents=True, exist_ok=True)
            with locking.opening(settings.path):
                return chromadb.PersistentClient(path=str(settings.path), settings=chroma_settings)

    def reopen(self) -> None:
        """Close the embedded client and open it again, giving its memory back.

        An embedded client holds every collection written in memory (the HNSW graph and
        its vectors, about 3 KB a vector) until it closes: 0.75 GB after a 100k-paper
        ingest's batches, held while the ingest writes its cache files. Closed, and the
        freed heap returned (``trim_free_memory``), 60k vectors' 198 MB went down to 56 MB.
        """
        if self.settings.mode == "http":
            return  # the server holds them, not this process
        self.close()
        trim_free_memory()
        self._client = self._open()

    def close(self) -> None:
        """Release the Chroma client (its memory and open files); the store is then unusable."""
        self._cache.clear()
        close = getattr(self._client, "close", None)  # chromadb >= 1.1
        try:
            if close is not None:
                close()
        except Exception:  # a copy whose folder is gone; nothing is left to release
            log.debug("closing the Chroma client failed", exc_info=True)

    def _name(self, generation: str, kind: str) -> str:
        return f"{self.prefix}-{generation}-{kind}"

    def _meta(self) -> Any:
        return self._client.get_or_create_collection(f"{self.prefix}-meta", embedding_function=None)

    def active(self) -> tuple[str, dict[str, Any]] | None:
        """Return the active generation and its manifest, or None before the first build."""
        with translated("cannot read the index"):
            metadata = self._meta().metadata or {}
        generation = metadata.get("active")
        if not generation:
            return None
        return str(generation), json.loads(str(metadata.get("manifest", "{}")))

    def _collection(self, generation: str, kind: str, *, create: bool = False) -> Any:
        name = self._name(generation, kind)
        if name in self._cache and not create:
            return self._cache[name]
        with translated(f"the index collection {name} is missing or broken"):
            if create:
                hnsw = {"space": "cosine", "ef_search": self.settings.ef_search}
                if kind == "sentences":
                    hnsw |= UNSEARCHED_GRAPH
                collection = self._client.create_collection(
                    name, configuration={"hnsw": hnsw}, embedding_function=None
                )
            else:
                collection = self._client.get_collection(name, embedding_function=None)
        self._cache[name] = collection
        return collection

    def write(self, generation: str, kind: str, records: Records, batch: int = 512) -> None:
        """Create a collection of this generation and add every record to it."""
        self.drop(generation, kinds=(kind,))
        self._collection(generation, kind, create=True)
        self.append(generation, kind, records, batch)

    def append(self, generation: str, kind: str, records: Records, batch: int = 512) -> None:
        """Add records to a collection of this generation, creating it when missing.

        Each call is one or more committed writes: an ingest killed between two calls
        finds the records of the first one stored (``ids_in``) and goes on from there.
        """
        if not records.ids:
            return
        if not self.has(generation, kind):
            self._collection(generation, kind, create=True)
        collection = self._collection(generation, kind)
        for begin in range(0, len(records.ids), batch):
            end = begin + batch
            with translated(f"cannot write the {kind} of the index"):  # e.g. the disk is full
                collection.add(
                    ids=records.ids[begin:end],
                    documents=records.documents[begin:end] if records.documents else None,
                    metadatas=records.metadatas[begin:end],
                    embeddings=records.vectors[begin:end],
                )

    def activate(self, generation: str, manifest: Mapping[str, Any]) -> None:
        """Point readers at a fully written generation; one metadata write."""
        with translated("cannot switch the index to its new generation"):
            self._meta().modify(metadata={"active": generation, "manifest": json.dumps(manifest)})

    def generations(self) -> set[str]:
        """Return every generation with at least one collection in the store."""
        found = set()
        with translated("cannot list the index's collections"):
            collections = self._client.list_collections()
        for collection in collections:
            name = collection.name if hasattr(collection, "name") else str(collection)
            parts = name.split("-")
            if name.startswith(f"{self.prefix}-") and len(parts) >= 3 and parts[-1] in KINDS:
                found.add(parts[-2])
        return found

    def drop(self, generation: str, kinds: Sequence[str] = KINDS) -> None:
        """Delete a generation's collections, ignoring those that do not exist."""
        for kind in kinds:
            name = self._name(generation, kind)
            self._cache.pop(name, None)
            try:
                self._client.delete_collection(name)
            except Exception:  # not found: nothing to delete
                log.debug("no collection %s to delete", name)

    def read(self, generation: str, kind: str) -> Records:
        """Return every record of a collection, vectors included."""
        collection = self._collection(generation, kind)
        ids: list[str] = []
        documents: list[str] = []
        metadatas: list[dict[str, Any]] = []
        pages: list[Vectors] = []
        while True:
            with translated(f"cannot read the {kind} of the index"):
                got = collection.get(
                    include=["documents", "metadatas", "embeddings"],
                    limit=ROWS_PER_READ,
                    offset=len(ids),
                )
            ids += got["ids"]
            documents += [document or "" for document in got["documents"]]
            metadatas += got["metadatas"]
            pages.append(np.asarray(got["embeddings"], dtype=np.float32).reshape(-1, _width(got)))
            if len(got["ids"]) < ROWS_PER_READ:
                break
        return Records(ids, documents, metadatas, np.concatenate(pages))

    def vectors_for(self, generation: str, kind: str, ids: Sequence[str]) -> dict[str, Vectors]:
        """Return the stored vectors of the given ids that exist in a generation."""
        if not ids:
            return {}
        try:
            collection = self._collection(generation, kind)
        except IndexUnavailable:
            return {}
        found: dict[str, Vectors] = {}
        for begin in range(0, len(ids), IDS_PER_GET):
            batch = list(ids[begin : begin + IDS_PER_GET])
            with translated("cannot read stored vectors of the index"):
                got = collection.get(ids=batch, include=["embeddings"])
            vectors = np.asarray(got["embeddings"], dtype=np.float32).reshape(-1, _width(got))
            found.update(zip(got["ids"], vectors, strict=True))
        return found

    def ids_in(self, generation: str, kind: str, ids: Sequence[str]) -> set[str]:
        """Return which of the ids a generation's collection already holds."""
        if not ids or not self.has(generation, kind):
            return set()
        collection = self._collection(generation, kind)
        found: set[str] = set()
        for begin in range(0, len(ids), IDS_PER_GET):
            with translated("cannot read the index"):
                got = collection.get(ids=list(ids[begin : begin + IDS_PER_GET]), include=[])
            found.update(got["ids"])
        return found

    @contextmanager
    def ingest_lock(
        self, say: Callable[[str], None] = log.warning, timeout: float = LOCK_TIMEOUT
    ) -> Iterator[None]:
        """Hold the lock that lets one ingest at a time write this index."""
        if self.settings.mode == "http":
            name = f"{self.prefix}-ingest-lock"
            with locking.collection_lock(self._client, name, timeout, say):
                yield
        else:
            with locking.file_lock(self.settings.path / "ingest.lock", timeout, say):
                yield

    def collect_garbage(self) -> None:
        """Give back the disk space of dropped generations (embedded folders only).

        A Chroma server's folder is the server's: run ``chroma vacuum`` there.
        """
        if self.settings.mode == "embedded":
            freed = chroma_gc.collect(self.settings.path)
            if freed:
                log.info("reclaimed %.1f MB of index disk space", freed / 1e6)

    def query(
        self,
        generation: str,
        kind: str,
        vector: Vectors,
        n: int,
        where: Mapping[str, Any] | None = None,
    ) -> list[tuple[str, float]]:
        """Return up to n (id, cosine similarity) pairs nearest to a vector, best first."""
        collection = self._collection(generation, kind)
        with translated("the vector search failed"):
            got = collection.query(
                query_embeddings=[vector],
                n_results=n,
                where=dict(where) if where else None,
                include=["distances"],
            )
        # Chroma's cosine space returns distance = 1 - cosine similarity.
        return [
            (id_, 1.0 - float(d)) for id_, d in zip(got["ids"][0], got["distances"][0], strict=True)
        ]

    def has(self, generation: str, kind: str) -> bool:
        """Return True when the generation has a collection of this kind."""
        name = self._name(generation, kind)
        with translated("cannot list the index's collections"):
            collections = self._client.list_collections()
        return any(getattr(c, "name", c) == name for c in collections)

    def count(self, generation: str, kind: str) -> int:
        """Return how many records a collection holds."""
        return int(self._collection(generation, kind).count())


def _width(got: Mapping[str, Any]) -> int:
    embeddings = got.get("embeddings")
    return len(embeddings[0]) if embeddings is not None and len(embeddings) else DIMENSIONS
