"""Measure three ways to apply a year, subject or author filter to the vector search.

    PAPERCORD_CHROMA__PATH=var/bench/scale-10000/index python -m bench.filters

On the active index, for each filter: (a) Chroma ``where`` (the year only: subjects and
authors are stored as JSON text, which ``where`` cannot test per element), (b) pre-filter:
the allowed chunks' vectors, held in memory, scored exactly with numpy, (c) over-fetch:
an unfiltered Chroma query for ``candidates / selectivity`` chunks (at most 1,000), then
the allowed ones kept. Prints each one's wall p50 / p95 in ms and its recall of the 50
best allowed chunks (exact search is the truth). Figures only.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import Counter
from collections.abc import Callable

import numpy as np

from bench.scale import percentile
from bot.settings import build_engine, load_settings
from retrieval.config import DATA
from retrieval.index.filtering import matches, year_where
from retrieval.models import Filters

TOP = 50  # the searcher's candidates
MOST = 1000  # largest over-fetch tried


def timed(run: Callable[[int], set[str]], count: int) -> tuple[list[float], list[set[str]]]:
    """Return each call's wall ms and what it found."""
    samples, found = [], []
    for n in range(count):
        started = time.perf_counter()
        found.append(run(n))
        samples.append((time.perf_counter() - started) * 1000)
    return samples, found


def main() -> None:
    """Print the figures for each filter on the active index."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=92)
    args = parser.parse_args()
    engine = build_engine(load_settings())
    searcher = engine.searcher
    index, store = searcher.index, searcher.store
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    asked = [json.loads(line)["question"] for line in lines if line.strip()][: args.questions]
    vectors = searcher.embedder.embed(asked) if searcher.embedder else None
    assert vectors is not None
    chunk_ids = np.array([c.id for c in index.chunks])
    chunk_papers = [c.paper_id for c in index.chunks]
    counts = Counter(a for p in index.papers.values() for a in p.authors)
    ranked = [name for name, _ in counts.most_common()]
    filters = {
        "year 2020..2022": Filters(year_from=2020, year_to=2022),
        "subject cs.DC": Filters(subject="cs.DC"),
        f"author {ranked[0]} ({counts[ranked[0]]} papers)": Filters(author=ranked[0]),
        f"author {ranked[len(ranked) // 2]} ({counts[ranked[len(ranked) // 2]]} papers)": Filters(
            author=ranked[len(ranked) // 2]
        ),
    }
    count = len(asked)
    plain, _ = timed(
        lambda n: {i for i, _ in store.query(index.generation, "chunks", vectors[n], TOP)}, count
    )
    print(f"{len(index.papers)} papers, {len(index.chunks)} chunks, {count} questions")
    p50, p95 = percentile(plain, 0.5), percentile(plain, 0.95)
    print(f"unfiltered Chroma query, {TOP}: p50 {p50:.1f} ms  p95 {p95:.1f} ms")
    for name, chosen in filters.items():
        allowed = {pid for pid, p in index.papers.items() if matches(p, chosen)}
        rows = np.array([n for n, pid in enumerate(chunk_papers) if pid in allowed])
        share = len(rows) / len(index.chunks)

        def exact(n: int, rows: np.ndarray = rows) -> set[str]:
            scores = index.chunk_vectors[rows] @ vectors[n]
            best = np.argpartition(-scores, min(TOP, len(rows)) - 1)[:TOP]
            return set(chunk_ids[rows[best]])

        fetch = min(MOST, math.ceil(TOP / max(share, 1e-9)), len(index.chunks))

        def overfetch(n: int, fetch: int = fetch, allowed: set[str] = allowed) -> set[str]:
            hits = store.query(index.generation, "chunks", vectors[n], fetch)
            kept = [i for i, _ in hits if searcher.retrievers.chunk_papers[i] in allowed]
            return set(kept[:TOP])

        truth_ms, truth = timed(exact, count)
        strategies = {"pre-filter (exact)": (truth_ms, truth)}
        strategies[f"over-fetch {fetch}"] = timed(overfetch, count)
        where = year_where(chosen)
        if where is not None:
            strategies["Chroma where"] = timed(
                lambda n, w=where: {
                    i for i, _ in store.query(index.generation, "chunks", vectors[n], TOP, w)
                },
                count,
            )
        print(f"\n{name}: {len(allowed)} papers, {len(rows)} chunks ({share:.1%})")
        for label, (ms, found) in strategies.items():
            recall = np.mean(
                [len(f & t) / max(1, len(t)) for f, t in zip(found, truth, strict=True)]
            )
            print(
                f"  {label:24s} p50 {percentile(ms, 0.5):7.1f} ms  "
                f"p95 {percentile(ms, 0.95):7.1f} ms  recall@{TOP} {recall:.3f}"
            )


if __name__ == "__main__":
    main()
