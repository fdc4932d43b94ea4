"""Measure papercord at N synthetic papers: ingest, cold start, memory, ask latency.

    python -m bench.scale --papers 1000 [--papers 2000] [--questions 200]
                          [--mode embedded|http [--reuse-embedded]]

For each N it writes N synthetic papers in the arXiv snapshot format (deterministic:
seed 3; titles and abstracts from a word chain over the bundled abstracts, authors from
a Zipf-shaped pool, years 2008-2025, categories from the bundled ones plus cs.DC/cs.LG)
to ``var/bench/scale-N/snapshot.json``, then runs, each in its own process so that peak
memory is that step's:

1. ``papercord ingest data/pages snapshot.json`` into ``var/bench/scale-N/index``:
   wall time, texts embedded per second, peak RSS. A second run over an existing index
   reuses every vector and reports "unchanged".
2. a serving process: cold start to ready (settings, model, index, BM25, warm-up), then
   ask latency p50/p95/p99 plain and with each filter (year, subject, author), title and
   author autocomplete, ``/author``, ``/paper``, and its steady RSS after all of that.

``--mode http`` runs the same against a ``chroma run`` server on a loopback port, started
here on ``var/bench/scale-N/server`` (and adds the server's RSS); with ``--reuse-embedded``
the server starts on a copy of the embedded run's index, so the ingest finds it built and
only serving is measured (re-embedding 10k papers costs ~20 minutes and measures nothing new).

Figures only: nothing here asserts a time. Results go to stdout as a Markdown table and
to ``var/bench/scale-N/result.json``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from retrieval.config import DATA, DEFAULT_PRECISION, ROOT
from retrieval.ingest.corpus import load_corpus
from tests.chroma_run import chroma_run

SEED = 3
OUT = ROOT / "var" / "bench"
GIVEN = [
    "Ada",
    "Bram",
    "Chen",
    "Dana",
    "Elif",
    "Farid",
    "Gita",
    "Hugo",
    "Ines",
    "Jonas",
    "Kenji",
    "Lena",
    "Mateo",
    "Nadia",
    "Omar",
]
FAMILY = [
    "Quill",
    "Okonkwo",
    "Duarte",
    "Haldane",
    "Ivanova",
    "Moreau",
    "Sato",
    "Lindqvist",
    "Rahman",
    "Becker",
    "Kowalski",
    "Nakamura",
    "Oyelaran",
    "Petrov",
    "Silva",
    "Tanaka",
    "Varga",
    "Weber",
    "Yilmaz",
    "Zhou",
    "Hoefler",
    "Alistarh",
]
EXTRA_SUBJECTS = ("cs.DC", "cs.LG", "cs.PF", "cs.AR", "cs.NE")
WORD = re.compile(r"\S+")


def word_chain(texts: list[str]) -> dict[str, list[str]]:
    """Return a first-order word chain: each word -> the words seen after it."""
    chain: dict[str, list[str]] = defaultdict(list)
    for text in texts:
        words = WORD.findall(text)
        for a, b in itertools.pairwise(words):
            chain[a].append(b)
    return dict(chain)


def walk(chain: dict[str, list[str]], starts: list[str], rng: random.Random, n: int) -> str:
    """Return n words walked along the chain, restarting at a sentence start when stuck."""
    words = [rng.choice(starts)]
    while len(words) < n:
        following = chain.get(words[-1])
        words.append(rng.choice(following) if following else rng.choice(starts))
    return " ".join(words)


def synthetic(n: int, seed: int = SEED) -> Iterator[dict[str, Any]]:
    """Yield n snapshot-format rows, the same ones for the same n and seed."""
    papers = load_corpus([DATA / "pages"]).papers
    chain = word_chain([p.abstract for p in papers])
    starts = [w for w in chain if w[:1].isupper()]
    title_chain = word_chain([p.title for p in papers] + [p.abstract for p in papers])
    subjects = sorted({s for p in papers for s in p.subjects} | set(EXTRA_SUBJECTS))
    rng = random.Random(seed)
    pool = [f"{g} {f}" for f in FAMILY for g in GIVEN]  # 330 names
    weights = [1 / (rank + 1) for rank in range(len(pool))]  # a few prolific authors
    for i in range(n):
        year = rng.randint(2008, 2025)
        month = rng.randint(1, 12)
        title = walk(title_chain, starts, rng, rng.randint(6, 12)).rstrip(".,;:")
        abstract = walk(chain, starts, rng, rng.randint(90, 220))
        authors = list(dict.fromkeys(rng.choices(pool, weights, k=rng.randint(1, 5))))
        categories = list(dict.fromkeys(rng.sample(subjects, rng.randint(1, 3))))
        created = time.strftime(
            "%a, %d %b %Y 12:00:00 GMT", (year, month, rng.randint(1, 28), 12, 0, 0, 0, 1, 0)
        )
        yield {
            "id": f"{year % 100:02d}{month:02d}.{i:05d}",
            "title": f"{title} ({i})",  # unique titles: no accidental merges
            "abstract": abstract,
            "categories": " ".join(categories),
            "authors": ", ".join(authors),
            "authors_parsed": [[a.split()[1], a.split()[0], ""] for a in authors],
            "versions": [{"version": "v1", "created": created}],
            "update_date": f"{year}-{month:02d}-28",
            "doi": None,
            "journal-ref": None,
        }


def write_snapshot(path: Path, n: int) -> None:
    """Write n synthetic papers to path (once; the same file every time)."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    with temporary.open("w", encoding="utf-8") as out:
        for row in synthetic(n):
            out.write(json.dumps(row) + "\n")
    os.replace(temporary, path)


