"""What the list holds, in one line: for questions about the list itself.

"which subjects are there?", "how many papers per year?", "who are the authors?", "what's
in the list?" ask about the papers as a whole, not for a topic: the answer lists them
(within any years or subjects asked) under a line that counts them by year, subject and
listed author, with how many subjects and authors there are ("how many distinct
categories?"). A corpus of a whole arXiv category has hundreds of authors and dozens of
subjects, so each count shows its largest few.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from retrieval.models import Answer, Paper

SHOWN = 12  # subjects and authors named in the line; the rest are counted
YEARS_SHOWN = 10  # more distinct years than this are given as a range


def overview(papers: Sequence[Paper], by_author: bool = True) -> str:
    """Return one line counting papers by year, subject and (``by_author``) listed author."""
    if not papers:
        return "No listed paper matches."
    years = Counter(p.year for p in papers)
    first, last = min(years), max(years)
    span = f"{first}" if first == last else f"{first}–{last}"
    noun = "paper" if len(papers) == 1 else "papers"
    line = f"{len(papers)} {noun}, {span}"
    if 1 < len(years) <= YEARS_SHOWN:
        line += f" ({' · '.join(f'{y}: {n}' for y, n in sorted(years.items()))})"
    parts = [line]
    subjects = Counter(code for p in papers for code in p.subjects)
    if subjects:
        parts.append(f"{_counted(len(subjects), 'subject')}: {_largest(subjects)}")
    authors = Counter(a for p in papers for a in p.authors)
    if authors and by_author:
        parts.append(f"{_counted(len(authors), 'listed author')}: {_largest(authors)}")
    return "; ".join(parts) + "."


def with_overview(answer: Answer, papers: Mapping[str, Paper]) -> Answer:
    """Return an answer with the line counting its papers (``ranking``, by id in
    ``papers``) first among its notes."""
    ranked = [papers[pid] for pid in answer.ranking]
    return replace(answer, notes=(overview(ranked), *answer.notes))


def _counted(n: int, noun: str) -> str:
    """Return how many distinct values there are: "11 subjects", "1 listed author"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _largest(counts: Counter[str]) -> str:
    """Return the largest counts as "a 5 · b 3", and how many more there are."""
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = " · ".join(f"{name} {n}" for name, n in ranked[:SHOWN])
    rest = len(ranked) - SHOWN
    return f"{shown} and {rest} more" if rest > 0 else shown
