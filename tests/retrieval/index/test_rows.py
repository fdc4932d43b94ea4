"""Rows of a mapped matrix read from its file are the rows the mapping holds."""

from __future__ import annotations

import threading
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
    picked = [4999, 0, 17, 17, 2500, -1]
    read = gather(mapped, picked)
    assert read.dtype == np.float32 and not isinstance(read, np.memmap)
    assert np.array_equal(read, np.asarray(mapped[picked]))


def test_many_rows_a_small_matrix_or_a_slice_are_read_through_the_mapping(
    mapped: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rows.os, "preadv", lambda *args: pytest.fail("read from the file"))
    assert np.array_equal(gather(mapped, range(1000)), mapped[:1000])  # 1 in 5 of its rows
    small = np.asarray(mapped[:100])
    assert np.array_equal(gather(small, [3, 1]), small[[3, 1]])
    tail = mapped[1000:]  # a slice: its rows start past the file's offset
    assert np.array_equal(gather(tail, [0, 5]), np.asarray(mapped[[1000, 1005]]))
    mask = np.zeros(len(mapped), dtype=bool)
    mask[[4, 9]] = True
    assert np.array_equal(gather(mapped, mask), np.asarray(mapped[[4, 9]]))


def test_a_row_past_the_end_is_an_index_error(mapped: np.ndarray) -> None:
    with pytest.raises(IndexError):
        gather(mapped, [5000])
    with pytest.raises(IndexError):
        gather(mapped, [-5001])


def test_a_removed_file_is_read_through_the_mapping(mapped: np.ndarray, tmp_path: Path) -> None:
    expected = np.asarray(mapped[[7, 9]])
    (tmp_path / "chunk_vectors.npy").unlink()
    assert np.array_equal(gather(mapped, [7, 9]), expected)


def test_threads_reading_different_files_each_get_their_own_rows(tmp_path: Path) -> None:
    matrices = []
    for n in range(10):
        np.save(tmp_path / f"m{n}.npy", np.full((5000, 8), n, dtype=np.float32))
        matrices.append(np.load(tmp_path / f"m{n}.npy", mmap_mode="r"))
    wrong: list[int] = []

    def read(first: int) -> None:
        for turn in range(300):
            n = (first + turn) % len(matrices)
            if not (gather(matrices[n], [1, 4000, 17]) == n).all():
                wrong.append(n)

    threads = [threading.Thread(target=read, args=(first,)) for first in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
