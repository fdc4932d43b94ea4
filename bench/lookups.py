"""Time /paper, /author and both autocompletes at N synthetic papers, without the model.

    python -m bench.lookups --papers 10000 [--papers 100000]

A full ingest of 100k papers takes ~90 minutes of both cores, ~75 of them in the model.
These lookups never embed anything: they read the papers, the chunk rows (a paper's
related papers and an author's representative ones are cosines of chunk vectors) and
the papers' stems (an author's themes). So this builds exactly that, with the real
code, from the same synthetic snapshot ``bench.scale`` ingests (bundled pages first):

1. the corpus is loaded and chunked as ingest chunks it (``chunk_paper``, the settings'
   window); each chunk gets a random unit vector (seeded), in place of the model's;
2. ``retrieval.index.loaded.keep`` fits BM25 and the paper terms and writes the
   generation's cache files, as an ingest does, into ``var/bench/lookups-N/cache``
   (built once; later runs read it);
3. a fresh process loads that generation from the cache files as a start does, builds
   the ``Lookup`` and times, over the inputs ``bench.scale`` uses: title and author
   autocomplete (70 prefixes), ``/author`` (30 names drawn from the listed authors, as
   the first process of a generation; 30 other names, each asked for the first time:
   ``author_uncached``; the same 30 in a second Lookup, as after a restart:
   ``author_restarted``) and ``/paper`` (30 typed title starts, a third misspelled, and
   9 titles not listed).

Random vectors make related papers meaningless but cost what real ones cost. Figures
only: nothing asserts a time. Prints a Markdown table; wall ms p50 / p95 / p99 / CPU p50.

    python -m bench.lookups record FILE [--papers 10000]
    python -m bench.lookups check FILE [--papers 10000]

``record`` writes what each lookup returns for ~2,000 inputs made from the titles and
authors (starts, middles, words being typed, typos, titles not listed); ``check`` lists
every input whose result differs, so a change to how lookups find things is compared on
the same corpus before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from bench.scale import OUT, SEED, latency, rss_mb, run_child, table, typed_from, write_snapshot
from retrieval.config import DATA, RetrievalSettings
from retrieval.index.cache import Tables
from retrieval.index.embedding import DIMENSIONS
from retrieval.index.loaded import from_cache, keep
from retrieval.ingest.chunking import chunk_paper
from retrieval.ingest.corpus import load_corpus

GENERATION = "bench"
PREFIXES = ["qu", "graph", "sparse", "hoe", "zh", "neural net", "x"] * 10  # as bench.scale


def build(n: int, cache: Path) -> None:
    """Write generation ``GENERATION`` of N synthetic papers into ``cache`` (once)."""
    if (cache / GENERATION / "tables.json").exists():
        return
    snapshot = OUT / f"scale-{n}" / "snapshot.json"
    write_snapshot(snapshot, n)
    papers = list(load_corpus([DATA / "pages", snapshot]).papers)
    settings = RetrievalSettings()
    chunks = [
        c
        for p in papers
        for c in chunk_paper(p, settings.chunk_size, settings.chunk_overlap, "bench")
    ]
    rng = np.random.default_rng(SEED)
    vectors = rng.standard_normal((len(chunks), DIMENSIONS), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    tables = Tables(
        papers={p.id: p for p in papers},
        chunks=chunks,
        chunk_vectors=vectors,
        paper_ids=[p.id for p in papers],
        sentence_vectors={},
        sentence_bounds={},
    )
    keep(cache, GENERATION, tables)


def serve(cache: Path) -> dict[str, Any]:
    """Load the generation from the cache files and time each lookup (child process)."""
    from retrieval.answers.lookup import Lookup
    from retrieval.config import ChromaSettings
    from retrieval.errors import NotFoundError
    from retrieval.index.vector_store import VectorStore

    (cache / GENERATION / "themes.jsonl").unlink(missing_ok=True)  # a new generation's
    started = time.perf_counter()
    loaded = from_cache(cache, GENERATION)
    assert loaded is not None, "the bench generation is not in the cache"
    # Never queried below EXACT_ROWS papers: related papers are scored from chunk rows.
    store = VectorStore(ChromaSettings(path=cache.with_name("chroma")))
    lookup = Lookup(loaded, store)
    figures: dict[str, Any] = {"papers": len(loaded.papers), "chunks": len(loaded.chunks)}
    figures["load_s"] = round(time.perf_counter() - started, 2)
    rng = random.Random(SEED)

    def paper(typed: str) -> object:
        try:
            return lookup.paper(typed)
        except NotFoundError as missing:
            return missing

    titles = [p.title for p in loaded.papers.values()]
    first = time.perf_counter()
    lookup.complete_titles("gra")  # any index built at the first lookup
    figures["first_lookup_ms"] = round((time.perf_counter() - first) * 1000, 1)
    figures["complete_titles"] = latency(lookup.complete_titles, PREFIXES)
    figures["complete_authors"] = latency(lookup.complete_authors, PREFIXES)
    names = [rng.choice(lookup.authors) for _ in range(30)]
    figures["author"] = latency(lookup.author, names)
    fresh = rng.sample([a for a in lookup.authors if a not in names], 30)
    figures["author_uncached"] = latency(lookup.author, fresh)
    figures["paper"] = latency(paper, typed_from(titles, rng))
    figures["steady_rss_mb"] = round(rss_mb())
    # A restart (a second copy of the index, so after the RSS): themes found above are kept.
    again = from_cache(cache, GENERATION)
    assert again is not None
    figures["author_restarted"] = latency(Lookup(again, store).author, fresh)
    return figures


def inputs(titles: list[str], authors: list[str]) -> dict[str, list[str]]:
    """Return the texts given to each lookup by ``record`` and ``check`` (seeded)."""
    rng = random.Random(SEED)
    picked = rng.sample(titles, 300)
    starts = [t[: rng.randint(2, 12)] for t in picked]
    middles = [" ".join(t.split()[1:3])[: rng.randint(3, 14)] for t in picked]
    typos = []
    for title in picked:
        words = title.split()[:4]
        n = rng.randrange(len(words))
        if len(words[n]) > 3:
            at = rng.randrange(1, len(words[n]))
            words[n] = words[n][:at] + words[n][at + 1 :]
        typos.append(" ".join(words))
    names = rng.sample(authors, min(100, len(authors)))
    typed_names = [a[: rng.randint(2, 9)] for a in names] + [a.split()[-1] for a in names]
    return {
        "complete_titles": PREFIXES[:7] + starts + middles + typos,
        "complete_authors": PREFIXES[:7] + typed_names,
        "paper": typed_from(titles, rng) + starts + middles + typos,
    }


def results(cache: Path) -> list[dict[str, Any]]:
    """Return what each lookup returns for each of ``inputs`` (the titles it names)."""
    from retrieval.answers.lookup import Lookup
    from retrieval.config import ChromaSettings
    from retrieval.errors import NotFoundError, QueryError
    from retrieval.index.vector_store import VectorStore

    loaded = from_cache(cache, GENERATION)
    assert loaded is not None, "the bench generation is not in the cache"
    lookup = Lookup(loaded, VectorStore(ChromaSettings(path=cache.with_name("chroma"))))
    titles = [p.title for p in loaded.papers.values()]
    rows: list[dict[str, Any]] = []
    for kind, texts in inputs(titles, lookup.authors).items():
        for text in texts:
            found: object
            if kind == "paper":
                try:
                    detail = lookup.paper(text)
                    found = [detail.paper.title, [a.title for a in detail.alternatives]]
                except (NotFoundError, QueryError) as error:
                    found = {
                        "refused": str(error),
                        "offered": list(getattr(error, "suggestions", ())),
                    }
            else:
                found = getattr(lookup, kind)(text)
            rows.append({"kind": kind, "input": text, "found": found})
    return rows


def compare(action: str, path: Path, n: int) -> int:
    """Record the lookups' results at N papers, or check them against a recording."""
    cache = OUT / f"lookups-{n}" / "cache"
    build(n, cache)
    now = results(cache)
    if action == "record":
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in now))
        print(f"recorded {len(now)} lookups at {n} papers to {path}")
        return 0
    before = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    changed = [(a, b) for a, b in zip(before, now, strict=True) if a != b]
    for old, new in changed:
        print(f"changed: {old['kind']} {old['input']!r}")
        print(f"  before: {json.dumps(old['found'], ensure_ascii=False)[:300]}")
        print(f"  after:  {json.dumps(new['found'], ensure_ascii=False)[:300]}")
    kinds = {r["kind"] for r in before}
    for kind in sorted(kinds):
        same = sum(a == b for a, b in zip(before, now, strict=True) if a["kind"] == kind)
        print(f"{kind}: {same} of {sum(r['kind'] == kind for r in before)} identical")
    return 1 if changed else 0


