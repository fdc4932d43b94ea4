"""Measure HNSW recall@10 against exact search for several ``ef_search`` values.

    PAPERCORD_CHROMA__PATH=var/bench/scale-10000/index python -m bench.hnsw_recall

Queries are the dev questions plus chunks of the index itself, each nudged by noise
(so a chunk is not trivially its own neighbour); the truth is the exact cosine top 10
over every chunk vector. ``ef_search`` is changed on the active chunk collection with
Chroma's ``modify`` and set back to the first value given afterwards. Figures only.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from bench.scale import percentile
from bot.settings import build_engine, load_settings
from retrieval.config import DATA

K = 10


def main() -> None:
    """Print recall@10 and query latency per ef_search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ef", type=int, action="append", help="ef_search (repeatable)")
    parser.add_argument("--sampled", type=int, default=200, help="chunks used as queries")
    args = parser.parse_args()
    efs = args.ef or [100, 200, 400, 800]
    engine = build_engine(load_settings())
    searcher = engine.searcher
    index, store = searcher.index, searcher.store
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    asked = [json.loads(line)["question"] for line in lines if line.strip()]
    assert searcher.embedder is not None
    rng = np.random.default_rng(3)
    held = index.chunk_vectors
    picked = held[rng.choice(len(held), size=min(args.sampled, len(held)), replace=False)]
    noisy = picked + rng.normal(0, 0.02, picked.shape).astype(np.float32)
    queries = np.vstack([searcher.embedder.embed(asked), noisy])
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    ids = np.array([c.id for c in index.chunks])
    truth = [set(ids[np.argsort(-(held @ q))[:K]]) for q in queries]
    collection = store._collection(index.generation, "chunks")
    print(f"{len(index.chunks)} chunks, {len(queries)} queries ({len(asked)} questions)")
    for ef in efs:
        collection.modify(configuration={"hnsw": {"ef_search": ef}})
        store.close()  # a fresh client: the segment re-reads its configuration
        engine = build_engine(load_settings())
        store = engine.store
        collection = store._collection(index.generation, "chunks")
        recalls, samples = [], []
        for query, expected in zip(queries, truth, strict=True):
            started = time.perf_counter()
            found = {i for i, _ in store.query(index.generation, "chunks", query, K)}
            samples.append((time.perf_counter() - started) * 1000)
            recalls.append(len(found & expected) / K)
        print(
            f"ef_search {ef:4d}: recall@{K} {np.mean(recalls):.3f} "
            f"(questions {np.mean(recalls[: len(asked)]):.3f}), "
            f"query p50 {percentile(samples, 0.5):.1f} ms p95 {percentile(samples, 0.95):.1f} ms"
        )
    collection.modify(configuration={"hnsw": {"ef_search": efs[0]}})


if __name__ == "__main__":
    main()
