"""Which papers and chunks a year, subject or author filter allows, without a scan.

Built once per loaded index: each paper's year in a numpy array, the papers of each
subject code, archive ("cs") and author name, and each chunk's paper row. A filter is
then a few numpy operations over papers (~100k booleans), not a Python check of every
paper on every question. ``matches`` below stays the reference for what a filter
means; ``tests/retrieval/test_filtering.py`` checks that both agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.models import Filters, Paper

Mask = npt.NDArray[np.bool_]


@dataclass(frozen=True)
class Allowed:
    """What a filter lets through: paper ids, and a mask over the index's chunk rows."""

    papers: frozenset[str]
    chunks: Mask


class FilterIndex:
    """Year, subject and author lookups over one loaded index's papers and chunks."""

    def __init__(self, papers: Sequence[Paper], chunk_papers: npt.NDArray[np.integer]) -> None:
        """``papers`` in row order; ``chunk_papers[c]`` is the row of chunk ``c``'s paper
        (``ChunkRows.paper_of``)."""
        self.ids = [p.id for p in papers]
        self.years = np.array([p.year for p in papers], dtype=np.int32)
        codes: dict[tuple[str, str], list[int]] = {}  # ("code", "cs.dc"), ("archive", "cs")
        authors: dict[str, list[int]] = {}
        for n, paper in enumerate(papers):
            for code in {c.casefold() for c in paper.subjects}:
                codes.setdefault(("code", code), []).append(n)
            # "cs" allows every cs.* paper (a paper with two cs codes counts once).
            for archive in {c.casefold().split(".")[0] for c in paper.subjects}:
                codes.setdefault(("archive", archive), []).append(n)
            for name in set(paper.authors):
                authors.setdefault(name, []).append(n)
        self._codes = {code: np.array(rows, dtype=np.intp) for code, rows in codes.items()}
        self._authors = {name: np.array(rows, dtype=np.intp) for name, rows in authors.items()}
        self.chunk_rows = chunk_papers

    def papers(self, filters: Filters) -> Mask:
        """Return a mask over ``self.ids`` of the papers that pass every filter set."""
        mask = np.ones(len(self.ids), dtype=np.bool_)
        if filters.year_from is not None:
            mask &= self.years >= filters.year_from
        if filters.year_to is not None:
            mask &= self.years <= filters.year_to
        if filters.years:
            mask &= np.isin(self.years, filters.years)
        if filters.subject is not None:  # one code, or several separated by commas: any
            wanted = [w.strip().casefold() for w in filters.subject.split(",") if w.strip()]
            subject = np.zeros(len(self.ids), dtype=np.bool_)
            for code in wanted:
                for key in (("code", code), ("archive", code)):
                    subject[self._codes.get(key, np.empty(0, np.intp))] = True
            mask = (mask | subject) if filters.dated_or_filed() else (mask & subject)
        if filters.author is not None:
            author = np.zeros(len(self.ids), dtype=np.bool_)
            for name in filters.authors():
                author[self._authors.get(name, np.empty(0, np.intp))] = True
            mask &= author
        return mask

    def allowed(self, filters: Filters) -> Allowed:
        """Return the papers and chunk rows a filter allows."""
        mask = self.papers(filters)
        rows = np.flatnonzero(mask)
        return Allowed(frozenset(self.ids[n] for n in rows), mask[self.chunk_rows])


def matches_year(year: int, filters: Filters) -> bool:
    """Return True when a year passes the year filters that are set."""
    if filters.year_from is not None and year < filters.year_from:
        return False
    if filters.year_to is not None and year > filters.year_to:
        return False
    return not filters.years or year in filters.years


def matches(paper: Paper, filters: Filters) -> bool:
    """Return True when a paper passes every filter that is set (its years or its
    subject, where ``Filters.either`` says so)."""
    dated = matches_year(paper.year, filters)
    if filters.subject is not None:  # one code, or several separated by commas: any matches
        codes = [s.casefold() for s in paper.subjects]
        wanted = [w.strip().casefold() for w in filters.subject.split(",") if w.strip()]
        filed = any(w in codes or any(c.split(".")[0] == w for c in codes) for w in wanted)
        if not ((dated or filed) if filters.dated_or_filed() else (dated and filed)):
            return False
    elif not dated:
        return False
    if filters.author is None:
        return True
    return filters.author in paper.authors or any(a in paper.authors for a in filters.also_by)


def year_where(filters: Filters) -> dict[str, Any] | None:
    """Return a Chroma ``where`` clause for the years, or None."""
    if filters.dated_or_filed():
        return None  # a paper of the subject passes from any year
    clauses: list[dict[str, Any]] = []
    if filters.year_from is not None:
        clauses.append({"year": {"$gte": filters.year_from}})
    if filters.year_to is not None:
        clauses.append({"year": {"$lte": filters.year_to}})
    if filters.years:
        clauses.append({"year": {"$in": list(filters.years)}})
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else {"$and": clauses}
