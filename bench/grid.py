"""Choose chunking, fusion and the single-mode thresholds on a labelled question set.

(Hybrid mode decides with the calibrated models instead: see ``bench.tune``.)

For each chunk configuration the corpus is indexed into a temporary folder; each
question's raw signals are computed once per mode, then ``retrieval.search.rank`` (the
function the bot uses) is re-run for every combination in the grid. Prints Markdown
tables: the best settings per chunk size and fusion method, and a sensitivity table
around the chosen default.

    python -m bench.grid [--file data/eval/dev.jsonl]
"""

from __future__ import annotations

import argparse
import itertools
import tempfile
from pathlib import Path
from typing import Any

from bot.settings import load_settings
from retrieval.config import DATA, MODES, ChromaSettings, Mode, RetrievalSettings
from retrieval.engine import Engine
from retrieval.evaluation.scoring import Report, load_questions, score
from retrieval.index.embedding import Embedder
from retrieval.models import Answer, Filters
from retrieval.search.decision import Signals, rank
from retrieval.search.searcher import query_weights

CHUNKS = [(64, 16), (128, 32), (256, 32)]
GRID = {
    "fusion": ["rrf", "convex"],
    "cutoff": ["relevance", "fused"],
    "vector_weight": [0.3, 0.4, 0.5, 0.6],
    "cosine_floor": [0.0, 0.15, 0.25],
    "cosine_ceiling": [0.6, 0.8, 1.0],
    "min_relevance": [0.2, 0.25, 0.3, 0.35],
    "relevance_ratio": [0.5, 0.6, 0.7],
    "abstain_below": [0.35, 0.4, 0.45],
}
Cached = list[tuple[dict[str, Any], dict[Mode, dict[str, Signals]]]]


def collect(engine: Engine, questions: list[dict[str, Any]]) -> Cached:
    """Return each question's signals in every mode (author questions are skipped)."""
    searcher = engine.searcher
    cached: Cached = []
    for row in questions:
        if row["type"] == "author":
            continue
        weights = query_weights(searcher.index, row["question"])
        vector = engine.embedder.embed_one(row["question"])
        per_mode = {
            mode: searcher.signals(weights, None if mode == "bm25" else vector, mode, Filters())
            for mode in MODES
        }
        cached.append((row, per_mode))
    return cached


def measure(
    cached: Cached, mode: Mode, settings: RetrievalSettings, titles: dict[str, str]
) -> Report:
    """Return the metrics of one mode under one set of settings."""
    report = Report(mode)
    for row, per_mode in cached:
        ranking = rank(per_mode[mode], mode, settings)
        returned = [] if ranking.abstained else ranking.relevant[: settings.results]
        answer = Answer(row["question"], mode, ranking.abstained, (), ranking=tuple(ranking.order))
        score(report, row, answer, titles)
        if returned and row["type"] == "multi":  # score the returned titles, not Result objects
            report.outcomes[-1] = _multi(report.outcomes[-1], row, [titles[p] for p in returned])
    return report


def _multi(outcome: Any, row: dict[str, Any], returned: list[str]) -> Any:
    """Return a multi question's outcome scored on returned titles."""
    from dataclasses import replace

    from retrieval.ingest.corpus import title_key

    keys, gold = {title_key(t) for t in returned}, {title_key(t) for t in row["gold"]}
    hits = len(keys & gold)
    p, r = hits / len(keys), hits / len(gold)
    return replace(outcome, values={"P": p, "R": r, "F1": 2 * p * r / (p + r) if hits else 0.0})


def objective(summary: dict[str, Any]) -> float:
    """One number to maximize: MRR, multi F1, abstain accuracy on none and paper questions."""
    return float(
        summary["MRR"]
        + summary["multi_F1"]
        + summary["none_abstain_rate"]
        - summary["paper_wrongly_abstained"]
    )


def best_over_grid(
    cached: Cached,
    mode: Mode,
    settings: RetrievalSettings,
    titles: dict[str, str],
    fusions: list[str],
) -> tuple[float, dict[str, Any], dict[str, Any]]:
    """Return the best objective, its settings and its metrics for one mode."""
    keys = list(GRID)[1:]
    best: tuple[float, dict[str, Any], dict[str, Any]] | None = None
    for fusion in fusions:
        for values in itertools.product(*(GRID[k] for k in keys)):
            chosen = {"fusion": fusion, **dict(zip(keys, values, strict=True))}
            summary = measure(cached, mode, settings.model_copy(update=chosen), titles).summary()
            value = objective(summary)
            if best is None or value > best[0]:
                best = (value, chosen, summary)
    assert best is not None
    return best


def row(label: str, chosen: dict[str, Any], s: dict[str, Any]) -> str:
    """Return one Markdown table row."""
    return (
        f"| {label} | {chosen['fusion']} | {chosen['cutoff']} | {chosen['vector_weight']} "
        f"| {chosen['cosine_floor']}..{chosen['cosine_ceiling']} | {chosen['min_relevance']} "
        f"| {chosen['relevance_ratio']} | {chosen['abstain_below']} | {s['MRR']:.3f} "
        f"| {s['multi_F1']:.3f} | {s['none_abstain_rate']:.3f} "
        f"| {s['paper_wrongly_abstained']:.3f} | {objective(s):.3f} |"
    )


HEADER = (
    "| {first} | fusion | cutoff | w | cosine | min_rel | ratio | abstain | MRR | multi F1 "
    "| none abst. | paper abst. | objective |\n"
    "|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, default=DATA / "eval" / "dev.jsonl")
    args = parser.parse_args()
    base = load_settings()
    embedder = Embedder(base.paths.model)  # loaded once for every chunk size
    questions = load_questions(args.file)
    default = {k: getattr(base.retrieval, k) for k in GRID}
    print("Best hybrid settings per chunk size and fusion method:\n")
    print(HEADER.format(first="chunk"))
    chosen_cache: tuple[Cached, dict[str, str]] | None = None
    for size, overlap in CHUNKS:
        with tempfile.TemporaryDirectory() as tmp:
            settings = base.retrieval.model_copy(
                update={"chunk_size": size, "chunk_overlap": overlap}
            )
            engine = Engine(settings, ChromaSettings(path=Path(tmp)), embedder)
            engine.ingest([base.paths.corpus])
            titles = engine.titles()
            cached = collect(engine, questions)
        if (size, overlap) == (base.retrieval.chunk_size, base.retrieval.chunk_overlap):
            chosen_cache = (cached, titles)
        for fusion in GRID["fusion"]:
            _, chosen, summary = best_over_grid(cached, "hybrid", settings, titles, [fusion])
            print(row(f"{size}/{overlap}", chosen, summary))
    assert chosen_cache is not None, "the configured chunk size is not in CHUNKS"
    cached, titles = chosen_cache
    print("\nEach mode at the configured defaults, and at its own best thresholds:\n")
    print(HEADER.format(first="mode"))
    for mode in MODES:
        summary = measure(cached, mode, base.retrieval, titles).summary()
        print(row(f"{mode} (defaults)", default, summary))
        _, chosen, summary = best_over_grid(cached, mode, base.retrieval, titles, ["convex"])
        print(row(f"{mode} (own best)", chosen, summary))
    print("\nSensitivity of hybrid around the defaults (one setting varied at a time):\n")
    print(HEADER.format(first="varied"))
    for key, values in GRID.items():
        for value in values:
            trial = base.retrieval.model_copy(update={key: value})
            summary = measure(cached, "hybrid", trial, titles).summary()
            print(row(f"{key}={value}", {**default, key: value}, summary))


if __name__ == "__main__":
    main()
