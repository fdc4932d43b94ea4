"""The ONNX embedding model: a short query costs no padding and gives a unit vector."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from retrieval.config import DATA, Precision
from retrieval.errors import ModelError
from retrieval.index.embedding import MAX_BATCH, TOKEN_BUDGET, Embedder, token_batches

DEV = DATA / "eval" / "dev2.jsonl"


@pytest.mark.parametrize(("precision", "least"), [("fp32", 0.9999), ("int8", 0.98)])
def test_short_query_is_not_padded(model_dir: Path, precision: Precision, least: float) -> None:
    embedder = Embedder(model_dir, precision=precision)
    alone = embedder.embed_one("ternary GPT weights")
    with_long = embedder.embed(["ternary GPT weights", "performance " * 200])[0]
    # fp32: padding does not change a vector. int8 quantizes activations with one scale
    # per batch tensor, so a long batch-mate moves a short text's vector slightly (0.992).
    assert float(np.dot(alone, with_long)) > least
    assert abs(float(np.linalg.norm(alone)) - 1.0) < 1e-5


def test_the_int8_model_agrees_with_fp32_and_is_a_different_model(model_dir: Path) -> None:
    embedder = Embedder(model_dir, precision="fp32")
    int8 = Embedder(model_dir, precision="int8")
    questions = [json.loads(line)["question"] for line in DEV.read_text().splitlines()]
    cosines = (embedder.embed(questions) * int8.embed(questions)).sum(axis=1)
    assert cosines.min() > 0.95 and cosines.mean() > 0.98
    # Another model id: an index built with one precision is rebuilt for the other.
    assert int8.model_id != embedder.model_id and int8.precision == "int8"


def test_a_model_folder_without_int8_says_how_to_rebuild(model_dir: Path, tmp_path: Path) -> None:
    for name in ("model.onnx", "tokenizer.json", "config.json"):
        (tmp_path / name).symlink_to(model_dir / name)
    manifest = json.loads((model_dir / "manifest.json").read_text())
    del manifest["int8_sha256"]  # prepared before int8 existed
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ModelError, match="no int8 model; run `papercord prepare-model --force`"):
        Embedder(tmp_path, precision="int8")
    assert Embedder(tmp_path, precision="fp32").precision == "fp32"  # fp32 still loads


def test_batches_hold_a_token_budget_and_cover_every_text_once() -> None:
    counts = [5, 300, 40, 40, 7, 256, 1, 120, 9, 33] * 20
    batches = token_batches(counts)
    assert sorted(i for batch in batches for i in batch) == list(range(len(counts)))
    for batch in batches:
        widest = max(counts[i] for i in batch)
        assert len(batch) == 1 or len(batch) * widest <= TOKEN_BUDGET
        assert len(batch) <= MAX_BATCH
    # Shortest first, so texts of like length share a batch and little is padding.
    assert [counts[i] for batch in batches for i in batch] == sorted(counts)
    assert token_batches([]) == []


def test_vectors_come_back_in_the_order_of_the_texts(fake_embedder: Embedder) -> None:
    texts = ["long " * n + f"text {n}" for n in (90, 3, 250, 0, 41, 7)] * 12
    together = fake_embedder.embed(texts)
    for text, vector in zip(texts, together, strict=True):
        assert np.allclose(vector, fake_embedder.embed_one(text))
