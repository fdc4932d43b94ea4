"""Pick the one or two abstract sentences that best answer a question, verbatim.

A sentence scores its cosine to the question (when a query vector is given) plus the
idf-weighted share of the question's terms it contains. The best sentence is kept; its
neighbour joins it when that neighbour scores at least ``PAIR_RATIO`` of the best, so
an answer that spans two sentences is quoted whole.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

import numpy as np

from retrieval.embedding import Vectors
from retrieval.models import Snippet
from retrieval.text import Sentence, terms

PAIR_RATIO = 0.85
LEXICAL_WEIGHT = 0.5  # a sentence holding every query term gains as much as cosine 0.5
MAX_SNIPPET_CHARS = 600  # two sentences longer than this are cut back to the best one


def coverage(text_stems: AbstractSet[str], query: Mapping[str, float]) -> float:
    """Return the idf-weighted share of query terms present: 0 (none) to 1 (all)."""
    total = sum(query.values())
    if total <= 0:
        return 0.0
    return sum(w for stem, w in query.items() if stem in text_stems) / total


# Stemming a shown paper's sentences for every question was most of a snippet's cost
# (1k papers: ~15 ms of a 55 ms question); the same sentences come back again and again.
# 65,536 sentences ~ 8k papers' abstracts; a few MB.
@functools.lru_cache(maxsize=1 << 16)
def sentence_stems(text: str) -> frozenset[str]:
    """Return the stems of a sentence (cached by its text)."""
    return frozenset(t.stem for t in terms(text))


def best_snippet(
    abstract: str,
    rows: Sequence[tuple[Sentence, Vectors]],
    query: Mapping[str, float],
    vector: Vectors | None,
) -> Snippet:
    """Return the best one or two sentences of an abstract, with query terms marked."""
    if not rows:
        return mark(abstract, query) if abstract else Snippet("", "", ())
    scores = np.array(
        [
            coverage(sentence_stems(s.text), query) * LEXICAL_WEIGHT
            + (float(np.dot(v, vector)) if vector is not None else 0.0)
            for s, v in rows
        ]
    )
    best = int(np.argmax(scores))
    first = last = best
    neighbours = [i for i in (best - 1, best + 1) if 0 <= i < len(rows)]
    if neighbours:
        partner = max(neighbours, key=lambda i: scores[i])
        if scores[partner] >= PAIR_RATIO * scores[best] > 0:
            first, last = min(best, partner), max(best, partner)
    start, end = rows[first][0].start, rows[last][0].end
    if end - start > MAX_SNIPPET_CHARS:
        start, end = rows[best][0].start, rows[best][0].end
    return mark(abstract[start:end], query)


def mark(text: str, query: Mapping[str, float]) -> Snippet:
    """Return a snippet of ``text`` with words whose stems are in the query marked **bold**."""
    spans: list[tuple[int, int]] = []
    for term in terms(text):
        if term.stem not in query:
            continue
        if spans and text[spans[-1][1] : term.start].strip() == "":
            spans[-1] = (spans[-1][0], term.end)  # merge "4-bit weights" runs into one span
        else:
            spans.append((term.start, term.end))
    pieces, cursor = [], 0
    for start, end in spans:
        pieces.append(text[cursor:start] + "**" + text[start:end] + "**")
        cursor = end
    pieces.append(text[cursor:])
    return Snippet(text=text, marked="".join(pieces), highlights=tuple(spans))
