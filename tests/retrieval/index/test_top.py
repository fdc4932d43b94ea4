"""The k best of an array of scores."""

from __future__ import annotations

import numpy as np

from retrieval.index.top import top_k


def test_top_k_returns_largest_first() -> None:
    values = np.array([0.1, 0.9, 0.5, 0.7])
    assert top_k(values, 2).tolist() == [1, 3]
    assert top_k(values, 10).tolist() == [1, 3, 2, 0]
    assert top_k(values, 0).tolist() == [] and top_k(np.zeros(0), 3).tolist() == []
