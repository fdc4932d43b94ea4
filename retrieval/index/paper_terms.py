"""Every paper's terms as integer arrays: computed once per generation, kept with it.

Tokenizing every title and abstract at each start was most of the cold start (12 of 19 s
profiled at 10k papers, bench/scale.py), and a frozenset of stems per paper was most of
the memory past the model. So the first load of a generation computes, in the row order
of ``paper_ids``:

* each paper's stems (ids into one list of stems), its title's stems, and its adjacent
  stem pairs (two ids in one int64: ``first << 32 | second``), as compressed rows;
* whether its abstract says where its code is, and the folded words of all papers;

and ``index_cache`` keeps them (``terms.npz``; the rows in ``terms_*.npy``, read back
memory-mapped). What a question's candidates share with its terms (coverage, title,
phrase, key) is then read for all of them at once, a few numpy calls over their rows:
no Python object per paper is built or kept.
"""

from __future__ import annotations

import functools
import logging
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from retrieval.files import add_files
from retrieval.index.stems import StemIndex, postings
from retrieval.index.vocabulary import folded_words
from retrieval.models import Paper
from retrieval.text import Sentence, is_code_sentence, tokenize

log = logging.getLogger(__name__)

FORMAT = 2  # bump when the saved arrays change meaning
Ids = npt.NDArray[np.int32]
Offsets = npt.NDArray[np.int64]
Values = npt.NDArray[np.integer[Any]]  # stem ids (int32) or pairs of them (int64)
Row = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Rows:
    """Compressed rows: row ``r``'s values are ``values[indptr[r]:indptr[r + 1]]``."""

    indptr: Offsets
    values: Values

    @classmethod
    def of(cls, rows: Sequence[Values]) -> Rows:
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum([len(r) for r in rows], out=indptr[1:])
        values = np.concatenate(rows) if rows else np.zeros(0, dtype=np.int32)
        return cls(indptr, values)

    def __getitem__(self, row: int) -> Values:
        return self.values[self.indptr[row] : self.indptr[row + 1]]


@dataclass(frozen=True)
class PaperTerms:
    """The stems, title stems, stem pairs and code fact of each paper, by row."""

    stems: list[str]  # id -> stem
    words: Rows  # sorted unique stem ids of title and abstract
    titles: Rows  # sorted unique stem ids of the title
    pairs: Rows  # sorted unique adjacent pairs, first << 32 | second
    code: npt.NDArray[np.bool_]
    vocabulary: list[str]  # every folded word of titles and abstracts (``Vocabulary``)
    kept_postings: Rows | None = None  # read from the cache files; else ``postings``

    @classmethod
    def compute(
        cls, papers: Iterable[Paper], code_sentences: Callable[[Paper], list[Sentence]]
    ) -> PaperTerms:
        """Tokenize each paper; ``code_sentences`` gives the sentences to test for code."""
        counting = TermsCounter()
        for paper in papers:
            counting.add(paper, code_sentences(paper))
        return counting.terms()

    @functools.cached_property
    def ids(self) -> dict[str, int]:
        """Return each stem's id."""
        return {stem: code for code, stem in enumerate(self.stems)}

    @functools.cached_property
    def postings(self) -> Rows:
        """Return the rows of the papers holding each stem: ``words`` transposed."""
        if self.kept_postings is not None:
            return self.kept_postings
        return Rows(*postings(self.words.indptr, self.words.values, len(self.stems)))

    def stem_index(self) -> StemIndex:
        """Return which papers hold each stem (the postings of ``words``)."""
        return StemIndex(self.ids, (self.postings.indptr, self.postings.values))

    def coverage(self, rows: Values, weights: Mapping[str, float], part: str = "words") -> Row:
        """Return, per paper row, the weighted share of the stems it holds (0 to 1), in its
        title and abstract (``part="words"``) or its title alone (``"titles"``)."""
        total = sum(weights.values())
        if total <= 0:
            return np.zeros(len(rows))
        known = {self.ids[s]: w for s, w in weights.items() if s in self.ids}
        return _held(getattr(self, part), rows, known) / total

    def pairs_weight(self, rows: Values, pairs: Mapping[tuple[str, str], float]) -> Row:
        """Return, per paper row, the summed weights of the stem pairs it has adjacent."""
        ids = self.ids
        known: dict[int, float] = {}
        for (first, second), weight in pairs.items():
            if first in ids and second in ids:
                code = ids[first] << 32 | ids[second]
                known[code] = known.get(code, 0.0) + weight
        return _held(self.pairs, rows, known)

    def save(self, folder: Path) -> None:
        """Write the arrays into ``folder``: the rows as ``.npy`` files, read back
        memory-mapped (a question touches its candidates' rows only), the rest in
        ``terms.npz``. The folder is a generation's, written whole then renamed."""
        for name in (*ROWS, POSTINGS):
            rows = getattr(self, name)
            np.save(folder / f"terms_{name}_indptr.npy", rows.indptr)
            np.save(folder / f"terms_{name}_values.npy", rows.values)
        np.savez(
            folder / "terms.npz",
            format=np.asarray([FORMAT], dtype=np.int64),
            stems=np.asarray(self.stems, dtype=str),
            code=self.code,
            vocabulary=np.asarray(self.vocabulary, dtype=str),
        )

    @classmethod
    def load(cls, folder: Path, papers: int) -> PaperTerms | None:
        """Return the arrays saved in ``folder`` for ``papers`` papers, or None."""
        try:
            with np.load(folder / "terms.npz", allow_pickle=False) as saved:
                if int(saved["format"][0]) != FORMAT or len(saved["code"]) != papers:
                    return None
                stems, code = saved["stems"].tolist(), saved["code"]
                vocabulary = saved["vocabulary"].tolist()
            rows = {
                name: Rows(
                    np.load(folder / f"terms_{name}_indptr.npy", mmap_mode="r"),
                    np.load(folder / f"terms_{name}_values.npy", mmap_mode="r"),
                )
                for name in ROWS
            }
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None  # a missing or torn file is computed again, never trusted
        if any(len(r.indptr) != papers + 1 or r.indptr[-1] != len(r.values) for r in rows.values()):
            return None
        kept = _postings(folder, len(stems), len(rows["words"].values))
        return cls(stems=stems, code=code, vocabulary=vocabulary, kept_postings=kept, **rows)

    def keep_postings(self, folder: Path) -> None:
        """Add the postings to a generation's folder kept before they were (atomically;
        a failure only logs: they are built again at the next start)."""
        if self.kept_postings is not None:
            return
        names = {
            f"terms_{POSTINGS}_indptr.npy": self.postings.indptr,
            f"terms_{POSTINGS}_values.npy": self.postings.values,
        }

        def write(prefix: str) -> None:
            for name, values in names.items():
                np.save(folder / f"{prefix}{name}", values)

        failed = add_files(folder, list(names), write)
        if failed is not None:
            log.info("cannot keep the stem postings in %s: %s", folder, failed)


