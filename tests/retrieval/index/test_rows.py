"""Rows of a mapped matrix read from its file are the rows the mapping holds."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retrieval.index import rows
from retrieval.index.rows import gather


@pytest.fixture
def mapped(tmp_path: Path) -> np.ndarray:
    matrix = np.random.default_rng(3).standard_normal((5000, 384)).astype(np.float32)
    np.save(tmp_path / "chunk_vectors.npy", matrix)
    return np.load(tmp_path / "chunk_vectors.npy", mmap_mode="r")


def test_rows_read_from_the_file_are_the_mappings_in_the_order_asked(mapped: np.ndarray) -> None:
    picked = [4999, 0, 17, 17, 2500]
    read = gather(mapped, picked)
    assert read.dtype == np.float32 and not isinstance(read, np.memmap)
    assert np.array_equal(read, np.asarray(mapped[picked]))


def test_many_rows_or_a_small_matrix_are_read_through_the_mapping(
    mapped: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rows, "_descriptor", lambda name: pytest.fail("read from the file"))
    assert np.array_equal(gather(mapped, range(1000)), mapped[:1000])  # 1 in 5 of its rows
    small = np.asarray(mapped[:100])
    assert np.array_equal(gather(small, [3, 1]), small[[3, 1]])


def test_a_file_replaced_since_it_was_mapped_is_read_through_the_mapping(
    mapped: np.ndarray, tmp_path: Path
) -> None:
    expected = np.asarray(mapped[[7, 9]])
    (tmp_path / "chunk_vectors.npy").unlink()
    rows._files.pop(str(tmp_path / "chunk_vectors.npy"), None)
    assert np.array_equal(gather(mapped, [7, 9]), expected)
