"""Measure what a user waits for: warm ask latency, query embedding, autocomplete, memory.

    python -m bench.ask_latency [--rounds 5] [--file data/eval/dev2.jsonl ...]

Questions are the dev set's (every type), asked in-process after a warm-up, in hybrid
mode. Prints p50/p90/p99 per operation and the process's resident memory (RSS) after
the run. Figures only: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bot.settings import build_engine, load_settings
from retrieval.config import DATA


def percentiles(samples: list[float]) -> str:
    """Return p50 / p90 / p99 / max of millisecond samples."""
    ordered = sorted(samples)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]

    return (
        f"p50 {at(0.5):6.2f} ms   p90 {at(0.9):6.2f} ms   p99 {at(0.99):6.2f} ms   "
        f"max {ordered[-1]:6.2f} ms   (n={len(ordered)})"
    )


def timed(function: Callable[[], object], rounds: int) -> list[float]:
    """Return the milliseconds each call took."""
    samples = []
    for _ in range(rounds):
        started = time.perf_counter()
        function()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def rss_mb() -> float:
    """Return this process's current resident set size in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5, help="passes over the question set")
    parser.add_argument(
        "--file", type=Path, action="append", help="question files (default: dev.jsonl)"
    )
    args = parser.parse_args()
    settings = load_settings()
    started = time.perf_counter()
    engine = build_engine(settings)
    engine.reload()
    print(f"start-up (model + index load + warm-up): {(time.perf_counter() - started):.2f} s")
    files = args.file or [DATA / "eval" / "dev.jsonl"]
    questions = [json.loads(line)["question"] for path in files for line in path.open()]
    for question in questions:  # warm every code path once
        engine.ask(question)
    ask: list[float] = []
    embed: list[float] = []
    for _ in range(args.rounds):
        for question in questions:
            ask += timed(functools.partial(engine.ask, question), 1)
            embed += timed(functools.partial(engine.embedder.embed_one, question), 1)
    prefixes = ["", "q", "qua", "quant", "fpga", "graph neu", "xyz"]
    complete = [
        t
        for _ in range(50)
        for p in prefixes
        for t in timed(functools.partial(engine.complete_titles, p), 1)
    ]
    paper = [
        t
        for q in ["gptq", "sagman", "spatial mixture"]
        for t in timed(functools.partial(engine.paper, q), 20)
    ]
    author = timed(lambda: engine.author("hoefler"), 20)
    print(f"ask (hybrid, warm, in-process)  {percentiles(ask)}")
    print(f"query embedding                 {percentiles(embed)}")
    print(f"title autocomplete (<=25)       {percentiles(complete)}")
    print(f"paper lookup                    {percentiles(paper)}")
    print(f"author summary                  {percentiles(author)}")
    print(f"steady RSS after the run: {rss_mb():.0f} MB")
    print(f"median ask: {statistics.median(ask):.2f} ms over {len(ask)} questions")


if __name__ == "__main__":
    main()
