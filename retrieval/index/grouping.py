"""Elements grouped by their owner, as compressed rows: one sort, not a list per owner."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt


def grouped(
    owners: npt.NDArray[Any], groups: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64]]:
    """Return ``(order, indptr)``: the elements whose owner is ``g`` (``owners[e] == g``,
    ``0 <= g < groups``) are ``order[indptr[g]:indptr[g + 1]]``, ascending."""
    order = np.argsort(owners, kind="stable").astype(np.int32)
    indptr = np.zeros(groups + 1, dtype=np.int64)
    np.cumsum(np.bincount(owners, minlength=groups), out=indptr[1:])
    return order, indptr