def measure(n: int) -> dict[str, Any]:
    """Build N papers' lookup tables (once), then time the lookups in a fresh process."""
    cache = OUT / f"lookups-{n}" / "cache"
    started = time.perf_counter()
    build(n, cache)
    built = time.perf_counter() - started
    out, _, peak = run_child(
        [sys.executable, "-m", "bench.lookups", "--serve", str(cache)], dict(os.environ)
    )
    figures: dict[str, Any] = {"n": n, "build_s": round(built, 1)}
    figures.update(json.loads(out.strip().splitlines()[-1]))
    figures["serve_peak_rss_mb"] = round(peak)
    return figures


def main() -> None:
    """Measure each --papers N, or serve one (internal: --serve CACHE)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", nargs="?", choices=("record", "check"))
    parser.add_argument("file", nargs="?", type=Path, help="the recorded lookups (JSON Lines)")
    parser.add_argument("--papers", type=int, action="append", help="N (repeatable)")
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.action:
        if args.file is None:
            parser.error("record and check need a FILE")
        sys.exit(compare(args.action, args.file, (args.papers or [10_000])[0]))
    if args.serve:
        print(json.dumps(serve(args.serve)))
        return
    rows = [measure(n) for n in args.papers or [10_000]]
    print(table(rows))
    print("latencies: wall p50 / p95 / p99 / CPU p50, ms; RSS in MB")


if __name__ == "__main__":
    main()