def run_child(argv: list[str], env: dict[str, str]) -> tuple[str, float, float]:
    """Run a process; return its stdout, wall seconds and peak RSS in MB."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed with exit code {child.returncode}")
    return out, time.perf_counter() - started, usage.ru_maxrss / 1024  # KB on Linux


def percentile(samples: list[float], q: float) -> float:
    """Return the q-th quantile (nearest rank) of samples."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def latency(function: Callable[[Any], object], inputs: list[Any]) -> dict[str, float]:
    """Return wall p50/p95/p99 in ms of calling function on each input, and CPU p50.

    On a shared machine wall time carries other processes' load; the process CPU time
    per call (all threads, ONNX's included) is the contention-free cost.
    """
    samples, cpu = [], []
    for value in inputs:
        started, started_cpu = time.perf_counter(), time.process_time()
        function(value)
        samples.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - started_cpu) * 1000)
    figures = {f"p{q}": round(percentile(samples, q / 100), 2) for q in (50, 95, 99)}
    figures["cpu_p50"] = round(percentile(cpu, 0.5), 2)
    return figures


def rss_mb(field: str = "VmRSS") -> float:
    """Return this process's current resident memory in MB: all of it (``VmRSS``), its
    private memory (``RssAnon``) or the pages of files it maps (``RssFile``: the cache
    files, page cache that processes on one machine share and the kernel can reclaim)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def serve(questions: int) -> dict[str, Any]:
    """Start like the bot does, then time every user-facing operation (child process)."""
    started = time.perf_counter()
    from bot.settings import build_engine, load_settings
    from retrieval.models import Filters

    engine = build_engine(load_settings())
    engine.reload()
    cold = time.perf_counter() - started
    cold_cpu = time.process_time()
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    asked = [json.loads(line)["question"] for line in lines if line.strip()]
    rng = random.Random(SEED)
    texts = [rng.choice(asked) for _ in range(questions)]
    authors = engine.lookup.authors
    figures: dict[str, Any] = {
        "cold_start_s": round(cold, 2),
        "cold_start_cpu_s": round(cold_cpu, 2),
    }
    filters = {
        "plain": Filters(),
        "year": Filters(year_from=2020, year_to=2022),
        "subject": Filters(subject="cs.DC"),
        "author": Filters(author="Hoefler"),
    }
    for name, chosen in filters.items():
        figures[f"ask_{name}"] = latency(lambda q, f=chosen: engine.ask(q, filters=f), texts)
    prefixes = ["qu", "graph", "sparse", "hoe", "zh", "neural net", "x"] * 10
    figures["complete_titles"] = latency(engine.complete_titles, prefixes)
    figures["complete_authors"] = latency(engine.complete_authors, prefixes)
    names = [rng.choice(authors) for _ in range(30)]
    figures["author"] = latency(engine.author, names)
    figures["paper"] = latency(lambda typed: _paper(engine, typed), typed_titles(engine, rng))
    figures["steady_rss_mb"] = round(rss_mb(), 0)
    figures["steady_rss_anon_mb"] = round(rss_mb("RssAnon"), 0)
    figures["steady_rss_file_mb"] = round(rss_mb("RssFile"), 0)
    stats = engine.stats()
    figures["papers"], figures["chunks"] = stats.papers, stats.chunks
    return figures


def typed_titles(engine: Any, rng: random.Random) -> list[str]:
    """Return what /paper is given for the engine's titles (``typed_from``)."""
    return typed_from(list(engine.titles().values()), rng)


def typed_from(titles: list[str], rng: random.Random) -> list[str]:
    """Return what /paper is given: the first words of titles, with a misspelling in
    every third, and titles that are not in the list."""
    typed = []
    for n in range(30):
        words = rng.choice(titles).split()[:3]
        if n % 3 == 0 and len(words[0]) > 4:
            words[0] = words[0][0] + words[0][2:]
        typed.append(" ".join(words))
    return typed + ["attention is all you need", "deep residual learning", "zzqx"] * 3


