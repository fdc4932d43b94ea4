"""Summarize one author's listed papers: counts, years, subjects, themes, coverage.

Themes are the phrases that recur in the author's abstracts (``key_phrases``), ranked by
how many of the author's papers use them and how much more often they occur there than
in the rest of the corpus, favouring longer phrases:
score = words x papers x log2(1 + ratio of shares). Phrases of two or
more words come first; single words only fill up to three themes. Phrases that share half
their words with a chosen theme, or abbreviate it ("GNNs" after "graph neural networks"), are
skipped.
"""

from __future__ import annotations

import functools
import hashlib
import math
from collections import Counter
from pathlib import Path

import numpy as np

from retrieval import text as text_module
from retrieval.answers import key_phrases
from retrieval.index import chunk_rows
from retrieval.index.chunk_rows import ROUGH_FROM
from retrieval.index.loaded import LoadedIndex
from retrieval.index.refs import ref
from retrieval.index.taxonomy import subject
from retrieval.models import AuthorSummary, ListingPage, Paper, SubjectCount

THEMES = 5
MIN_THEMES = 3
CANDIDATES = 40
# Candidate phrases are drawn from the author's most recent papers (their cost grows with
# the text), and a theme must recur across papers, which the counts over all of them
# still check.
PHRASE_PAPERS = 60
REPRESENTATIVE = 3


def summarize(index: LoadedIndex, author: str) -> AuthorSummary:
    """Return the summary of an author's papers (the name must be a known author)."""
    order = index.corpus_order
    papers = [index.papers[order[row]] for row in index.authors.rows(author).tolist()]
    years = Counter(p.year for p in papers)
    subjects = Counter(code for p in papers for code in p.subjects)
    recent = max(papers, key=lambda p: p.year, default=None)
    return AuthorSummary(
        name=author,
        count=len(papers),
        year_min=min(years, default=None),
        year_max=max(years, default=None),
        year_counts=dict(sorted(years.items())),
        subjects=tuple(
            SubjectCount(subject(code), n)
            for code, n in sorted(subjects.items(), key=lambda kv: (-kv[1], kv[0]))
        ),
        themes=kept_themes(index, author, papers),
        representative=tuple(ref(p) for p in kept_representative(index, author, papers)),
        most_recent=ref(recent) if recent else None,
        coverage=coverage_line(len(papers), [pg for pg in index.pages if pg.author == author]),
    )


def kept_themes(index: LoadedIndex, author: str, papers: list[Paper]) -> tuple[str, ...]:
    """Return an author's themes, found once per generation (``index.themes`` keeps them
    in the generation's folder, for every later process too)."""
    found = index.themes.get(author, themes_key())
    if found is None:
        found = themes(papers, index)
        index.themes.put(author, themes_key(), found)
    return found


def kept_representative(index: LoadedIndex, author: str, papers: list[Paper]) -> list[Paper]:
    """Return an author's representative papers, chosen once per generation and kept
    beside their themes: choosing sums the int8 rows of every paper of theirs, 0.05-1.2 s
    at 100k papers for an author of thousands."""
    key = f"representative:{themes_key()}"
    found = index.themes.get(author, key)
    if found is not None and all(pid in index.papers for pid in found):
        return [index.papers[pid] for pid in found]
    chosen = representative(index, papers)
    index.themes.put(author, key, tuple(p.id for p in chosen))
    return chosen


@functools.cache
def themes_key() -> str:
    """Return a digest of the code that finds themes and representative papers: this
    module, the phrase finder, the tokenizer that stems them and the paper vectors
    (those kept by other code are found again)."""
    digest = hashlib.sha1()
    sources = (__file__, key_phrases.__file__, text_module.__file__, chunk_rows.__file__)
    for source in sources:
        digest.update(Path(source).read_bytes())
    return digest.hexdigest()[:16]


