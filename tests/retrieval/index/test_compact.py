"""Chunk vectors scanned as int8 rows, re-scored exactly: same papers, old caches still load."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index import compact
from retrieval.index.compact import ROWS_FILE, SCALES_FILE, Int8Scores
from retrieval.models import Filters
from retrieval.search import retrievers
from tests.conftest import CORPUS, FakeEmbedder

# Invented for this test; five candidates make the first stage (4 x 5 = 20 chunks) far
# smaller than the bundled corpus's 92 chunks, so the int8 rows pick what is re-scored.
QUESTIONS = (
    "attention without recurrence for translation",
    "compressing large language model weights to few bits",
    "graph neural networks on molecules",
    "distributed training across many accelerators",
    "reinforcement learning from human preferences",
    "image generation by denoising diffusion",
    "sparse mixture of experts routing",
    "retrieval augmented question answering",
)
FEW = RetrievalSettings(candidates=5)


def answered(engine: Engine, filters: Filters | None = None) -> list[tuple[str, ...]]:
    return [
        tuple(f"{r.paper.id} {r.score}" for r in a.results + a.more + a.closest)
        for a in (engine.ask(q, mode="vector", filters=filters) for q in QUESTIONS)
    ]


def counted_scans(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Return the list that each int8 scan from now on adds its number of rows to."""
    scanned: list[int] = []
    scan = Int8Scores.__call__

    def counted(self: Int8Scores, vector: np.ndarray, only: np.ndarray | None = None) -> np.ndarray:
        scanned.append(len(self.rows) if only is None else len(only))
        return scan(self, vector, only)

    monkeypatch.setattr(Int8Scores, "__call__", counted)
    return scanned


@pytest.fixture
def small(fake_embedder: FakeEmbedder, tmp_path: Path) -> Engine:
    engine = Engine(FEW, ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([CORPUS])
    return engine


def test_the_int8_first_stage_keeps_the_papers_and_scores_of_exact_search(
    small: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    scanned = counted_scans(monkeypatch)
    with_int8 = answered(small)
    assert scanned and set(scanned) == {92}  # every question scanned the int8 rows
    monkeypatch.setattr(retrievers, "RESCORE", 1000)  # every chunk scored exactly
    scanned.clear()
    assert answered(small) == with_int8
    assert not scanned


def test_a_narrow_filter_scans_only_its_own_int8_rows_and_keeps_exact_results(
    small: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(retrievers, "GATHER_SHARE", 1)  # any filter is narrow here
    monkeypatch.setattr(retrievers, "UNMAP_FROM", 0)  # and the rows hundreds of MB
    recent = Filters(year_from=2023)
    scanned = counted_scans(monkeypatch)
    with_int8 = answered(small, recent)
    assert scanned and 5 * 4 < min(scanned) < 92  # the allowed rows alone, past 4 x 5
    monkeypatch.setattr(retrievers, "RESCORE", 1000)
    assert answered(small, recent) == with_int8


def test_a_cache_kept_before_int8_rows_still_loads_and_gets_them(
    small: Engine, fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    before = answered(small)
    folder = tmp_path / "index-cache" / small.lookup.index.generation
    for name in (ROWS_FILE, SCALES_FILE):
        (folder / name).unlink()
    restarted = Engine(FEW, ChromaSettings(path=tmp_path / "index"), fake_embedder)
    assert answered(restarted) == before
    kept = Int8Scores.load(folder, restarted.lookup.index.chunk_vectors.shape)
    assert kept is not None and isinstance(kept.rows, np.memmap | np.ndarray)


def test_torn_int8_rows_are_made_again_not_trusted(
    small: Engine, fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    before = answered(small)
    folder = tmp_path / "index-cache" / small.lookup.index.generation
    np.save(folder / ROWS_FILE, np.zeros((3, 384), dtype=np.int8))  # another row count
    restarted = Engine(FEW, ChromaSettings(path=tmp_path / "index"), fake_embedder)
    assert answered(restarted) == before
    assert Int8Scores.load(folder, restarted.lookup.index.chunk_vectors.shape) is not None


def test_int8_cosines_are_within_a_step_of_float32() -> None:
    rng = np.random.default_rng(0)
    vectors = rng.normal(size=(500, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    query = vectors[7]
    rough = Int8Scores.of(vectors)(query)
    assert np.abs(rough - vectors @ query).max() < 0.01
    assert int(np.argmax(rough)) == 7


def test_the_hand_encoded_model_is_the_one_onnx_would_write() -> None:
    onnx = pytest.importorskip("onnx")
    helper, proto = onnx.helper, onnx.TensorProto
    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["M", "q"], ["s"])],
        "g",
        [
            helper.make_tensor_value_info("M", proto.INT8, ["n", 384]),
            helper.make_tensor_value_info("q", proto.INT8, [384, 1]),
        ],
        [helper.make_tensor_value_info("s", proto.INT32, ["n", 1])],
    )
    expected = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 10)], ir_version=8)
    written = onnx.load_from_string(compact.matmul_integer_model(384))
    onnx.checker.check_model(written)
    assert written == expected
