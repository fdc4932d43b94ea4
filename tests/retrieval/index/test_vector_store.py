"""The Chroma adapter: errors translated in one place; a real ``chroma run`` on loopback
serves the same answers as the embedded store."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import IndexUnavailable
from retrieval.index import vector_store
from retrieval.index.embedding import Embedder
from retrieval.index.vector_store import VectorStore, translated
from tests.conftest import CORPUS, TEST_DATA, FakeEmbedder

QUESTIONS = [
    "which papers quantize LLMs to 4 bits?",
    "anything that targets FPGAs or evaluates on FPGA hardware?",
    "earthquake detection from seismic waveforms with deep learning",
    "stencil computations",
]


def test_chroma_errors_become_index_unavailable_with_their_cause() -> None:
    failed = pytest.raises(IndexUnavailable, match=r"^the vector search failed: boom$")
    with failed as error, translated("the vector search failed"):
        raise ValueError("boom")
    assert isinstance(error.value.__cause__, ValueError)


def test_an_index_folder_that_cannot_be_created_says_which(tmp_path: Path) -> None:
    blocker = tmp_path / "index"
    blocker.write_text("a file where the index folder should be")
    with pytest.raises(
        IndexUnavailable, match=f"cannot open the index folder {re.escape(str(blocker))}"
    ):
        VectorStore(ChromaSettings(path=blocker))


@pytest.fixture(scope="module")
def served(
    chroma_server: int, embedder: Embedder, tmp_path_factory: pytest.TempPathFactory
) -> ChromaSettings:
    """Ingest the bundled corpus into the server once; return how to reach it."""
    # The rows' cache is kept beside ``path``; the default is the project's own var/.
    local = tmp_path_factory.mktemp("served") / "index"
    remote = ChromaSettings(mode="http", host="127.0.0.1", port=chroma_server, path=local)
    report = Engine(RetrievalSettings(), remote, embedder).ingest([CORPUS])
    assert report.papers == 36 and not report.unchanged
    return remote


def test_server_mode_answers_like_embedded_mode(
    served: ChromaSettings, engine: Engine, embedder: Embedder
) -> None:
    there_engine = Engine(RetrievalSettings(), served, embedder)
    for question in QUESTIONS:
        here, there = engine.ask(question), there_engine.ask(question)
        assert here.abstained == there.abstained
        assert [r.paper.title for r in here.results] == [r.paper.title for r in there.results]
        assert [r.paper.title for r in here.closest] == [r.paper.title for r in there.closest]
        for a, b in zip(here.results, there.results, strict=True):
            assert a.score == pytest.approx(b.score, abs=1e-3)
            assert a.snippet == b.snippet
    assert there_engine.author("hoefler") == engine.author("hoefler")


def test_a_second_process_reads_the_servers_index(
    served: ChromaSettings, embedder: Embedder
) -> None:
    other = Engine(RetrievalSettings(), served, embedder)  # no ingest: BM25 rebuilt from Chroma
    assert other.is_current([CORPUS])
    assert other.ask("ternary GPT weights").results[0].paper.title.startswith("GPTQ")


def test_reading_the_index_pages_every_get_so_no_call_outgrows_sqlite(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 10k papers one unpaged get() bound ~75k ids and SQLite refused it; pages of 7
    rows over the 36-paper corpus take that path without a huge corpus."""
    from chromadb.api.models.Collection import Collection

    monkeypatch.setattr(vector_store, "ROWS_PER_READ", 7)
    monkeypatch.setattr(vector_store, "IDS_PER_GET", 5)
    calls: list[dict[str, Any]] = []
    original = Collection.get

    def spied(self: Collection, *args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Collection, "get", spied)
    paged = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path), fake_embedder)
    assert paged.ingest([CORPUS]).chunks == 92
    # One more paper: the 378 stored vectors are read back by id, 5 ids a call.
    assert paged.ingest([CORPUS, TEST_DATA / "extra.jsonl"]).reused == 92 + 286
    paged.reload()  # reads papers, chunks and sentences back in pages of 7
    assert calls and all(
        len(call.get("ids") or ()) <= 5 and (call.get("ids") or call.get("limit", 10**9) <= 7)
        for call in calls
    )
    monkeypatch.setattr(vector_store, "ROWS_PER_READ", 10**6)
    whole = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path), fake_embedder)
    here, there = paged.searcher.index, whole.searcher.index
    assert list(here.papers) == list(there.papers) and here.chunks == there.chunks
    assert np.array_equal(here.chunk_vectors, there.chunk_vectors)
    assert here.sentence_vectors.keys() == there.sentence_vectors.keys()
    assert sum(len(v) for v in here.sentence_vectors.values()) == 289
    for pid, vectors in here.sentence_vectors.items():
        assert np.array_equal(vectors, there.sentence_vectors[pid])
    for question in QUESTIONS:
        assert paged.ask(question).results == whole.ask(question).results


def test_new_collections_search_with_the_configured_ef(tmp_path: Path) -> None:
    store = VectorStore(ChromaSettings(path=tmp_path, ef_search=37))
    rows = vector_store.Records(["a"], ["text"], [{"k": 1}], np.ones((1, 384), np.float32))
    store.write("g1", "chunks", rows)
    configuration = store._collection("g1", "chunks").configuration
    assert configuration["hnsw"]["ef_search"] == 37
    assert configuration["hnsw"]["space"] == "cosine"


def test_a_reopened_store_still_reads_and_writes_what_it_held(tmp_path: Path) -> None:
    store = VectorStore(ChromaSettings(path=tmp_path))
    vectors = np.eye(2, 384, dtype=np.float32)
    store.write("g1", "chunks", vector_store.Records(["a", "b"], [], [{"k": 1}, {"k": 2}], vectors))
    store.reopen()  # an ingest gives the memory of its batches back before keeping them
    row = vector_store.Records(["c"], [], [{"k": 3}], np.eye(1, 384, 2, dtype=np.float32))
    store.append("g1", "chunks", row)
    assert store.ids_in("g1", "chunks", ["a", "b", "c"]) == {"a", "b", "c"}
    assert [hit for hit, _ in store.query("g1", "chunks", vectors[1], 1)] == ["b"]
