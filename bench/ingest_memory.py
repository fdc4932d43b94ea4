"""Peak memory of an ingest's phases at N synthetic papers, without the model.

    python -m bench.ingest_memory [--papers 40000]

Runs ``papercord ingest --replace data/pages snapshot.json`` in this process on a
temporary index, chunks only (as at 100k), with the embedder replaced by random unit
vectors: the model's time and memory are left out, so what grows with N (Chroma's
client, BM25 and the terms counted, the cache files written at the end) shows in a few
minutes instead of an hour. RSS is sampled every 50 ms and its peak is printed per
phase: the batches, BM25 and terms (``keep``), then each file ``Keeping.finish``
writes. Figures only: nothing here asserts a size.
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from bench.scale import rss_mb, write_snapshot
from cli.main import main as papercord
from retrieval.index import (
    abstracts,
    author_rows,
    bm25,
    chunk_rows,
    compact,
    embedding,
    paper_terms,
    titles,
)
from retrieval.index.cache import Keeping
from retrieval.index.embedding import Vectors
from retrieval.ingest import building

SAMPLE_S = 0.05


class Phases:
    """The peak RSS of each phase, sampled on a thread while the phases run."""

    def __init__(self) -> None:
        self.current = "batches"
        self.peaks: dict[str, float] = {}
        threading.Thread(target=self._sample, daemon=True).start()

    def _sample(self) -> None:
        while True:
            rss = rss_mb()
            self.peaks[self.current] = max(self.peaks.get(self.current, 0), rss)
            time.sleep(SAMPLE_S)

    def mark(self, owner: Any, name: str, phase: str) -> None:
        """Count the time ``owner.name`` runs as ``phase``."""
        method: Callable[..., Any] = getattr(owner, name)

        @functools.wraps(method)
        def marked(*args: Any, **kwargs: Any) -> Any:
            before, self.current = self.current, phase
            try:
                return method(*args, **kwargs)
            finally:
                self.current = before

        setattr(owner, name, marked)


def random_vectors(seed: int) -> Callable[[Any, list[str]], Vectors]:
    """Return an ``Embedder.embed`` that gives random unit vectors."""
    rng = np.random.default_rng(seed)

    def embed(self: Any, texts: list[str]) -> Vectors:
        vectors = rng.standard_normal((len(texts), embedding.DIMENSIONS)).astype(np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return np.asarray(vectors / norms, dtype=np.float32)

    return embed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=40_000)
    args = parser.parse_args()
    phases = Phases()
    embedding.Embedder.embed = random_vectors(0)  # type: ignore[method-assign, assignment]
    phases.mark(building._Batches, "keep", "BM25 and terms")
    phases.mark(Keeping, "finish", "finish")
    phases.mark(abstracts.Abstracts, "write", "abstracts")
    phases.mark(compact.Int8Scores, "of", "int8 rows")
    phases.mark(bm25.BM25, "save", "BM25 files")
    phases.mark(paper_terms.PaperTerms, "save", "terms files")
    phases.mark(author_rows.AuthorRows, "of", "author rows")
    phases.mark(titles.TitleWords, "of", "title words")
    phases.mark(chunk_rows.ChunkRows, "rough_norms", "rough norms")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        snapshot = folder / "snapshot.json"
        write_snapshot(snapshot, args.papers)
        os.environ["PAPERCORD_CHROMA__PATH"] = str(folder / "index")
        os.environ["PAPERCORD_PATHS__STATE"] = str(folder / "state")
        os.environ["PAPERCORD_RETRIEVAL__SENTENCE_VECTORS_UP_TO"] = "0"
        started = time.perf_counter()
        papercord(["ingest", "--replace", "data/pages", str(snapshot)])
        wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{args.papers} papers, random vectors: {wall:.0f} s, peak RSS {peak} MB")
    for phase, mb in phases.peaks.items():
        print(f"  {phase:16} peak {mb:.0f} MB")


if __name__ == "__main__":
    main()
