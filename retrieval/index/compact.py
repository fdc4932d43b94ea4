"""Chunk vectors as int8 rows with one scale each: a first stage that an exact re-score ends.

Scoring every chunk vector in float32 is memory-bound: 240k chunks (100k papers) are
368 MB read per question. The same rows as int8 are 92 MB, and onnxruntime's
``MatMulInteger`` (MLAS, int8 x int8 -> int32) scores them in 0.8x the wall time of
numpy's float32 ``matrix @ vector`` at 240k rows, 0.2x at 24k (paired, on this project's
2 cores; bench/vectors.py); numpy has no fast int8 or float16 product. The int8 scores
only pick candidates: the best ``RESCORE`` x n of them are scored again exactly from the
float32 rows, so a question keeps exact search's chunks and scores whenever its true top n
are among the candidates: for 400 of 400 eval questions at 10k papers (in 3, one score
moved by a unit in its last place: BLAS sums 200 rows in another order; docs/scale.md).

Quantization is per vector (symmetric): ``q = round(127 x / max|x|)``, scale
``max|x| / 127``; an int8 cosine is ``scale_c * (q_c . q_query) * scale_query``, within
about 0.002 of the float32 cosine for MiniLM's unit vectors.
"""

from __future__ import annotations

import functools
import logging
import threading
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.files import add_files
from retrieval.index.embedding import Vectors, session_options
from retrieval.index.memory import unmap_pages

log = logging.getLogger(__name__)

Int8Rows = npt.NDArray[np.int8]
Scales = npt.NDArray[np.float32]
LEVELS = 127  # symmetric int8: -127..127 (never -128, so negation is exact)
BLOCK = 16_384  # rows quantized at once (~24 MB of float32)
THREADS = 2
ROWS_FILE = "chunk_int8.npy"
SCALES_FILE = "chunk_scales.npy"


def quantize(vectors: Vectors) -> tuple[Int8Rows, Scales]:
    """Return each row as int8 and its scale (``row ~= scale * int8_row``), in blocks.

    Vectors read from a file drop each block's pages after it (``unmap_pages``): an
    ingest's last phase mapped all 368 MB of float32 rows at 100k papers, and held them
    while it wrote BM25 and the terms."""
    rows = np.empty(vectors.shape, dtype=np.int8)
    scales = np.empty(len(vectors), dtype=np.float32)
    for begin in range(0, len(vectors), BLOCK):
        block = np.asarray(vectors[begin : begin + BLOCK], dtype=np.float32)
        scale, quantized = _quantized(block)
        rows[begin : begin + BLOCK] = quantized
        scales[begin : begin + BLOCK] = scale
        unmap_pages(vectors)
    return rows, scales


def _quantized(block: Vectors) -> tuple[Scales, Int8Rows]:
    largest = np.abs(block).max(axis=1)
    scale = np.where(largest > 0, largest / LEVELS, 1.0).astype(np.float32)
    quantized = np.rint(block / scale[:, None]).clip(-LEVELS, LEVELS).astype(np.int8)
    return scale, quantized


