"""A generation is read from Chroma once, then from the local files it was kept in."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index import cache as index_cache
from retrieval.index.embedding import DIMENSIONS
from retrieval.index.vector_store import VectorStore
from retrieval.models import Paper
from tests.conftest import CORPUS, FakeEmbedder

QUESTIONS = ["which papers quantize LLMs to 4 bits?", "graph neural networks on FPGAs"]


def _answers(engine: Engine) -> list[list[tuple[str, float, str]]]:
    return [
        [(r.paper.id, r.score, r.snippet.text) for r in engine.ask(q).results + engine.ask(q).more]
        for q in QUESTIONS
    ]


def test_a_restart_answers_the_same_without_reading_chroma(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    first = Engine(RetrievalSettings(), chroma, fake_embedder)
    first.ingest([CORPUS])
    expected = _answers(first)
    generation = first.searcher.index.generation
    assert (tmp_path / "index-cache" / generation / "tables.json").is_file()

    def refuse(*args: object) -> None:
        raise AssertionError("the generation was read from Chroma again")

    monkeypatch.setattr(VectorStore, "read", refuse)
    restarted = Engine(RetrievalSettings(), chroma, fake_embedder)
    assert _answers(restarted) == expected
    index = restarted.searcher.index
    assert list(index.papers.values()) == list(first.searcher.index.papers.values())
    assert index.chunks == first.searcher.index.chunks
    np.testing.assert_array_equal(index.chunk_vectors, first.searcher.index.chunk_vectors)
    assert index.sentence_vectors.keys() == first.searcher.index.sentence_vectors.keys()
    for loaded in (first.searcher.index, index):  # read from Chroma, then from the cache
        names = [name for paper in loaded.papers.values() for name in paper.authors]
        assert len({id(name) for name in names}) == len(set(names)) < len(names)
    # Read from the cache, a chunk holds its paper's own id string, not a copy of it.
    assert all(c.paper_id is index.papers[c.paper_id].id for c in index.chunks)


def test_the_ingest_keeps_what_a_load_from_chroma_would_keep(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    built = Engine(RetrievalSettings(), chroma, fake_embedder)
    with monkeypatch.context() as patched:
        patched.setattr(VectorStore, "read", _refuse)  # the first load reads the kept files
        built.ingest([CORPUS])
    generation = built.searcher.index.generation
    shutil.move(chroma.cache / generation, tmp_path / "kept-by-ingest")
    read = Engine(RetrievalSettings(), chroma, fake_embedder)  # reads Chroma, keeps again
    assert _answers(read) == _answers(built)
    ours, theirs = tmp_path / "kept-by-ingest", chroma.cache / generation
    assert sorted(p.name for p in ours.iterdir()) == sorted(p.name for p in theirs.iterdir())
    for path in ours.iterdir():
        other = theirs / path.name
        if path.suffix == ".json":
            assert json.loads(path.read_text()) == json.loads(other.read_text()), path.name
            continue
        if path.suffix == ".txt":
            assert path.read_bytes() == other.read_bytes(), path.name
            continue
        if path.name.endswith("_vectors.npy"):  # Chroma renormalizes what it stores
            np.testing.assert_allclose(np.load(path), np.load(other), atol=1e-7)
            continue
        if path.name in ("chunk_int8.npy", "chunk_scales.npy"):  # so their int8 may round
            mine, read_back = np.load(path).astype(np.float64), np.load(other)
            np.testing.assert_allclose(mine, read_back, rtol=1e-6, atol=1, err_msg=path.name)
            continue
        if path.suffix == ".npy":
            np.testing.assert_array_equal(np.load(path), np.load(other), err_msg=path.name)
            continue
        with np.load(path) as mine, np.load(other) as read_back:
            assert mine.files == read_back.files, path.name
            for key in mine.files:
                np.testing.assert_array_equal(mine[key], read_back[key], err_msg=key)


def _refuse(*args: object) -> None:
    raise AssertionError("the generation was read from Chroma")


@pytest.mark.parametrize(
    "torn",
    ["chunk_vectors.npy", "terms.npz", "terms_pairs_values.npy", "abstracts.txt"],
)
def test_a_torn_cache_is_read_from_chroma_again_and_replaced(
    fake_embedder: FakeEmbedder, indexed_copy: Path, torn: str
) -> None:
    tmp_path = indexed_copy  # the pages, their index, and the files the ingest kept
    chroma = ChromaSettings(path=tmp_path / "index")
    first = Engine(RetrievalSettings(), chroma, fake_embedder)
    expected = _answers(first)
    kept = tmp_path / "index-cache" / first.searcher.index.generation
    with (kept / torn).open("r+b") as handle:
        handle.truncate(1000)  # a disk that filled up half-way, say
    assert not _kept(tmp_path / "index-cache", first)
    assert _answers(Engine(RetrievalSettings(), chroma, fake_embedder)) == expected
    assert _kept(tmp_path / "index-cache", first)  # kept again, whole, for the next start


def test_a_folder_kept_with_its_abstracts_inside_is_read_then_rewritten_without(
    fake_embedder: FakeEmbedder, indexed_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = _kept_as_format_4(fake_embedder, indexed_copy)
    monkeypatch.setattr(VectorStore, "read", _refuse)
    upgraded = Engine(RetrievalSettings(), old.chroma, fake_embedder)
    assert _answers(upgraded) == old.answers
    assert json.loads((old.kept / "tables.json").read_text()) == old.described  # format 5
    again = Engine(RetrievalSettings(), old.chroma, fake_embedder)
    assert list(again.searcher.index.papers.values()) == old.papers
    assert _answers(again) == old.answers
    assert not [p.name for p in old.kept.iterdir() if p.name.startswith(".")]


def test_a_folder_that_cannot_be_rewritten_is_read_and_left_as_it_was(
    fake_embedder: FakeEmbedder, indexed_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = _kept_as_format_4(fake_embedder, indexed_copy)
    write_text = Path.write_text

    def full(path: Path, *args: object, **kwargs: object) -> int:
        if path.name.startswith("."):
            raise OSError(28, "No space left on device")
        return write_text(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", full)
    monkeypatch.setattr(VectorStore, "read", _refuse)
    assert _answers(Engine(RetrievalSettings(), old.chroma, fake_embedder)) == old.answers
    assert not [p.name for p in old.kept.iterdir() if p.name.startswith(".")]  # none left
    assert json.loads((old.kept / "tables.json").read_text())["format"] == 4


class Format4(NamedTuple):
    """An indexed copy whose generation folder was rewritten as format 4 kept it."""

    chroma: ChromaSettings
    answers: list[list[tuple[str, float, str]]]  # as the index answered before the rewrite
    papers: list[Paper]
    kept: Path  # the generation's folder
    described: dict[str, Any]  # its tables.json as format 5 has it


def _kept_as_format_4(embedder: FakeEmbedder, indexed_copy: Path) -> Format4:
    """Serve an indexed copy once, then rewrite its generation's folder as format 4 kept
    it: the abstracts inside tables.json, no abstracts files."""
    chroma = ChromaSettings(path=indexed_copy / "index")
    first = Engine(RetrievalSettings(), chroma, embedder)
    answers, papers = _answers(first), list(first.searcher.index.papers.values())
    kept = indexed_copy / "index-cache" / first.searcher.index.generation
    described: dict[str, Any] = json.loads((kept / "tables.json").read_text())
    rows = zip(described["papers"], papers, strict=True)
    inside = [{**row, "abstract": paper.abstract} for row, paper in rows]
    (kept / "tables.json").write_text(json.dumps({**described, "format": 4, "papers": inside}))
    for name in ("abstracts.txt", "abstracts.npy"):
        (kept / name).unlink()
    return Format4(chroma, answers, papers, kept, described)


def _kept(cache: Path, engine: Engine) -> bool:
    index = engine.searcher.index
    tables = index_cache.read(cache, index.generation)
    return tables is not None and bool(
        index_cache.read_terms(cache, index.generation, len(index.papers))
    )


def test_an_unwritable_cache_still_serves(fake_embedder: FakeEmbedder, tmp_path: Path) -> None:
    (tmp_path / "index-cache").write_text("a file where the folder would be")
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([CORPUS])
    assert engine.ask(QUESTIONS[0]).results


def test_vectors_streamed_batch_by_batch_load_as_the_model_gave_them(
    fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    # Batches of 5 papers: the 36 papers' vectors reach the cache files in 8 appends.
    settings = RetrievalSettings(ingest_batch=5)
    engine = Engine(settings, ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([CORPUS])
    generation = engine.searcher.index.generation
    tables = index_cache.read(tmp_path / "index-cache", generation)
    assert tables is not None and len(tables.chunks) > 36
    assert isinstance(tables.chunk_vectors, np.memmap)  # read from the streamed file
    texts = []
    for chunk in tables.chunks:
        paper = tables.papers[chunk.paper_id]
        texts.append(f"{paper.title}. {paper.abstract[chunk.start : chunk.end]}")
    np.testing.assert_array_equal(tables.chunk_vectors, fake_embedder.embed(texts))
    assert tables.sentence_vectors.keys() == tables.papers.keys()
    for pid, vectors in tables.sentence_vectors.items():
        abstract = tables.papers[pid].abstract
        said = [abstract[start:end] for start, end in tables.sentence_bounds[pid].tolist()]
        np.testing.assert_array_equal(vectors, fake_embedder.embed(said))

    # One batch of all 36 papers keeps the same bytes in every file.
    whole = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "whole"), fake_embedder)
    whole.ingest([CORPUS])
    assert whole.searcher.index.generation == generation
    streamed, at_once = tmp_path / "index-cache" / generation, tmp_path / "whole-cache" / generation
    names = sorted(p.name for p in streamed.iterdir())
    assert names == sorted(p.name for p in at_once.iterdir())
    for name in names:
        assert (streamed / name).read_bytes() == (at_once / name).read_bytes(), name


def test_a_vector_file_not_closed_says_it_holds_no_rows(tmp_path: Path) -> None:
    rows = np.random.default_rng(4).standard_normal((7, DIMENSIONS)).astype(np.float32)
    written = index_cache.VectorFile(tmp_path / "closed.npy")
    written.append(rows[:3])
    written.append(rows[3:])
    written.close()
    np.testing.assert_array_equal(np.load(tmp_path / "closed.npy"), rows)
    killed = index_cache.VectorFile(tmp_path / "killed.npy")
    killed.append(rows)
    killed._file.flush()  # what a kill -9 leaves: the rows, and a header saying none
    assert np.load(tmp_path / "killed.npy").shape == (0, DIMENSIONS)
    with pytest.raises(ValueError, match="shape"):
        killed.append(rows[:, :10])
    killed.close()
