"""The impact-matrix BM25 against rank-bm25, the reference, on the bundled corpus.

Every dev-set question (plus repeated and unknown terms) must score every chunk as
rank-bm25's ``get_scores`` does and rank the chunks in the same order.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from rank_bm25 import BM25Okapi

from retrieval.config import DATA, ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index import bm25 as bm25_module
from retrieval.index.bm25 import BM25
from retrieval.text import tokenize
from tests.conftest import CORPUS, FakeEmbedder


@pytest.fixture(scope="module")
def documents(fake_engine: Engine) -> list[list[str]]:
    index = fake_engine.searcher.index  # chunks are held without their text: cut it out
    papers = [index.papers[c.paper_id] for c in index.chunks]
    return [
        tokenize(f"{p.title} {p.abstract[c.start : c.end]}")
        for p, c in zip(papers, index.chunks, strict=True)
    ]


def queries() -> list[list[str]]:
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    asked = [tokenize(json.loads(line)["question"]) for line in lines if line.strip()]
    return [
        *asked,
        tokenize("quantization quantization quantization weights"),  # repeats count again
        tokenize("zyzzyva xylophone"),  # terms the corpus lacks
        [],
    ]


def ranking(scores: npt.NDArray[np.float64]) -> list[int]:
    """Best first; ties (to 1e-4, float32 impacts) broken by document order."""
    rounded = np.round(scores, 4)
    return [int(i) for i in np.lexsort((np.arange(len(scores)), -rounded))]


def test_scores_and_ranks_equal_rank_bm25(documents: list[list[str]]) -> None:
    reference = BM25Okapi(documents)
    ours = BM25.fit(documents)
    assert ours.size == len(documents) > 50  # 92 chunks of 36 abstracts
    assert ours.idf == dict(reference.idf)  # the same floats, in the same order
    assert list(ours.idf) == list(reference.idf)
    compared = 0
    for query in queries():
        expected = np.asarray(reference.get_scores(query), dtype=np.float64)
        got = ours.scores(query)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
        assert ranking(got) == ranking(expected), query
        compared += int(expected.any())
    assert compared > 80  # the dev questions really matched something


def test_a_term_in_most_documents_is_floored_as_rank_bm25_floors_it() -> None:
    # "graph" is in 3 of 4 documents: a negative idf, which rank-bm25 replaces by
    # epsilon times the mean idf; counted a document at a time, the floats are the same.
    documents = [["graph", "node"], ["graph", "edg", "graph"], ["graph"], ["tensor", "core"]]
    reference = BM25Okapi(documents)
    ours = BM25.fit(iter(documents))
    assert reference.idf["graph"] > 0 and ours.idf == dict(reference.idf)
    for query in (["graph"], ["graph", "node", "graph"], ["core"]):
        np.testing.assert_allclose(ours.scores(query), reference.get_scores(query), rtol=1e-6)


def test_saved_matrix_scores_the_same(documents: list[list[str]], tmp_path: Path) -> None:
    fitted = BM25.fit(documents)
    fitted.save(tmp_path)
    loaded = BM25.load(tmp_path)
    assert loaded is not None and loaded.size == fitted.size
    for query in queries()[:10]:
        np.testing.assert_array_equal(loaded.scores(query), fitted.scores(query))
    with (tmp_path / "bm25_impacts.npy").open("r+b") as handle:
        handle.truncate(1000)  # a disk that filled up half-way
    assert BM25.load(tmp_path) is None
    (tmp_path / "bm25.npz").write_bytes(b"PK\x03\x04 half a file")
    assert BM25.load(tmp_path) is None
    assert BM25.load(tmp_path / "missing") is None


def test_a_restart_reads_bm25_instead_of_fitting_it(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index_dir = tmp_path / "index"
    first = Engine(RetrievalSettings(), ChromaSettings(path=index_dir), fake_embedder)
    first.ingest([CORPUS])
    question = "which papers quantize LLMs to 4 bits?"
    expected = first.ask(question, mode="bm25")
    assert [p.name for p in (tmp_path / "index-cache").iterdir()]  # kept beside the index

    def refuse(*args: object) -> None:
        raise AssertionError("BM25 was fitted again at start")

    monkeypatch.setattr(bm25_module.Postings, "impacts", refuse)
    restarted = Engine(RetrievalSettings(), ChromaSettings(path=index_dir), fake_embedder)
    again = restarted.ask(question, mode="bm25")
    assert [r.paper.id for r in again.results] == [r.paper.id for r in expected.results]
    assert [r.score for r in again.results] == [r.score for r in expected.results]