ROWS = ("words", "titles", "pairs")
POSTINGS = "postings"  # kept beside the rows; a folder kept before them gets them added


def _postings(folder: Path, stems: int, pairs: int) -> Rows | None:
    """Return the kept postings of ``stems`` stems over ``pairs`` (paper, stem) pairs, or
    None when they are missing or torn (the values are written last: a torn pair of
    files has a short or missing values file)."""
    try:
        kept = Rows(
            np.load(folder / f"terms_{POSTINGS}_indptr.npy", mmap_mode="r"),
            np.load(folder / f"terms_{POSTINGS}_values.npy", mmap_mode="r"),
        )
    except (OSError, ValueError, EOFError):
        return None
    if len(kept.indptr) != stems + 1 or kept.indptr[-1] != pairs or len(kept.values) != pairs:
        return None
    return kept


class TermsCounter:
    """Tokenizes papers one at a time (an ingest: each batch while the next one embeds)
    into what ``PaperTerms`` holds; stem ids in order of first appearance, as before."""

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._rows: dict[str, list[Values]] = {name: [] for name in ROWS}
        self._code: list[bool] = []
        self._vocabulary: set[str] = set()

    def add(self, paper: Paper, code_sentences: Sequence[Sentence]) -> None:
        """Tokenize one paper; ``code_sentences`` are the sentences to test for code."""
        text = f"{paper.title}. {paper.abstract}"
        self._vocabulary |= folded_words([text])
        coded = _ids(self._ids, tokenize(text))
        self._rows["words"].append(np.unique(coded))
        self._rows["titles"].append(np.unique(_ids(self._ids, tokenize(paper.title))))
        joined = (coded[:-1].astype(np.int64) << 32) | coded[1:].astype(np.int64)
        self._rows["pairs"].append(np.unique(joined))
        self._code.append(any(is_code_sentence(s.text) for s in code_sentences))

    def terms(self) -> PaperTerms:
        """Return the terms of every paper added, in the order they were added."""
        return PaperTerms(
            stems=list(self._ids),
            words=Rows.of(self._rows["words"]),
            titles=Rows.of(self._rows["titles"]),
            pairs=Rows.of(self._rows["pairs"]),
            code=np.asarray(self._code, dtype=bool),
            vocabulary=sorted(self._vocabulary),
        )


def _held(part: Rows, rows: Values, weights: Mapping[int, float]) -> Row:
    """Return, per row, the summed weights of the codes in ``weights`` that it holds."""
    if not weights or not len(rows):
        return np.zeros(len(rows))
    codes = np.fromiter(weights, np.int64, len(weights))
    order = np.argsort(codes)
    codes, values = codes[order], np.fromiter(weights.values(), np.float64, len(weights))[order]
    starts, lengths = part.indptr[rows], part.indptr[rows + 1] - part.indptr[rows]
    # The positions of every value of the chosen rows, row after row.
    ends = np.cumsum(lengths)
    at = np.arange(int(ends[-1])) + np.repeat(starts - (ends - lengths), lengths)
    held = part.values[at]
    found = np.minimum(np.searchsorted(codes, held), len(codes) - 1)
    hit = np.where(codes[found] == held, values[found], 0.0)
    owner = np.repeat(np.arange(len(rows)), lengths)
    return np.bincount(owner, weights=hit, minlength=len(rows)).astype(np.float64)


def _ids(ids: dict[str, int], stems: list[str]) -> Ids:
    return np.fromiter((ids.setdefault(s, len(ids)) for s in stems), np.int32, len(stems))
