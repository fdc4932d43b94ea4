"""Candidate key phrases of a few texts: the word runs that recur across them.

A candidate is a run of one to three words inside a clause (text between punctuation)
that neither starts nor ends with a stop word or a number, counted once per text that
holds it. Runs are grouped by their stems, so "graph neural network" and "Graph Neural
Networks" are one candidate, shown as its most common spelling. Candidates held by at
least two texts come first by texts x words:

    texts: "We quantize large language models. ...", "Large language models are ..."
    candidates: "large language models" (2 texts x 3 words), "language models" (2 x 2), ...

This replaces YAKE! (``yake``) as the source of author themes. YAKE read about 15 us per
character (0.9 s for an author's 60 most recent abstracts), and its ranking was not the
one kept: ``retrieval.answers.authors`` re-ranks the candidates by the author's papers
against the rest of the list. Counting runs takes about 1 ms per abstract.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from retrieval.text import stopwords, tokenize

LONGEST = 3  # words in a candidate
# Where a phrase cannot continue: sentence and clause punctuation, brackets, quotes, and a
# dash between spaces. A hyphen inside a word ("mixed-precision") keeps it one word.
CLAUSE = re.compile(r"[.,;:!?()\[\]{}\"“”‘’]+(?:\s+|$)|\s+[-–—]+\s+|[()\[\]{}\"“”]")
TOKEN = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")

Stems = tuple[str, ...]


def candidates(texts: Iterable[str], top: int) -> list[tuple[str, Stems]]:
    """Return up to ``top`` recurring phrases of the texts as (spelling, stems), best first."""
    held: Counter[Stems] = Counter()  # texts holding each phrase
    spelled: Counter[tuple[Stems, str]] = Counter()  # each phrase's spellings
    for text in texts:
        runs = [run for clause in CLAUSE.split(text) for run in _runs(TOKEN.findall(clause))]
        spelled.update(runs)
        held.update({stems for stems, _ in runs})
    recurring = [stems for stems, count in held.items() if count >= 2]
    recurring.sort(key=lambda stems: (-held[stems] * len(stems), stems))
    chosen = set(recurring[:top])
    spelling: dict[Stems, tuple[int, str]] = {}
    for (stems, phrase), count in spelled.items():
        if stems in chosen and (count, phrase) > spelling.get(stems, (0, "")):
            spelling[stems] = (count, phrase)
    return [(spelling[stems][1], stems) for stems in recurring[:top]]


def _runs(words: list[str]) -> Iterable[tuple[Stems, str]]:
    """Yield each run of 1 to ``LONGEST`` words that starts and ends on a content word."""
    content = [_content(word) for word in words]
    for start, first in enumerate(content):
        if not first:
            continue
        stems: Stems = ()
        for end in range(start, min(start + LONGEST, len(words))):
            stems += _stems(words[end])
            if content[end] and stems:
                yield stems, " ".join(words[start : end + 1])


@lru_cache(maxsize=100_000)
def _content(word: str) -> bool:
    """Return True for a word a phrase may start or end on: not a stop word or a number."""
    folded = word.casefold()
    return len(folded) > 1 and not folded.isdigit() and folded not in stopwords()


@lru_cache(maxsize=100_000)
def _stems(word: str) -> Stems:
    return tuple(tokenize(word))
