"""Pick the one or two abstract sentences that best answer a question, verbatim.

A sentence scores its cosine to the question (when a query vector is given) plus the
idf-weighted share of the question's terms it contains. The best sentence is kept; its
neighbour joins it when that neighbour scores at least ``PAIR_RATIO`` of the best, so
an answer that spans two sentences is quoted whole. Sentence vectors are optional: the
papers an answer shows get them (embedded then, see ``Searcher``), the papers it only
carries for "More results" are scored by their terms alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

import numpy as np

from retrieval.index.embedding import Vectors
from retrieval.models import Snippet
from retrieval.text import Sentence, Term, is_code_sentence, terms

PAIR_RATIO = 0.85
LEXICAL_WEIGHT = 0.5  # a sentence holding every query term gains as much as cosine 0.5
MAX_SNIPPET_CHARS = 600  # two sentences longer than this are cut back to the best one


def coverage(text_stems: Set[str], query: Mapping[str, float]) -> float:
    """Return the idf-weighted share of query terms present: 0 (none) to 1 (all)."""
    total = sum(query.values())
    if total <= 0:
        return 0.0
    return sum(w for stem, w in query.items() if stem in text_stems) / total


@dataclass(frozen=True)
class Prepared:
    """An abstract's sentences as ``best_snippet`` reads them, computed once per paper."""

    stems: tuple[frozenset[str], ...]
    code: tuple[bool, ...]  # the sentence says where code is
    vectors: Vectors | None  # one row per sentence, or None: score by terms only
    terms: tuple[tuple[Term, ...], ...] = ()  # per sentence, offsets in the abstract


def prepare(rows: Sequence[Sentence], vectors: Vectors | None = None) -> Prepared:
    """Return the stems and code flags of an abstract's sentences, with their vectors."""
    found = [tuple(terms(s.text, s.start)) for s in rows]
    return Prepared(
        stems=tuple(frozenset(t.stem for t in sentence) for sentence in found),
        code=tuple(is_code_sentence(s.text) for s in rows),
        vectors=vectors if rows else None,
        terms=tuple(found),
    )


def best_snippet(
    abstract: str,
    rows: Sequence[Sentence],
    query: Mapping[str, float],
    vector: Vectors | None,
    wants_code: bool = False,
    prepared: Prepared | None = None,
) -> Snippet:
    """Return the best one or two sentences of an abstract, with query terms marked.

    A sentence about where the code is never wins unless the question asks for code;
    then it always does. ``prepared`` (from ``prepare(rows)``) saves re-reading the
    sentences on every question.
    """
    if not rows:
        return mark(abstract, query) if abstract else Snippet("", "", ())
    prepared = prepared or prepare(rows)
    lexical = np.array([coverage(stems, query) * LEXICAL_WEIGHT for stems in prepared.stems])
    semantic = (
        prepared.vectors @ vector
        if vector is not None and prepared.vectors is not None
        else np.zeros(len(rows))
    )
    bonus = np.array([(2.0 if wants_code else -2.0) if code else 0.0 for code in prepared.code])
    scores = lexical + semantic + bonus
    best = int(np.argmax(scores))
    first = last = best
    neighbours = [i for i in (best - 1, best + 1) if 0 <= i < len(rows)]
    if neighbours:
        partner = max(neighbours, key=lambda i: scores[i])
        if scores[partner] >= PAIR_RATIO * scores[best] > 0:
            first, last = min(best, partner), max(best, partner)
    start, end = rows[first].start, rows[last].end
    if end - start > MAX_SNIPPET_CHARS:
        first = last = best
        start, end = rows[best].start, rows[best].end
    if prepared.terms:  # the sentences' terms are known, at offsets in the abstract
        known = [t for sentence in prepared.terms[first : last + 1] for t in sentence]
        return mark(abstract[start:end], query, known, shift=start)
    return mark(abstract[start:end], query)


def mark(
    text: str, query: Mapping[str, float], found: Sequence[Term] | None = None, shift: int = 0
) -> Snippet:
    """Return a snippet of ``text`` with words whose stems are in the query marked **bold**.

    ``found`` are the text's terms when already known, at offsets ``shift`` too far right
    (offsets in the abstract the snippet was cut from).
    """
    spans: list[tuple[int, int]] = []
    for term in terms(text) if found is None else found:
        if term.stem not in query:
            continue
        begin, end = term.start - shift, term.end - shift
        if spans and text[spans[-1][1] : begin].strip() == "":
            spans[-1] = (spans[-1][0], end)  # merge "4-bit weights" runs into one span
        else:
            spans.append((begin, end))
    pieces, cursor = [], 0
    for start, end in spans:
        pieces.append(text[cursor:start] + "**" + text[start:end] + "**")
        cursor = end
    pieces.append(text[cursor:])
    return Snippet(text=text, marked="".join(pieces), highlights=tuple(spans))
