"""Write a large synthetic corpus, to see how ask latency scales with the number of papers.

    python -m bench.synthetic DIR [--papers 2000] [--seed 7]

DIR receives ``papers.jsonl``: the bundled papers, then made-up ones up to ``--papers``.
Made-up abstracts are a word-level Markov chain over the bundled abstracts (so their
vocabulary and term statistics look like the real ones), with made-up titles, authors
(a pool of 400), years and subjects. Index and time it through the settings' environment
overrides, without touching the project's own index:

    export PAPERCORD_PATHS__CORPUS=DIR PAPERCORD_CHROMA__PATH=DIR/index
    python -m cli ingest && python -m bench.ask_latency
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from itertools import pairwise
from pathlib import Path

from bot.settings import load_settings
from retrieval.index.taxonomy import names as subject_names
from retrieval.ingest.corpus import load_corpus
from retrieval.models import Paper

SYLLABLES = [
    "ka",
    "lo",
    "mi",
    "ne",
    "su",
    "ta",
    "ri",
    "vo",
    "ze",
    "han",
    "lin",
    "mor",
    "vek",
    "dal",
    "sor",
    "pen",
    "tua",
    "xi",
    "bel",
]
GIVEN = [
    "Ada",
    "Alan",
    "Grace",
    "Edsger",
    "Barbara",
    "Donald",
    "Frances",
    "John",
    "Leslie",
    "Shafi",
    "Tim",
    "Radia",
]


def chain(papers: list[Paper]) -> dict[str, list[str]]:
    """Return word -> following words over every abstract (a first-order Markov chain)."""
    follows: dict[str, list[str]] = defaultdict(list)
    for paper in papers:
        words = paper.abstract.split()
        for a, b in pairwise(words):
            follows[a].append(b)
    return follows


def text(follows: dict[str, list[str]], rng: random.Random, words: int) -> str:
    """Return ``words`` words walked along the chain, restarting at dead ends."""
    starts = [w for w in follows if w[:1].isupper()]
    out = [rng.choice(starts)]
    while len(out) < words:
        nxt = follows.get(out[-1])
        out.append(rng.choice(nxt) if nxt else rng.choice(starts))
    return " ".join(out).rstrip(",;:") + "."


def made_up(papers: list[Paper], total: int, seed: int) -> list[dict[str, object]]:
    """Return ``total`` papers as JSON records: the real ones, then synthetic ones."""
    rng = random.Random(seed)
    follows = chain(papers)
    surnames = ["".join(rng.sample(SYLLABLES, 2)).title() for _ in range(400)]
    authors = [f"{rng.choice(GIVEN)} {s}" for s in surnames]
    codes = [c for c in subject_names() if c.startswith(("cs.", "stat.", "quant-ph"))]
    records: list[dict[str, object]] = [
        {"title": p.title, "abstract": p.abstract, "year": p.year,
         "subjects": list(p.subjects), "authors": list(p.authors)}
        for p in papers
    ]  # fmt: skip
    while len(records) < total:
        title = text(follows, rng, rng.randint(6, 11)).rstrip(".").title()
        records.append(
            {
                "title": f"{title} ({len(records)})",  # unique titles: ids are title hashes
                "abstract": text(follows, rng, rng.randint(120, 220)),
                "year": rng.randint(2010, 2024),
                "subjects": rng.sample(codes, rng.randint(1, 2)),
                "authors": rng.sample(authors, rng.randint(1, 4)),
            }
        )
    return records


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", type=Path)
    parser.add_argument("--papers", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    corpus = load_corpus([load_settings().paths.corpus])
    args.folder.mkdir(parents=True, exist_ok=True)
    records = made_up(list(corpus.papers), args.papers, args.seed)
    path = args.folder / "papers.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    print(f"wrote {len(records)} papers to {path}")


if __name__ == "__main__":
    main()
