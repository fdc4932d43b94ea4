"""Measure what serving a private copy of the index costs a reader, at N papers.

    python -m bench.snapshot_copy [--papers 10000] [--runs 5]

``papercord ask`` (and paper, author, cite, eval, chat) serve a copy of the index, as the
bot does, because Chroma rewrites the files of an index it opens
(``retrieval/index/snapshot.py``). The copy is the price: disk the size of the index in
the temporary folder, and the time to make it before the first answer.

For each N this builds, once, an index of the bundled pages plus N synthetic papers
(``bench.scale``'s snapshot rows) in ``var/bench/snapshot-N/index``. It embeds them with
the tests' hashing stand-in for the model (``tests.conftest.FakeEmbedder``): the index
then holds as many 384-dimension float32 vectors as with the real model (one per chunk
and per sentence, up to ``retrieval.sentence_vectors_up_to`` papers), so its files have
the real sizes, and the build takes minutes instead of the ~20 the model needs at 10k.
Then, ``--runs`` times each: the copy alone (``Snapshot``), and opening the index for
answering in place and on a copy (``Engine(...).reload()``, the start of every reader
command).

Figures only: nothing here asserts a time. A shared machine makes them noisy.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from bench.scale import write_snapshot
from bot.settings import load_settings
from retrieval.config import ROOT
from retrieval.engine import Engine
from retrieval.index.snapshot import Snapshot
from tests.conftest import FakeEmbedder

OUT = ROOT / "var" / "bench"


def folder_mb(folder: Path) -> float:
    """Return the size of every file under a folder, in MB."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def build(n: int) -> tuple[Path, float]:
    """Build (once) the index of the pages plus n synthetic papers; return it and the
    seconds the build took (0 when it was already there)."""
    settings = load_settings()
    folder = OUT / f"snapshot-{n}"
    snapshot = folder / "snapshot.json"
    write_snapshot(snapshot, n)
    index = folder / "index"
    chroma = settings.chroma.model_copy(update={"path": index, "mode": "embedded"})
    engine = Engine(settings.retrieval, chroma, FakeEmbedder())
    paths = [settings.paths.corpus, snapshot]
    if engine.is_current(paths):
        return index, 0.0
    started = time.perf_counter()
    engine.ingest(paths)
    engine.store.close()
    return index, time.perf_counter() - started


def opened(index: Path, read_only: bool) -> float:
    """Return the seconds to open the index for answering (in place, or on a copy)."""
    settings = load_settings()
    chroma = settings.chroma.model_copy(update={"path": index, "mode": "embedded"})
    started = time.perf_counter()
    engine = Engine(settings.retrieval, chroma, FakeEmbedder(), read_only=read_only)
    engine.reload()
    seconds = time.perf_counter() - started
    engine.store.close()
    if engine._snapshot is not None:
        engine._snapshot.remove()
    return seconds


def measure(n: int, runs: int) -> dict[str, float]:
    """Return the figures for n papers."""
    index, built = build(n)
    copies = []
    for _ in range(runs):
        started = time.perf_counter()
        copy = Snapshot(index)
        copies.append(time.perf_counter() - started)
        copy.remove()
    in_place = [opened(index, read_only=False) for _ in range(runs)]
    on_copy = [opened(index, read_only=True) for _ in range(runs)]
    return {
        "papers": n,
        "index_mb": folder_mb(index),
        "build_s": built,
        "copy_s_median": statistics.median(copies),
        "copy_s_min": min(copies),
        "open_in_place_s": statistics.median(in_place),
        "open_on_copy_s": statistics.median(on_copy),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, action="append", help="N (repeatable)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(
        "| papers | index MB | copy s (median) | copy s (min) | open in place s "
        "| open on a copy s |\n|---:|---:|---:|---:|---:|---:|"
    )
    for n in args.papers or [10_000]:
        row = measure(n, args.runs)
        print(
            f"| {row['papers']} | {row['index_mb']:.0f} | {row['copy_s_median']:.2f} "
            f"| {row['copy_s_min']:.2f} | {row['open_in_place_s']:.2f} "
            f"| {row['open_on_copy_s']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
