"""Summarize one author's listed papers: counts, years, subjects, themes, coverage.

Themes are key phrases that YAKE! extracts from the author's abstracts, re-ranked by how
much more often their stems occur in this author's papers than in the rest of the
corpus, so that words every abstract shares ("neural networks", "performance") give way
to what sets this author apart.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import yake

from retrieval.index import LoadedIndex
from retrieval.models import AuthorSummary, ListingPage, Paper, SubjectCount
from retrieval.refs import ref
from retrieval.taxonomy import subject
from retrieval.text import tokenize

THEMES = 5
CANDIDATES = 40
REPRESENTATIVE = 3


def summarize(index: LoadedIndex, author: str) -> AuthorSummary:
    """Return the summary of an author's papers (the name must be a known author)."""
    papers = [p for p in index.papers.values() if author in p.authors]
    years = Counter(p.year for p in papers)
    subjects = Counter(code for p in papers for code in p.subjects)
    others = [p for p in index.papers.values() if author not in p.authors]
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
        themes=themes(papers, others),
        representative=tuple(ref(p) for p in representative(index, papers)),
        most_recent=ref(recent) if recent else None,
        coverage=coverage_line(len(papers), [pg for pg in index.pages if pg.author == author]),
    )


def themes(papers: list[Paper], others: list[Paper], n: int = THEMES) -> tuple[str, ...]:
    """Return up to n key phrases that distinguish these papers from the others."""
    text = "\n".join(f"{p.title}. {p.abstract}" for p in papers)
    if not text.strip():
        return ()
    extractor = yake.KeywordExtractor(lan="en", n=3, top=CANDIDATES, dedupLim=0.7)
    mine = [set(tokenize(f"{p.title} {p.abstract}")) for p in papers]
    theirs = [set(tokenize(f"{p.title} {p.abstract}")) for p in others]
    scored: list[tuple[float, str, frozenset[str]]] = []
    for phrase, weight in extractor.extract_keywords(text):
        stems = frozenset(tokenize(phrase))
        if not stems:
            continue
        in_mine = sum(stems <= doc for doc in mine) / len(mine)
        in_theirs = (sum(stems <= doc for doc in theirs) + 1) / (len(theirs) + 1)
        if in_mine * len(mine) < 2:  # a theme spans at least two papers
            continue
        # YAKE! weights are lower-is-better; distinctiveness is higher-is-better.
        scored.append(((in_mine / in_theirs) / (weight + 1e-3), phrase, stems))
    chosen: list[tuple[str, frozenset[str]]] = []
    for _, phrase, stems in sorted(scored, key=lambda row: -row[0]):
        if any(stems & taken for _, taken in chosen):
            continue  # skip phrases that repeat a chosen theme's words
        chosen.append((phrase, stems))
        if len(chosen) == n:
            break
    return tuple(phrase for phrase, _ in chosen)


def representative(index: LoadedIndex, papers: list[Paper], n: int = REPRESENTATIVE) -> list[Paper]:
    """Return the n papers nearest to the centroid of the author's paper vectors."""
    if not papers:
        return []
    rows = [index.paper_ids.index(p.id) for p in papers]
    vectors = index.paper_vectors[rows]
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
