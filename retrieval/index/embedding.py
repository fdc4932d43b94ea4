"""Sentence embeddings from all-MiniLM-L6-v2, exported to ONNX, run by onnxruntime.

The model is loaded once per process. Texts are padded only to the longest text in their
batch, so a 7-token query costs a 7-token forward pass (about 3 ms on 2 cores) instead of
a fixed 256-token one. Many texts are sorted by their token counts and run about
``TOKEN_BUDGET`` tokens at a time. Output vectors are mean-pooled and L2-normalized inside
the graph, exactly as sentence-transformers does for this model.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.config import DEFAULT_PRECISION, Precision
from retrieval.errors import CorpusError, ModelError
from retrieval.files import read_text
from retrieval.userinput import scalars

MODEL_NAME = "all-MiniLM-L6-v2"
# The model files by precision, and the manifest keys holding their SHA-256.
MODEL_FILES: dict[Precision, tuple[str, str]] = {
    "fp32": ("model.onnx", "onnx_sha256"),
    "int8": ("model-int8.onnx", "int8_sha256"),
}
DIMENSIONS = 384
MAX_TOKENS = 256  # the model's max_seq_length; longer texts are truncated
# Tokens one forward pass holds, padding included. On 2 cores, the int8 model embedded
# abstract sentences (31 tokens on average) at 467 a second and chunks (122 tokens) at
# 111 a second in batches of 32 texts sorted by characters; by this budget, sorted by
# tokens, at 610 and 146 a second (512 tokens: 593 and 141; 2,048: 588 and 136).
TOKEN_BUDGET = 1024
MAX_BATCH = 64

Vectors = npt.NDArray[np.float32]


def session_options(threads: int) -> Any:
    """Return onnxruntime session options for ``threads`` cores whose idle workers sleep.

    By default a worker thread spins for a while after each run, holding a core that the
    question's own Python thread needs between its runs (the query's embedding, then the
    int8 scan of ``retrieval.index.compact``). At 10k papers an ask took 32-48 ms of CPU
    for 16-24 ms of wall time (p50), p95 26-53 ms; with sleeping workers 17-21 ms of CPU,
    p95 21-27 ms (bench/scale.py, paired runs). A 1,200-paper ingest took 78.3 s against
    78.7 s.
    """
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return options


class Embedder:
    """Embed texts with the prepared ONNX model; thread-safe, loaded on construction."""

    def __init__(
        self, model_dir: Path, threads: int = 2, precision: Precision = DEFAULT_PRECISION
    ) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self.model_dir = model_dir  # a child process loads the same model from here
        self.precision = precision
        filename, hash_key = MODEL_FILES[precision]
        manifest = model_dir / "manifest.json"
        if not manifest.exists():
            raise ModelError(
                f"the embedding model is not prepared in {model_dir}; "
                "run `papercord prepare-model` (or `make run`) once"
            )
        try:
            self.manifest = json.loads(read_text(manifest))
            self._sha256 = str(self.manifest[hash_key])
        except (CorpusError, ValueError, KeyError, TypeError) as exc:
            raise ModelError(
                f"{manifest} is damaged or has no {precision} model; "
                "run `papercord prepare-model --force` to rebuild it"
            ) from exc
        try:
            self._tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
            self._session = onnxruntime.InferenceSession(
                str(model_dir / filename),
                session_options(threads),
                providers=["CPUExecutionProvider"],
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors
            raise ModelError(f"cannot load the embedding model from {model_dir}: {exc}") from exc
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer.no_padding()
        self._lock = threading.Lock()  # the tokenizer's padding state is shared
        self.calls = 0  # texts embedded so far; ingest tests read it to prove reuse

    @property
    def model_id(self) -> str:
        """Return an id that changes when the model files change."""
        return f"{MODEL_NAME}:{self._sha256[:12]}"

    def embed(self, texts: list[str]) -> Vectors:
        """Return one unit-length 384-d vector per text, in order."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        ids = self._token_ids(texts)
        for batch in token_batches([len(row) for row in ids]):
            out[batch] = self._forward([texts[i] for i in batch], [ids[i] for i in batch])
        self.calls += len(texts)
        return out

    def embed_one(self, text: str) -> Vectors:
        """Return the vector of a single text (no padding at all)."""
        vector: Vectors = self.embed([text])[0]
        return vector

    def _token_ids(self, texts: list[str]) -> list[list[int]]:
        """Return each text's token ids, once: ``embed`` batches by their counts."""
        # The tokenizer raises TypeError on a lone surrogate (text that is not Unicode
        # scalar values); callers clean user input, this keeps any other path safe too.
        with self._lock:
            encodings = self._tokenizer.encode_batch([scalars(t) for t in texts])
        return [encoding.ids for encoding in encodings]

    def _forward(self, texts: list[str], token_ids: list[list[int]]) -> Vectors:
        """Run the model on a batch of texts given by their token ids (``texts`` is for a
        stand-in model that reads the words, as the tests' fake does)."""
        width = max(len(row) for row in token_ids)
        ids = np.zeros((len(token_ids), width), dtype=np.int64)
        mask = np.zeros((len(token_ids), width), dtype=np.int64)
        for row, found in enumerate(token_ids):
            ids[row, : len(found)] = found
            mask[row, : len(found)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        result: Vectors = self._session.run(None, feeds)[0].astype(np.float32)
        return result


def token_batches(counts: list[int]) -> list[list[int]]:
    """Group text positions, shortest first, into batches of at most ``TOKEN_BUDGET``
    padded tokens (a longer text runs alone) and ``MAX_BATCH`` texts."""
    order = sorted(range(len(counts)), key=counts.__getitem__)
    batches: list[list[int]] = []
    for i in order:
        batch = batches[-1] if batches else None
        # Sorted, so this text is the longest of its batch and sets the padded width.
        if batch and len(batch) < MAX_BATCH and (len(batch) + 1) * counts[i] <= TOKEN_BUDGET:
            batch.append(i)
        else:
            batches.append([i])
    return batches
