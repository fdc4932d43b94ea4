"""The ONNX embedding model: a short query costs no padding and gives a unit vector."""

from __future__ import annotations

import numpy as np

from retrieval.embedding import Embedder


def test_short_query_is_not_padded(embedder: Embedder) -> None:
    alone = embedder.embed_one("ternary GPT weights")
    with_long = embedder.embed(["ternary GPT weights", "performance " * 200])[0]
    assert float(np.dot(alone, with_long)) > 0.9999  # padding does not change a vector
    assert abs(float(np.linalg.norm(alone)) - 1.0) < 1e-5
