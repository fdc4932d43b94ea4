"""Names (titles, authors) found by what is typed, through an index, not a scan.

Autocomplete offers the names whose folded form contains the typed text, those that
start with it first, then names fuzzily like it. Testing every name (and scoring every
name with WRatio when fewer than 25 contain the text) took p95 177 ms at 100k titles.
Here:

* names that start with the text are a range of the names sorted (``bisect``):

      # sorted ["graph a", "graph b", "quantum c"]; "gra" -> rows of the first two

* names that contain it have, for each of its space-free runs, a word that contains
  that run (a run of the text sits inside one word of the name, as the folded name's
  words are its runs too); those few are then tested whole;
* the fuzzy ones are scored only among the names with a word like a typed run
  (``LIKE`` ratio, or its start), the ``FUZZY_ROWS`` holding the most such runs; a list
  of ``FUZZY_ROWS`` names or fewer (authors, a small corpus) is scored whole, as before.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process

from retrieval.index.grouping import grouped

Rows = npt.NDArray[np.int32]
LIKE = 70  # fuzz.ratio of a typed run to a name's word for the name to be scored fuzzily
FUZZY_ROWS = 3000  # names scored with WRatio at most (~15 ms)
FUZZY_CUTOFF = 60  # WRatio of a fuzzy suggestion, as before the index


class NameIndex:
    """Folded names, by their start and by the words they hold."""

    def __init__(self, folded: Sequence[str]) -> None:
        self.folded = list(folded)
        first_seen: dict[str, int] = {}
        owners, rows = [], []
        for row, name in enumerate(self.folded):
            for word in set(name.split()):
                owners.append(first_seen.setdefault(word, len(first_seen)))
                rows.append(row)
        self.vocabulary = list(first_seen)
        self._words = Words(self.vocabulary)
        order, self._indptr = grouped(np.asarray(owners, np.int64), len(self.vocabulary))
        self._rows = np.asarray(rows, np.int32)[order]
        self._sorted = sorted(range(len(self.folded)), key=self.folded.__getitem__)
        self._sorted_names = [self.folded[row] for row in self._sorted]

    def complete(self, query: str, limit: int) -> list[int]:
        """Return up to ``limit`` rows: names starting with the folded query (in row
        order), then containing it (earliest first), then fuzzily like it."""
        chosen = self.starting(query)[:limit]
        if len(chosen) < limit:
            chosen += self.containing(query, set(chosen))[: limit - len(chosen)]
        if len(chosen) < limit:
            chosen += [row for row in self.fuzzy(query, limit) if row not in set(chosen)]
        return chosen[:limit]

    def starting(self, query: str) -> list[int]:
        """Return the rows of the names that start with ``query``, ascending."""
        start = bisect_left(self._sorted_names, query)
        end = bisect_left(self._sorted_names, query + "\U0010ffff", lo=start)
        return sorted(self._sorted[start:end])

    def containing(self, query: str, besides: set[int]) -> list[int]:
        """Return the rows of the other names that contain ``query``, earliest first."""
        runs = sorted(set(query.split()), key=len, reverse=True)
        found: Rows | None = None
        for run in runs:  # the longest run first: it has the fewest words
            held = self._held(self._words.containing(run))
            found = held if found is None else np.intersect1d(found, held, assume_unique=True)
            if not len(found):
                return []
        rows = [] if found is None else found.tolist()
        hits = [(self.folded[row].find(query), row) for row in rows if row not in besides]
        return [row for at, row in sorted(hits) if at >= 0]

    def fuzzy(self, query: str, limit: int) -> list[int]:
        """Return up to ``limit`` rows of names WRatio scores ``FUZZY_CUTOFF`` or more,
        best first (ties in row order), among the names with a word like a typed run."""
        if len(self.folded) <= FUZZY_ROWS:  # as cheap to score them all
            return self._scored(query, np.arange(len(self.folded)), limit)
        counts = np.zeros(len(self.folded), np.int32)
        for run in set(query.split()):
            words = set(self._words.starting(run))
            if len(run) >= 3:
                words.update(self._words.like(run))
            counts[self._held(sorted(words))] += 1
        rows = np.flatnonzero(counts)
        if len(rows) > FUZZY_ROWS:  # the names holding the most runs; ties in row order
            rows = np.sort(rows[np.argsort(-counts[rows], kind="stable")[:FUZZY_ROWS]])
        return self._scored(query, rows, limit)

    def _scored(self, query: str, rows: npt.NDArray[np.integer[Any]], limit: int) -> list[int]:
        """Return the ``limit`` rows WRatio scores best, of ``FUZZY_CUTOFF`` or more."""
        names = [self.folded[row] for row in rows.tolist()]
        scores = process.cdist(
            [query], names, scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF, dtype=np.float64
        )[0]  # as exact as process.extract: float32 ties would reorder names
        kept = np.flatnonzero(scores >= FUZZY_CUTOFF)
        best = kept[np.argsort(-scores[kept], kind="stable")[:limit]]
        return [int(rows[n]) for n in best]

    def _held(self, words: Sequence[int]) -> Rows:
        """Return the rows of the names holding any of these words, ascending."""
        if not len(words):
            return np.zeros(0, np.int32)
        parts = [self._rows[self._indptr[w] : self._indptr[w + 1]] for w in words]
        return np.unique(np.concatenate(parts))


class Words:
    """A vocabulary searched by C string search, not a Python test per word (100k title
    words took 4-10 ms a typed run that way, the most of a fuzzy completion's time):
    its words joined in one text, each after a newline, which no typed run holds."""

    def __init__(self, vocabulary: Sequence[str]) -> None:
        self._vocabulary = vocabulary
        self._text = "".join(f"\n{word}" for word in vocabulary)
        self._starts = np.cumsum([0, *(len(word) + 1 for word in vocabulary)]).tolist()
        self._of_length: dict[int, tuple[list[str], npt.NDArray[np.int64]]] = {}
        for length, ids in itertools.groupby(
            sorted(range(len(vocabulary)), key=lambda n: len(vocabulary[n])),
            key=lambda n: len(vocabulary[n]),
        ):
            kept = list(ids)
            self._of_length[length] = ([vocabulary[n] for n in kept], np.asarray(kept))

    def containing(self, run: str) -> list[int]:
        """Return the ids of the words that contain ``run``, ascending."""
        return self._found(run)

    def starting(self, run: str) -> list[int]:
        """Return the ids of the words that start with ``run``, ascending."""
        return self._found(f"\n{run}")

    def like(self, run: str) -> list[int]:
        """Return the ids of the words whose ``fuzz.ratio`` to ``run`` is ``LIKE`` or more,
        scoring only the words of a length that can reach it (the ratio is at most
        200 min(a, b) / (a + b) for lengths a and b)."""
        size, found = len(run), []
        for length, (words, ids) in self._of_length.items():
            if 200 * min(size, length) / (size + length) >= LIKE:
                close = process.cdist([run], words, scorer=fuzz.ratio, score_cutoff=LIKE)[0]
                found += ids[close >= LIKE].tolist()
        return sorted(found)

    def _found(self, needle: str) -> list[int]:
        if needle in ("", "\n"):  # every word contains the empty run and starts with it
            return list(range(len(self._vocabulary)))
        found, at = [], self._text.find(needle)
        while at >= 0:
            word = bisect_right(self._starts, at) - 1
            found.append(word)
            at = self._text.find(needle, self._starts[word + 1])
        return found
