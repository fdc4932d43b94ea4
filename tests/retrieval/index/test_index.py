"""The Chroma-backed index: embeddings reused, atomic switches, BM25 rebuilt on load.

These run on the fake embedder: what they check does not depend on the model's vectors.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.errors import CorpusError, IndexUnavailable
from retrieval.index import loaded as index_module
from retrieval.index.embedding import Embedder
from retrieval.index.vector_store import Records, VectorStore
from retrieval.ingest import building
from retrieval.models import Chunk
from tests.conftest import TEST_DATA, FakeEmbedder


def test_reingesting_unchanged_papers_does_no_work(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    first = engine.ingest([corpus_files])
    assert first.embedded == first.chunks + first.sentences and not first.unchanged  # <= limit
    calls = engine.embedder.calls
    again = engine.ingest([corpus_files])
    assert again.unchanged and again.embedded == 0 and engine.embedder.calls == calls
    assert engine.is_current([corpus_files])


def test_adding_a_paper_embeds_only_that_paper(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([corpus_files])
    shutil.copy(TEST_DATA / "extra.jsonl", corpus_files / "extra.jsonl")
    report = engine.ingest([corpus_files])
    # Only "Difference Engines for Tide Tables" is new: one chunk, one sentence.
    assert (report.embedded, report.papers) == (2, 4)
    assert not engine.is_current([corpus_files / "lovelace_page3.txt"])


def test_bad_input_half_way_leaves_the_previous_index_serving(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([corpus_files])
    before = engine.ask("Bernoulli numbers on punched cards")
    (corpus_files / "broken.txt").write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(CorpusError, match="not UTF-8"):
        engine.ingest([corpus_files])
    (corpus_files / "broken.txt").unlink()
    shutil.copy(TEST_DATA / "extra.jsonl", corpus_files / "extra.jsonl")
    real_append = VectorStore.append

    def crash_on_papers(self: VectorStore, generation: str, kind: str, records: object) -> None:
        if kind == "papers":
            raise RuntimeError("simulated crash half-way through a build")
        real_append(self, generation, kind, records)  # type: ignore[arg-type]

    monkeypatch.setattr(VectorStore, "append", crash_on_papers)
    with pytest.raises(RuntimeError, match="half-way"):
        engine.ingest([corpus_files])
    monkeypatch.undo()
    reopened = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    after = reopened.ask("Bernoulli numbers on punched cards")
    assert [r.paper.title for r in after.results] == [r.paper.title for r in before.results]
    assert len(reopened.searcher.index.papers) == 3  # the new paper is not half-there


def test_index_loads_bm25_from_chroma_documents(fake_engine: Engine) -> None:
    store = fake_engine.store
    loaded = index_module.load(store)
    assert len(loaded.papers) == 36 and len(loaded.chunks) == store.count(
        loaded.generation, "chunks"
    )
    assert loaded.bm25.size == len(loaded.chunks)
    assert loaded.chunk_vectors.shape == (len(loaded.chunks), 384)


def test_bm25_scores_documents_holding_the_query_stems() -> None:
    bm25 = index_module.BM25([["quantiz", "gpt"], ["graph", "neural"], ["graph", "databas"]])
    assert bm25.size == 3
    scores = bm25.scores(["quantiz"])
    assert scores[0] > 0 and scores[1] == scores[2] == 0
    assert bm25.idf["quantiz"] > bm25.idf["graph"]  # the rarer stem weighs more


def test_an_index_built_with_another_model_is_refused_with_how_to_rebuild(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    Engine(RetrievalSettings(), chroma, fake_embedder).ingest([corpus_files])
    other = FakeEmbedder()
    other._sha256 = "0" * 64  # as if int8 were chosen after an fp32 ingest
    with pytest.raises(IndexUnavailable, match=r"built with the model .* run `papercord ingest`"):
        Engine(RetrievalSettings(), chroma, other).ask("Bernoulli numbers")
    rebuilt = Engine(RetrievalSettings(), chroma, other)
    assert rebuilt.ingest([corpus_files]).embedded > 0 and rebuilt.ask("Bernoulli numbers").results


def test_an_index_written_before_texts_left_the_documents_loads_the_same(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Indexes built before held each paper's abstract and each chunk's text as Chroma
    documents; read back, they give the same papers, chunks and answers."""
    question = "which papers quantize LLMs to 4 bits?"
    now = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "now"), fake_embedder)
    now.ingest([corpus_files])
    papers, chunks = building._paper_records, building._chunk_records

    def papers_as_before(*args: Any) -> Records:
        records = papers(*args)
        return replace(records, documents=[meta.pop("abstract") for meta in records.metadatas])

    def chunks_as_before(found: list[Chunk], *args: Any) -> Records:
        return replace(chunks(found, *args), documents=[c.text for c in found])

    monkeypatch.setattr(building, "_paper_records", papers_as_before)
    monkeypatch.setattr(building, "_chunk_records", chunks_as_before)
    chroma = ChromaSettings(path=tmp_path / "before")
    Engine(RetrievalSettings(), chroma, fake_embedder).ingest([corpus_files])
    stored = VectorStore(chroma).read(now.searcher.index.generation, "papers")
    assert stored.documents[0] and "abstract" not in stored.metadatas[0]  # the old layout
    shutil.rmtree(chroma.cache)  # so the load reads Chroma
    before = Engine(RetrievalSettings(), chroma, fake_embedder)
    assert before.searcher.index.papers == now.searcher.index.papers
    assert before.searcher.index.chunks == now.searcher.index.chunks
    assert before.ask(question).results == now.ask(question).results


def test_an_index_moved_with_its_corpus_to_another_folder_is_still_current(
    fake_embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    built = tmp_path / "src"
    built.mkdir()
    shutil.copytree(corpus_files, built / "pages")
    Engine(RetrievalSettings(), ChromaSettings(path=built / "index"), fake_embedder).ingest(
        [built / "pages"]
    )
    moved = tmp_path / "app"  # as the image builds in /src and runs in /app
    shutil.copytree(built, moved)
    shutil.rmtree(built)
    engine = Engine(RetrievalSettings(), ChromaSettings(path=moved / "index"), fake_embedder)
    assert engine.is_current([moved / "pages"])
    report = engine.ingest([moved / "pages"])
    assert report.unchanged and report.embedded == report.reused == 0
    (moved / "pages" / "lovelace_page3.txt").rename(moved / "pages" / "renamed.txt")
    assert not engine.is_current([moved / "pages"])  # a renamed file still changes it
