"""The k best of an array of scores, without sorting all of it."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt


def top_k(values: npt.NDArray[np.float64], k: int) -> npt.NDArray[np.intp]:
    """Return the indices of the k largest values, largest first (argpartition, then sort)."""
    k = min(k, len(values))
    if k <= 0:
        return np.zeros(0, dtype=np.intp)
    part = np.argpartition(-values, k - 1)[:k]
    return part[np.argsort(-values[part], kind="stable")]
