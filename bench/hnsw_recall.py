"""Measure HNSW recall@10 against exact search for several ``ef_search`` values.

    PAPERCORD_CHROMA__PATH=var/bench/scale-10000/index python -m bench.hnsw_recall

Queries are the dev questions plus chunks of the index itself, each nudged by noise
(so a chunk is not trivially its own neighbour); the truth is the exact cosine top 10
over every chunk vector. Chroma keeps a collection's HNSW settings for the life of the
process that first searched it (a new client in the same process reads the old ones),
so each ``ef_search`` is set by one child process (``modify``) and measured by another;
the collection's own value is set back at the end. Figures only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

import numpy as np

from bench.scale import percentile
from bot.settings import build_engine, load_settings
from retrieval.config import DATA

K = 10


def main() -> None:
    """Print recall@10 and query latency per ef_search, each measured in its own process."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ef", type=int, action="append", help="ef_search (repeatable)")
    parser.add_argument("--sampled", type=int, default=200, help="chunks used as queries")
    parser.add_argument("--set", type=int, help=argparse.SUPPRESS)  # child: set, print old
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)  # child: measure
    args = parser.parse_args()
    if args.set is not None:
        print(set_ef(args.set))
        return
    if args.measure is not None:
        measure(args.measure, args.sampled)
        return
    original = None
    try:
        for ef in args.ef or [100, 200, 400, 800]:
            before = int(child("--set", str(ef)))
            original = before if original is None else original
            sys.stdout.write(child("--measure", str(ef), "--sampled", str(args.sampled)))
    finally:
        if original is not None:
            child("--set", str(original))


def child(*argv: str) -> str:
    """Run this module in a new process; return what it printed."""
    command = [sys.executable, "-m", "bench.hnsw_recall", *argv]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def set_ef(ef: int) -> int:
    """Set the active chunk collection's ef_search; return the value it had."""
    engine = build_engine(load_settings())
    store, generation = engine.store, engine.searcher.index.generation
    collection = store._collection(generation, "chunks")
    before = int(collection.configuration_json.get("hnsw", {}).get("ef_search", 0) or 0)
    collection.modify(configuration={"hnsw": {"ef_search": ef}})
    store.close()
    return before


def measure(ef: int, sampled: int) -> None:
    """Print recall@10 and latency of the active chunk collection as it is set now."""
    engine = build_engine(load_settings())
    searcher = engine.searcher
    index, store = searcher.index, searcher.store
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    asked = [json.loads(line)["question"] for line in lines if line.strip()]
    assert searcher.embedder is not None
    rng = np.random.default_rng(3)
    held = index.chunk_vectors
    picked = held[rng.choice(len(held), size=min(sampled, len(held)), replace=False)]
    noisy = picked + rng.normal(0, 0.02, picked.shape).astype(np.float32)
    queries = np.vstack([searcher.embedder.embed(asked), noisy])
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    ids = np.array([c.id for c in index.chunks])
    truth = [set(ids[np.argsort(-(held @ q))[:K]]) for q in queries]
    recalls, samples = [], []
    for query, expected in zip(queries, truth, strict=True):
        started = time.perf_counter()
        found = {i for i, _ in store.query(index.generation, "chunks", query, K)}
        samples.append((time.perf_counter() - started) * 1000)
        recalls.append(len(found & expected) / K)
    print(
        f"ef_search {ef:4d}: recall@{K} {np.mean(recalls):.3f} "
        f"(questions {np.mean(recalls[: len(asked)]):.3f}), "
        f"query p50 {percentile(samples, 0.5):.1f} ms p95 {percentile(samples, 0.95):.1f} ms "
        f"({len(index.chunks)} chunks, {len(queries)} queries)"
    )


if __name__ == "__main__":
    main()
