"""Paper vectors read from the chunk vectors are the ones ingest stored."""

from __future__ import annotations

import numpy as np
import pytest

from retrieval.engine import Engine
from retrieval.index import chunk_rows
from retrieval.index.chunk_rows import ChunkRows
from retrieval.index.compact import Int8Scores


def test_paper_vectors_and_related_papers_match_the_stored_paper_vectors(
    fake_engine: Engine,
) -> None:
    index = fake_engine.searcher.index
    kept = fake_engine.store.vectors_for(index.generation, "papers", index.paper_ids)
    vectors = np.stack([kept[pid] for pid in index.paper_ids])  # as ingest stored them
    derived = index.chunk_rows.paper_vectors(list(range(len(index.paper_ids))))
    np.testing.assert_allclose(derived, vectors, atol=1e-5)
    for row, pid in enumerate(index.paper_ids):
        stored = vectors @ vectors[row]
        np.testing.assert_allclose(index.chunk_rows.paper_cosines(derived[row]), stored, atol=1e-5)
        nearest = [index.paper_ids[r] for r in np.argsort(-stored, kind="stable")[1:4]]
        assert set(fake_engine.lookup.related(pid)) == set(nearest), pid


@pytest.mark.parametrize("seed", range(5))
def test_norms_sum_each_papers_chunks_whatever_their_order(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chunk_rows, "BLOCK", 7)  # many blocks, some papers without chunks
    rng = np.random.default_rng(seed)
    papers = 40
    paper_of = rng.integers(0, papers, size=90).astype(np.int32)  # shuffled, some empty
    vectors = rng.normal(size=(90, 8)).astype(np.float32)
    table = ChunkRows(paper_of, papers, vectors)
    expected = [np.linalg.norm(vectors[paper_of == p].sum(axis=0)) for p in range(papers)]
    np.testing.assert_allclose(table.norms, expected, rtol=1e-5, atol=1e-6)
    for paper in range(papers):
        assert table.of(paper).tolist() == np.flatnonzero(paper_of == paper).tolist()


@pytest.mark.parametrize("seed", range(3))
def test_nearest_papers_from_int8_rows_are_the_exact_ones(seed: int) -> None:
    """Related papers found from the int8 rows first, then re-scored, are exact search's."""
    rng = np.random.default_rng(seed)
    papers, topics = 3000, 60  # papers in topics, each 1-4 chunks near its paper's topic
    centres = rng.normal(size=(topics, 384))
    topic = rng.integers(0, topics, size=papers)
    paper_of = np.repeat(np.arange(papers), rng.integers(1, 5, size=papers)).astype(np.int32)
    vectors = centres[topic[paper_of]] + 0.8 * rng.normal(size=(len(paper_of), 384))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    table = ChunkRows(paper_of, papers, vectors)
    rough = Int8Scores.of(vectors)
    for paper in rng.choice(papers, size=40, replace=False):
        vector = table.paper_vectors([int(paper)])[0]
        exact = table.nearest(vector, 4)
        assert table.nearest(vector, 4, rough).tolist() == exact.tolist()
        assert exact[0] == paper  # a paper is nearest to itself


def test_paper_vectors_from_int8_rows_are_within_half_a_percent() -> None:
    """An author's representative papers come from int8 rows past ``ROUGH_FROM`` chunks."""
    rng = np.random.default_rng(7)
    paper_of = np.repeat(np.arange(500), rng.integers(1, 5, size=500)).astype(np.int32)
    vectors = rng.normal(size=(len(paper_of), 384))
    vectors = (vectors / np.linalg.norm(vectors, axis=1, keepdims=True)).astype(np.float32)
    table = ChunkRows(paper_of, 500, vectors)
    papers = list(range(0, 500, 3))
    exact = table.paper_vectors(papers)
    rough = table.paper_vectors(papers, Int8Scores.of(vectors))
    assert np.abs(np.sum(exact * rough, axis=1) - 1.0).max() < 0.005  # cosine to exact


def test_paper_vectors_summed_block_by_block_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(11)
    paper_of = rng.integers(0, 60, size=200).astype(np.int32)  # shuffled, some papers empty
    vectors = rng.normal(size=(200, 16)).astype(np.float32)
    table = ChunkRows(paper_of, 60, vectors)
    papers = list(range(60))
    whole = table.paper_vectors(papers)
    monkeypatch.setattr(chunk_rows, "BLOCK", 7)
    assert np.array_equal(table.paper_vectors(papers), whole)
    expected = [vectors[paper_of == p].sum(axis=0) for p in papers]
    norms = np.linalg.norm(expected, axis=1, keepdims=True)
    np.testing.assert_allclose(whole, expected / np.where(norms > 0, norms, 1), atol=1e-6)
