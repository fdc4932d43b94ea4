"""Which papers and chunks a year, subject or author filter allows, without a scan.

Built once per loaded index: each paper's year in a numpy array, the papers of each
subject code, archive ("cs") and author name, and each chunk's paper row. A filter is
then a few numpy operations over papers (~100k booleans), not a Python check of every
paper on every question. ``retrieval.search.matches`` stays the reference for what a
filter means; ``tests/retrieval/test_filtering.py`` checks that both agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
            mask &= subject
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
