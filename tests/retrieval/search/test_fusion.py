"""Score normalization and fusion: each function against its formula."""

from __future__ import annotations

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