def _paper(engine: Any, typed: str) -> object:
    from retrieval.errors import NotFoundError

    try:
        return engine.paper(typed)
    except NotFoundError as missing:
        return missing


def process_rss_mb(pid: int) -> float:
    """Return another process's current resident memory in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(n: int, questions: int, mode: str, reuse: bool) -> dict[str, Any]:
    """Ingest N synthetic papers (plus the bundled pages) and measure serving them."""
    folder = OUT / f"scale-{n}"
    snapshot = folder / "snapshot.json"
    write_snapshot(snapshot, n)
    if mode == "embedded":
        return _measure(n, questions, folder, {"PAPERCORD_CHROMA__MODE": "embedded"}, None)
    served = folder / "server"
    if reuse:
        shutil.rmtree(served, ignore_errors=True)
        shutil.copytree(folder / "index", served)
    try:
        with chroma_run(served, timeout=120) as (server, port):
            env = {"PAPERCORD_CHROMA__MODE": "http", "PAPERCORD_CHROMA__PORT": str(port)}
            return _measure(n, questions, folder, env, server)
    except RuntimeError as exc:  # no `chroma` command, or the server did not start
        raise SystemExit(str(exc)) from None


def _measure(
    n: int,
    questions: int,
    folder: Path,
    store_env: dict[str, str],
    server: subprocess.Popen[bytes] | None,
) -> dict[str, Any]:
    env = {
        **os.environ,
        "PAPERCORD_CHROMA__PATH": str(folder / "index"),
        "PAPERCORD_PATHS__STATE": str(folder / "state"),
        **store_env,
    }
    env.pop("DISCORD_TOKEN", None)
    pages = str(DATA / "pages")
    snapshot = str(folder / "snapshot.json")
    ingest_cmd = [sys.executable, "-m", "cli", "ingest", "--replace", pages, snapshot]
    out, wall, peak = run_child([*ingest_cmd, "--json"], env)
    report = json.loads(out.strip().splitlines()[-1])
    figures: dict[str, Any] = {
        "n": n,
        "mode": store_env["PAPERCORD_CHROMA__MODE"],
        "precision": env.get("PAPERCORD_RETRIEVAL__EMBEDDING_PRECISION", DEFAULT_PRECISION),
        "ingest_s": round(wall, 1),
        "ingest_unchanged": report["unchanged"],
        "embedded": report["embedded"],
        "texts_per_s": round(report["embedded"] / report["seconds"], 1)
        if report["embedded"]
        else None,
        "ingest_peak_rss_mb": round(peak),
        "sentences": report["sentences"],
    }
    out, _, peak = run_child(
        [sys.executable, "-m", "bench.scale", "--serve", "--questions", str(questions)], env
    )
    figures.update(json.loads(out.strip().splitlines()[-1]))
    figures["serve_peak_rss_mb"] = round(peak)
    if server is not None:
        figures["server_rss_mb"] = round(process_rss_mb(server.pid))
    result = folder / f"result-{figures['mode']}.json"
    result.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return figures


def table(rows: list[dict[str, Any]]) -> str:
    """Return the figures as a Markdown table, one column per N."""

    def cell(value: Any) -> str:
        if isinstance(value, dict):
            return " / ".join(str(v) for v in value.values())
        return str(value)

    keys = list(dict.fromkeys(k for r in rows for k in r if k != "n"))
    head = "| figure | " + " | ".join(f"N = {r['n']}" for r in rows) + " |"
    rule = "|---|" + "---:|" * len(rows)
    body = [f"| {k} | " + " | ".join(cell(r.get(k)) for r in rows) + " |" for k in keys]
    return "\n".join([head, rule, *body])


def main() -> None:
    """Run the benchmark for each --papers N, or serve (internal: --serve)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, action="append", help="N (repeatable)")
    parser.add_argument("--questions", type=int, default=200, help="asks per filter")
    parser.add_argument("--mode", choices=("embedded", "http"), default="embedded")
    parser.add_argument(
        "--reuse-embedded", action="store_true", help="http: serve a copy of the embedded index"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        print(json.dumps(serve(args.questions)))
        return
    rows = [
        measure(n, args.questions, args.mode, args.reuse_embedded) for n in args.papers or [1000]
    ]
    print(table(rows))
    print(
        "latencies: wall p50 / p95 / p99 / CPU p50, ms; RSS in MB; "
        "texts_per_s counts embedded texts"
    )


if __name__ == "__main__":
    main()