def themes(papers: list[Paper], index: LoadedIndex, n: int = THEMES) -> tuple[str, ...]:
    """Return up to n key phrases that distinguish these papers from the rest of the index.

    A phrase's papers are counted from the index's postings (the papers holding each of
    its stems), not by testing every paper: 616 ms p50 per summary at 10k papers before.
    """
    recent = sorted(papers, key=lambda p: -p.year)[:PHRASE_PAPERS]
    found = key_phrases.candidates((f"{p.title}. {p.abstract}" for p in recent), CANDIDATES)
    mine = np.zeros(len(index.papers), dtype=np.bool_)
    mine[[index.paper_rows[p.id] for p in papers]] = True
    others = len(index.papers) - len(papers)
    scored: list[tuple[bool, float, str, frozenset[str]]] = []
    for phrase, run in found:
        stems = frozenset(run)
        holding = index.stems.rows(stems)
        in_mine = int(mine[holding].sum())
        if in_mine < 2:  # a theme spans at least two papers
            continue
        in_theirs = len(holding) - in_mine
        ratio = (in_mine / len(papers)) / ((in_theirs + 1) / (others + 1))
        words = len(phrase.split())
        # Longer phrases are more specific: "large language models" over "language models".
        scored.append((words > 1, words * in_mine * math.log2(1 + ratio), phrase, stems))
    chosen: list[tuple[str, frozenset[str]]] = []
    for multiword, _, phrase, stems in sorted(scored, key=lambda row: (-row[0], -row[1])):
        if len(chosen) >= (n if multiword else MIN_THEMES):
            continue
        if any(_overlaps(stems, taken) or _abbreviates(phrase, name) for name, taken in chosen):
            continue
        chosen.append((phrase, stems))
    return tuple(_display(phrase) for phrase, _ in chosen[:n])


def _overlaps(a: frozenset[str], b: frozenset[str]) -> bool:
    """Return True when two phrases share half their words or more (Jaccard >= 0.5)."""
    return len(a & b) / len(a | b) >= 0.5


def _abbreviates(short: str, phrase: str) -> bool:
    """Return True when ``short`` is the initials of ``phrase`` ("GNNs", "LLM")."""
    initials = "".join(word[0] for word in phrase.split()).casefold()
    letters = short.casefold().removesuffix("s")
    return len(short.split()) == 1 and len(letters) >= 2 and letters == initials


def _display(phrase: str) -> str:
    """Lowercase a phrase for display, but keep acronyms ("FPGA", "GNNs") as written; the
    parts of a hyphenated word count alone ("Data-Centric" -> "data-centric")."""

    def shown(part: str) -> str:
        return part if sum(c.isupper() for c in part) > 1 else part.lower()

    return " ".join("-".join(map(shown, word.split("-"))) for word in phrase.split())


def representative(index: LoadedIndex, papers: list[Paper], n: int = REPRESENTATIVE) -> list[Paper]:
    """Return the n papers nearest to the centroid of the author's paper vectors."""
    if not papers:
        return []
    table = index.chunk_rows
    int8 = index.compact if len(table.vectors) > ROUGH_FROM else None
    vectors = table.paper_vectors([index.paper_rows[p.id] for p in papers], int8)
    centroid = vectors.mean(axis=0)
    order = np.argsort(-(vectors @ centroid), kind="stable")[:n]
    return [papers[i] for i in order]


def coverage_line(count: int, pages: list[ListingPage]) -> str:
    """Say honestly how much of the author's listing the corpus holds."""
    noun = "paper" if count == 1 else "papers"
    if not pages:
        return f"{count} {noun}, from files without listing pages"
    numbers = sorted(p.page for p in pages if p.page is not None)
    total = max((p.records_total for p in pages if p.records_total), default=None)
    where = (
        f"page {numbers[0]}"
        if len(numbers) == 1
        else f"pages {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
        if numbers
        else "an unnumbered page"
    )
    listing = f"a listing of at least {total} records" if total else "a listing"
    return f"{count} {noun}, from {where} of {listing}"
