"""Score normalization and fusion: each function against its formula."""

from __future__ import annotations

import numpy as np
import pytest

from retrieval.search import fusion


def test_rrf_matches_its_formula() -> None:
    fused = fusion.rrf([["a", "b"], ["b", "c"]], k=60)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61) and fused["c"] == pytest.approx(1 / 62)
    assert fusion.ranking(fused) == ["b", "a", "c"]


def test_convex_combination_and_normalization() -> None:
    lexical = fusion.normalize_max({"a": 10.0, "b": 5.0, "c": 0.0})
    vector = fusion.normalize_max({"a": 0.0, "b": 1.0}, floor=-1.0)
    assert lexical == {"a": 1.0, "b": 0.5, "c": 0.0} and vector == {"a": 0.5, "b": 1.0}
    fused = fusion.convex(lexical, vector, weight=0.25)
    assert fused["a"] == pytest.approx(0.25 * 0.5 + 0.75 * 1.0)
    assert fused["c"] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="unknown fusion"):
        fusion.fuser("max", 0.5, 60)


def test_top_k_returns_largest_first() -> None:
    values = np.array([0.1, 0.9, 0.5, 0.7])
    assert fusion.top_k(values, 2).tolist() == [1, 3]
    assert fusion.top_k(values, 10).tolist() == [1, 3, 2, 0]
