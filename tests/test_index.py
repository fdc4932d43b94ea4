"""Chunking, embedding and the Chroma-backed index: reuse, atomic switches, loading."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import numpy as np
import pytest

from retrieval import index as index_module
from retrieval.chunking import chunk_paper, count_tokens, encoding
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.corpus import load_corpus
from retrieval.embedding import Embedder
from retrieval.engine import Engine
from retrieval.errors import CorpusError, ModelError
from retrieval.vector_store import VectorStore
from tests.conftest import CORPUS, TEST_DATA


def test_tiktoken_encoding_is_loaded_offline_and_hash_checked(tmp_path: Path) -> None:
    assert encoding().name == "cl100k_base"
    assert count_tokens("quantize GPT models to 4 bits") == len(
        encoding().encode("quantize GPT models to 4 bits")
    )
    broken = tmp_path / "cl100k_base.tiktoken"
    broken.write_bytes(b"not the encoding")
    with pytest.raises(ModelError, match=r"Restore data/cl100k_base\.tiktoken"):
        encoding.__wrapped__(broken)


@pytest.mark.parametrize(("size", "overlap"), [(32, 8), (64, 16), (128, 32), (256, 0)])
def test_chunks_are_verbatim_bounded_windows_with_overlap(size: int, overlap: int) -> None:
    for paper in load_corpus([CORPUS]).papers:
        chunks = chunk_paper(paper, size, overlap)
        assert chunks and all(c.tokens <= size for c in chunks)
        assert all(paper.abstract[c.start : c.end] == c.text for c in chunks)
        assert chunks[0].start == 0 and chunks[-1].end == len(paper.abstract)
        for before, after in itertools.pairwise(chunks):
            # Windows overlap or meet at a sentence boundary: no text falls between them.
            assert paper.abstract[before.end : after.start].strip() == ""
        assert all(c.embedding_text(paper.title).startswith(paper.title) for c in chunks)


def test_chunk_ids_depend_only_on_content() -> None:
    paper = load_corpus([CORPUS]).papers[0]
    first = [c.id for c in chunk_paper(paper, 128, 32)]
    assert first == [c.id for c in chunk_paper(paper, 128, 32)]
    assert len(set(first)) == len(first)
    assert first != [c.id for c in chunk_paper(paper, 128, 32, salt="another model")]


def test_paper_without_abstract_gets_a_title_chunk() -> None:
    paper = next(p for p in load_corpus([TEST_DATA]).papers if not p.abstract)
    (chunk,) = chunk_paper(paper, 128, 32)
    assert chunk.text == "" and chunk.embedding_text(paper.title) == paper.title


def test_short_query_is_not_padded(embedder: Embedder) -> None:
    alone = embedder.embed_one("ternary GPT weights")
    with_long = embedder.embed(["ternary GPT weights", "performance " * 200])[0]
    assert float(np.dot(alone, with_long)) > 0.9999  # padding does not change a vector
    assert abs(float(np.linalg.norm(alone)) - 1.0) < 1e-5


def test_reingesting_unchanged_papers_does_no_work(
    embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), embedder)
    first = engine.ingest([corpus_files])
    assert first.embedded == first.chunks + first.sentences and not first.unchanged
    calls = engine.embedder.calls
    again = engine.ingest([corpus_files])
    assert again.unchanged and again.embedded == 0 and engine.embedder.calls == calls
    assert engine.is_current([corpus_files])


def test_adding_a_paper_embeds_only_that_paper(
    embedder: Embedder, tmp_path: Path, corpus_files: Path
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), embedder)
    engine.ingest([corpus_files])
    shutil.copy(TEST_DATA / "extra.jsonl", corpus_files / "extra.jsonl")
    report = engine.ingest([corpus_files])
    # Only "Difference Engines for Tide Tables" is new: one chunk, one sentence.
    assert (report.embedded, report.papers) == (2, 4)
    assert not engine.is_current([corpus_files / "lovelace_page3.txt"])


def test_bad_input_half_way_leaves_the_previous_index_serving(
    embedder: Embedder, tmp_path: Path, corpus_files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), embedder)
    engine.ingest([corpus_files])
    before = engine.ask("Bernoulli numbers on punched cards")
    (corpus_files / "broken.txt").write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(CorpusError, match="not UTF-8"):
        engine.ingest([corpus_files])
    (corpus_files / "broken.txt").unlink()
    shutil.copy(TEST_DATA / "extra.jsonl", corpus_files / "extra.jsonl")
    real_write = VectorStore.write

    def crash_on_papers(self: VectorStore, generation: str, kind: str, records: object) -> None:
        if kind == "papers":
            raise RuntimeError("simulated crash half-way through a build")
        real_write(self, generation, kind, records)  # type: ignore[arg-type]

    monkeypatch.setattr(VectorStore, "write", crash_on_papers)
    with pytest.raises(RuntimeError, match="half-way"):
        engine.ingest([corpus_files])
    monkeypatch.undo()
    reopened = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), embedder)
    after = reopened.ask("Bernoulli numbers on punched cards")
    assert [r.paper.title for r in after.results] == [r.paper.title for r in before.results]
    assert len(reopened.searcher.index.papers) == 3  # the new paper is not half-there


def test_index_loads_bm25_from_chroma_documents(engine: Engine) -> None:
    store = engine.store
    loaded = index_module.load(store)
    assert len(loaded.papers) == 36 and len(loaded.chunks) == store.count(
        loaded.generation, "chunks"
    )
    assert loaded.bm25.size == len(loaded.chunks)
    assert loaded.paper_vectors.shape == (36, 384)