class Int8Scores:
    """Approximate cosines of int8 rows with a float32 query, by onnxruntime's MatMulInteger."""

    def __init__(self, rows: Int8Rows, scales: Scales) -> None:
        self.rows = np.ascontiguousarray(rows)  # a memory-mapped file stays one, uncopied
        self.scales = scales
        self._local = threading.local()  # a session per thread (a few kB each)

    @classmethod
    def of(cls, vectors: Vectors) -> Int8Scores:
        """Return the int8 rows of float32 vectors (~0.5 s for 240k rows)."""
        return cls(*quantize(vectors))

    def save(self, folder: Path, prefix: str = "") -> None:
        """Write the rows and scales to ``folder``, their names after ``prefix``."""
        for name, array in ((SCALES_FILE, self.scales), (ROWS_FILE, self.rows)):
            np.save(folder / f"{prefix}{name}", array)

    @classmethod
    def load(cls, folder: Path, shape: tuple[int, ...]) -> Int8Scores | None:
        """Return the rows kept in ``folder`` memory-mapped, or None when they are missing
        or not of ``shape`` (a folder kept before they were, or a torn write)."""
        try:
            int8 = np.load(folder / ROWS_FILE, mmap_mode="r", allow_pickle=False)
            scales = np.load(folder / SCALES_FILE, mmap_mode="r", allow_pickle=False)
        except (OSError, ValueError):
            return None
        if (
            int8.dtype != np.int8
            or scales.dtype != np.float32
            or int8.shape != shape
            or scales.shape != shape[:1]
        ):
            return None
        return cls(int8, scales)

    @classmethod
    def kept(cls, folder: Path, vectors: Vectors) -> Int8Scores:
        """Return the int8 rows kept in ``folder`` for ``vectors``; when there are none (a
        cache kept by an older papercord), quantize them and add them to the folder."""
        kept = cls.load(folder, vectors.shape)
        if kept is not None:
            return kept
        made = cls.of(vectors)
        failed = add_files(folder, (SCALES_FILE, ROWS_FILE), functools.partial(made.save, folder))
        if failed is not None:
            log.info("cannot keep the int8 chunk rows in %s (made next start): %s", folder, failed)
        return made

    def __call__(self, vector: Vectors, only: npt.NDArray[np.intp] | None = None) -> Vectors:
        """Return every row's approximate cosine with ``vector`` (float32), or only these
        rows' (copied out first: a narrow filter's few thousand)."""
        rows = self.rows if only is None else np.ascontiguousarray(self.rows[only])
        scales = self.scales if only is None else self.scales[only]
        if not len(rows):
            return np.zeros(0, dtype=np.float32)
        scale, query = _quantized(np.asarray(vector, dtype=np.float32)[None, :])
        (products,) = self._session().run(None, {"M": rows, "q": query.reshape(-1, 1)})
        return np.asarray(products[:, 0] * (scales * scale[0]), dtype=np.float32)

    def _session(self) -> Any:
        session = getattr(self._local, "session", None)
        if session is None:
            session = self._local.session = _session(self.rows.shape[1])
        return session


@functools.cache
def _model(dimensions: int) -> bytes:
    return matmul_integer_model(dimensions)


def _session(dimensions: int) -> Any:
    import onnxruntime

    # Both cores, as numpy's BLAS uses for float32: with one thread, 240k rows took 1.2x
    # float32's wall time; with two, 0.8x (bench/vectors.py, paired).
    return onnxruntime.InferenceSession(
        _model(dimensions), session_options(THREADS), providers=["CPUExecutionProvider"]
    )


def matmul_integer_model(dimensions: int) -> bytes:
    """Return an ONNX model (serialized ModelProto) computing ``s = MatMulInteger(M, q)``
    for M int8 [n, dimensions] and q int8 [dimensions, 1].

    Encoded here by hand (the ``onnx`` package is only installed to prepare the model; a
    test checks these bytes against ``onnx.helper``): protobuf fields are
    ``(number << 3 | wire type)`` then a varint or a length-prefixed body.
    """
    int8, int32 = 3, 6  # TensorProto.DataType

    def tensor(name: str, elem: int, dims: list[int | str]) -> bytes:
        shape = b"".join(
            _field(1, _field(2, d.encode()) if isinstance(d, str) else _varint_field(1, d))
            for d in dims
        )
        tensor_type = _varint_field(1, elem) + _field(2, shape)
        return _field(1, name.encode()) + _field(2, _field(1, tensor_type))

    node = _field(1, b"M") + _field(1, b"q") + _field(2, b"s") + _field(4, b"MatMulInteger")
    graph = (
        _field(1, node)
        + _field(2, b"g")
        + _field(11, tensor("M", int8, ["n", dimensions]))
        + _field(11, tensor("q", int8, [dimensions, 1]))
        + _field(12, tensor("s", int32, ["n", 1]))
    )
    opset = _field(1, b"") + _varint_field(2, 10)
    return _varint_field(1, 8) + _field(7, graph) + _field(8, opset)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _varint_field(number: int, value: int) -> bytes:
    return _varint(number << 3) + _varint(value)


def _field(number: int, body: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(body)) + body
