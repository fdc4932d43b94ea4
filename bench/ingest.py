"""Measure ingest of the bundled corpus from scratch, and a re-ingest with nothing new.

    python -m bench.ingest [--runs 3]

Each run builds a fresh index in a temporary folder (model already prepared), so the
figure includes parsing, chunking, embedding every chunk and sentence, and the Chroma
writes. Figures only: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bot.settings import load_settings
from retrieval.engine import Engine
from retrieval.index.embedding import Embedder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    settings = load_settings()
    corpus = [settings.paths.corpus]
    scratch: list[float] = []
    again: list[float] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            chroma = settings.chroma.model_copy(update={"path": Path(folder)})
            started = time.perf_counter()
            engine = Engine(settings.retrieval, chroma, Embedder(settings.paths.model))
            report = engine.ingest(corpus)
            scratch.append(time.perf_counter() - started)
            started = time.perf_counter()
            engine.ingest(corpus)
            again.append(time.perf_counter() - started)
    print(
        f"ingest from scratch ({report.papers} papers, {report.chunks} chunks, "
        f"{report.sentences} sentences, model load included): "
        f"median {statistics.median(scratch):.2f} s, runs {[round(s, 2) for s in scratch]}"
    )
    print(
        f"re-ingest, nothing changed: median {statistics.median(again) * 1000:.0f} ms "
        f"(includes reloading the index and BM25)"
    )


if __name__ == "__main__":
    main()
