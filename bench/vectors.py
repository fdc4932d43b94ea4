"""Compare ways of scoring chunk vectors: recall against float32 exact, time, memory.

    PAPERCORD_CHROMA__PATH=var/bench-10k/index python -m bench.vectors [--questions 400]
        [--synthetic 240000 --probes 100] [--ef 50 --ef 100 ...] [--no-hnsw]

On the index at ``chroma.path`` (its cache folder must be writable only for the HNSW
rows, which change the chunk collection's ``ef_search``: use a copy), each candidate
ranks every chunk for a few hundred eval questions (their text, embedded as questions
are; never printed) and keeps the best ``candidates`` (50), as ``Retrievers.nearest``
does. Candidates:

* float32 exact (what serving does below the compact limit): ``vectors @ q``;
* float16 exact: the rows stored as float16, scored in float32 blocks, no re-score;
* float16 or int8 first stage, then the best K re-scored exactly from the float32 rows;
  int8 per vector (one scale per row; ``retrieval.index.compact``) or per dimension (one
  scale per column, folded into the query), scored by onnxruntime's MatMulInteger;
* Chroma's HNSW for the first stage (K nearest at each ``ef_search``), re-scored exactly.

Printed per candidate: recall@10 and @50 of the final ranking against float32 exact,
the share of questions whose 50 rows *and* scores are byte-identical to it, p50/p95 ms
per question on the index, and again on a synthetic matrix of ``--synthetic`` random
unit rows (time only: random rows say nothing of recall), and the MB the scanned matrix
holds. HNSW is timed only on the index (building a 240k-row collection here takes far
longer than the rest). Chroma fetches K = 200, so an ``ef_search`` below 200 searches
with 200; and a process keeps the HNSW segment it loaded first, so give one ``--ef``
per run (``--hnsw-only``) to measure several. Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bench.scale import percentile
from bot.settings import build_engine, load_settings
from retrieval.config import DATA
from retrieval.index.compact import Int8Scores, quantize
from retrieval.index.embedding import DIMENSIONS, Vectors
from retrieval.index.top import top_k

Rows = npt.NDArray[np.intp]
Ranker = Callable[[Vectors], tuple[Rows, Vectors]]  # a question -> its best rows, scores
N = 50  # retrieval.candidates
BLOCK = 8192


@dataclass(frozen=True)
class Candidate:
    name: str
    rank: Ranker
    megabytes: float


def main() -> None:
    """Print one row per candidate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=400)
    parser.add_argument("--synthetic", type=int, default=240_000, help="rows (0: skip)")
    parser.add_argument("--probes", type=int, default=100, help="queries timed on them")
    parser.add_argument("--ef", type=int, action="append", help="ef_search (repeatable)")
    parser.add_argument("--no-hnsw", action="store_true")
    parser.add_argument("--hnsw-only", action="store_true", help="only the HNSW rows")
    parser.add_argument("--repeat", type=int, default=1, help="timing passes over the questions")
    args = parser.parse_args()
    engine = build_engine(load_settings())
    searcher = engine.searcher
    index = searcher.index
    assert searcher.embedder is not None
    queries = searcher.embedder.embed(_questions(args.questions))
    vectors = np.asarray(index.chunk_vectors)
    print(f"{len(vectors)} chunks, {len(queries)} questions, top {N}; timing is noisy here")
    truth = [_exact(vectors)(q) for q in queries]
    candidates = [] if args.hnsw_only else _candidates(vectors)
    if not args.no_hnsw:
        candidates += _hnsw(engine, vectors, args.ef or [50, 100, 200, 400])
    synthetic = _synthetic(args.synthetic)
    by_name = {c.name: c for c in _candidates(synthetic)} if len(synthetic) else {}
    header = "| candidate | recall@10 | recall@50 | identical | ms p50 / p95 | MB |"
    print(header + f" {len(synthetic)} rows: ms p50 / p95 | MB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for candidate in candidates:
        found = [candidate.rank(q) for q in queries]
        recall10 = np.mean([_recall(f[0], t[0], 10) for f, t in zip(found, truth, strict=True)])
        recall50 = np.mean([_recall(f[0], t[0], N) for f, t in zip(found, truth, strict=True)])
        same = np.mean([_identical(f, t) for f, t in zip(found, truth, strict=True)])
        row = (
            f"| {candidate.name} | {recall10:.4f} | {recall50:.4f} | {same:.3f} "
            f"| {_timed(candidate.rank, queries, args.repeat)} | {candidate.megabytes:.1f} |"
        )
        big = by_name.get(candidate.name)
        if big is None:
            row += " | |"
        else:
            probes = _probes(synthetic, args.probes)
            row += f" {_timed(big.rank, probes, args.repeat)} | {big.megabytes:.1f} |"
        print(row, flush=True)
    if by_name:
        _paired(by_name, _probes(synthetic, args.probes), len(synthetic))


def _paired(by_name: dict[str, Candidate], probes: list[Vectors], rows: int) -> None:
    """Print int8 + re-score 200 against float32 exact, query by query in turn (A B A B),
    as the median of the per-query ratios: load that drifts moves both alike."""
    exact = by_name["float32 exact (today)"].rank
    int8 = by_name["int8 per vector + re-score 200"].rank
    walls, cpus = [], []
    for query in probes:
        spent = []
        for rank in (int8, exact):
            wall, cpu = time.perf_counter(), time.process_time()
            rank(query)
            spent.append((time.perf_counter() - wall, time.process_time() - cpu))
        walls.append(spent[0][0] / spent[1][0])
        cpus.append(spent[0][1] / max(spent[1][1], 1e-9))
    print(
        f"paired, {rows} rows, {len(probes)} queries: int8 + re-score 200 / float32 exact "
        f"= wall {np.median(walls):.2f}, process CPU {np.median(cpus):.2f} (median ratios)"
    )


def _questions(limit: int) -> list[str]:
    """Return up to ``limit`` distinct eval questions, a fixed sample across every set."""
    asked: dict[str, None] = {}
    for path in sorted((DATA / "eval").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                asked.setdefault(json.loads(line)["question"], None)
    ordered = list(asked)
    picked = np.random.default_rng(3).permutation(len(ordered))[:limit]
    return [ordered[i] for i in sorted(picked)]


def _candidates(vectors: Vectors) -> list[Candidate]:
    rows = len(vectors)
    half = vectors.astype(np.float16)
    int8, scales = quantize(vectors)
    per_vector = Int8Scores(int8, scales)
    per_dimension = _per_dimension(vectors)
    full = rows * DIMENSIONS
    found = [
        Candidate("float32 exact (today)", _exact(vectors), full * 4 / 1e6),
        Candidate("float16 exact", _ranked(lambda q: _half_scores(half, q)), full * 2 / 1e6),
    ]
    for k in (200,):
        found.append(
            Candidate(
                f"float16 + re-score {k}",
                _rescored(lambda q: _half_scores(half, q), vectors, k),
                full * 2 / 1e6,
            )
        )
    for k in (100, 200, 400):
        found.append(
            Candidate(
                f"int8 per vector + re-score {k}",
                _rescored(per_vector, vectors, k),
                (full + rows * 4) / 1e6,
            )
        )
    found.append(Candidate("int8 per vector, no re-score", _ranked(per_vector), full / 1e6))
    for k in (200,):
        found.append(
            Candidate(
                f"int8 per dimension + re-score {k}",
                _rescored(per_dimension, vectors, k),
                (full + DIMENSIONS * 4) / 1e6,
            )
        )
    return found


def _exact(vectors: Vectors) -> Ranker:
    return _ranked(lambda q: np.asarray(vectors @ q))


def _ranked(score: Callable[[Vectors], Vectors]) -> Ranker:
    def rank(query: Vectors) -> tuple[Rows, Vectors]:
        scores = score(query)
        top = top_k(scores.astype(np.float64), N)
        return top, scores[top]

    return rank


def _rescored(score: Callable[[Vectors], Vectors], vectors: Vectors, k: int) -> Ranker:
    def rank(query: Vectors) -> tuple[Rows, Vectors]:
        first = top_k(score(query).astype(np.float64), k)
        return _rescore(vectors, np.sort(first), query)

    return rank


def _rescore(vectors: Vectors, rows: Rows, query: Vectors) -> tuple[Rows, Vectors]:
    exact = np.asarray(vectors[rows] @ query)
    top = top_k(exact.astype(np.float64), N)
    return rows[top], exact[top]


def _half_scores(half: npt.NDArray[np.float16], query: Vectors) -> Vectors:
    scores = np.empty(len(half), dtype=np.float32)
    for begin in range(0, len(half), BLOCK):
        scores[begin : begin + BLOCK] = half[begin : begin + BLOCK].astype(np.float32) @ query
    return scores


def _per_dimension(vectors: Vectors) -> Callable[[Vectors], Vectors]:
    """Return a scorer of int8 rows with one scale per dimension, folded into the query."""
    largest = np.abs(vectors).max(axis=0) if len(vectors) else np.ones(DIMENSIONS)
    column = np.where(largest > 0, largest / 127, 1.0).astype(np.float32)
    int8 = np.rint(vectors / column).clip(-127, 127).astype(np.int8)
    scorer = Int8Scores(int8, np.ones(len(vectors), dtype=np.float32))
    return lambda query: scorer(query * column)


def _hnsw(engine: object, vectors: Vectors, efs: list[int]) -> list[Candidate]:
    """Return Chroma HNSW first stages, each at one ``ef_search`` (set on the collection)."""
    searcher = engine.searcher  # type: ignore[attr-defined]
    generation = searcher.index.generation
    rows = {c.id: row for row, c in enumerate(searcher.index.chunks)}
    found = []
    for ef in efs:
        store = build_engine(load_settings()).store
        store._collection(generation, "chunks").modify(configuration={"hnsw": {"ef_search": ef}})
        store.close()  # a fresh client: the segment re-reads its configuration
        store = build_engine(load_settings()).store

        def rank(query: Vectors, store: object = store) -> tuple[Rows, Vectors]:
            hits = store.query(generation, "chunks", query, 200)  # type: ignore[attr-defined]
            picked = np.sort(np.fromiter((rows[c] for c, _ in hits), np.intp, len(hits)))
            return _rescore(vectors, picked, query)

        # Chroma's index is its own memory (~3.7 KB a chunk, issue 8), not this process's
        # arrays: the figure printed is that estimate.
        found.append(Candidate(f"HNSW ef_search {ef} + re-score 200", rank, len(vectors) * 3.7e-3))
    return found


def _synthetic(rows: int) -> Vectors:
    """Return ``rows`` random unit vectors (seed 3), built in blocks."""
    rng = np.random.default_rng(3)
    out = np.empty((rows, DIMENSIONS), dtype=np.float32)
    for begin in range(0, rows, BLOCK * 8):
        block = rng.standard_normal((min(BLOCK * 8, rows - begin), DIMENSIONS), np.float32)
        out[begin : begin + len(block)] = block / np.linalg.norm(block, axis=1, keepdims=True)
    return out


def _probes(vectors: Vectors, count: int) -> list[Vectors]:
    rng = np.random.default_rng(4)
    picked = vectors[rng.choice(len(vectors), size=count, replace=False)]
    noisy = picked + rng.normal(0, 0.05, picked.shape).astype(np.float32)
    return list(noisy / np.linalg.norm(noisy, axis=1, keepdims=True))


def _timed(rank: Ranker, queries: list[Vectors] | Vectors, repeat: int) -> str:
    samples = []
    for _ in range(repeat):
        for query in queries:
            started = time.perf_counter()
            rank(query)
            samples.append((time.perf_counter() - started) * 1000)
    return f"{percentile(samples, 0.5):.2f} / {percentile(samples, 0.95):.2f}"


def _recall(found: Rows, truth: Rows, k: int) -> float:
    return len(set(found[:k].tolist()) & set(truth[:k].tolist())) / min(k, len(truth))


def _identical(found: tuple[Rows, Vectors], truth: tuple[Rows, Vectors]) -> bool:
    return bool(np.array_equal(found[0], truth[0]) and found[1].tobytes() == truth[1].tobytes())


if __name__ == "__main__":
    main()
