"""Okapi BM25 as a precomputed sparse impact matrix, fitted as rank-bm25 fits it, kept on disk.

rank-bm25's ``get_scores`` loops over every document in Python for each query term
(29 ms of a 70 ms question at 2k papers). Here the statistics are fitted once, with
rank-bm25's arithmetic in its order — idf with its epsilon floor, document lengths,
``k1``, ``b`` (``tests/retrieval/index/test_bm25.py`` holds it equal to ``BM25Okapi``,
bit for bit) — and every (term, document) pair is turned into its finished
contribution (Robertson/Okapi)::

    impact(t, d) = idf(t) * tf(t, d) * (k1 + 1) / (tf(t, d) + k1 * (1 - b + b * |d| / avgdl))

A query's scores are then the sum of its terms' rows (a term repeated in the query
counts again, as in rank-bm25), so the work grows with the postings the query touches,
not with the corpus. Rows are stored CSR-style in three numpy arrays (no scipy needed):
``indptr[r]:indptr[r + 1]`` slices ``docs`` and ``impacts`` for vocabulary row ``r``.

Documents are counted one at a time into integer arrays (``Postings``), so an ingest
counts each batch's chunks while the next one embeds and holds 8 bytes a posting, not
the token lists and a dict per document that ``BM25Okapi`` keeps (~3 GB at 100k papers).

# 36 papers: 92 chunks -> a few thousand postings, tens of KB saved.
"""

from __future__ import annotations

import math
import zipfile
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import numpy as np
import numpy.typing as npt

FORMAT = 2  # bump when the saved arrays change meaning


class BM25:
    """Okapi BM25 scores for token lists, from an impact matrix over the vocabulary."""

    def __init__(self, documents: Iterable[list[str]]) -> None:
        """Fit rank-bm25's Okapi statistics on documents and precompute every impact."""
        postings = Postings()
        for document in documents:
            postings.add(document)
        self._set(*postings.impacts(), postings.size)

    def _set(
        self,
        terms: list[str],
        idf: npt.NDArray[np.float64],
        indptr: npt.NDArray[np.int64],
        docs: npt.NDArray[np.int32],
        impacts: npt.NDArray[np.float32],
        size: int,
    ) -> None:
        self._rows = {term: row for row, term in enumerate(terms)}
        self.idf: Mapping[str, float] = dict(zip(terms, idf.tolist(), strict=True))
        # The highest idf, which a question's stem the corpus lacks gets (2.6 ms a question
        # at 100k papers when taken over the dict each time).
        self.max_idf = float(max(self.idf.values(), default=1.0))
        self._terms, self._idf = terms, idf
        self._indptr, self._docs, self._impacts = indptr, docs, impacts
        self.size = size  # number of documents

    @classmethod
    def fit(cls, documents: Iterable[list[str]]) -> BM25:
        """Return BM25 fitted on documents (the same as ``BM25(documents)``)."""
        return cls(documents)

    @classmethod
    def of(cls, postings: Postings) -> BM25:
        """Return BM25 fitted on the documents counted into ``postings``."""
        bm25 = cls.__new__(cls)
        bm25._set(*postings.impacts(), postings.size)
        return bm25

    def scores(self, stems: list[str]) -> npt.NDArray[np.float64]:
        """Return every document's score for a query's stems, in document order."""
        scores = np.zeros(self.size, dtype=np.float64)
        for stem, count in Counter(stems).items():
            row = self._rows.get(stem)
            if row is None:
                continue
            begin, end = self._indptr[row], self._indptr[row + 1]
            # A row holds each document once, so fancy-index += never drops an update.
            scores[self._docs[begin:end]] += count * self._impacts[begin:end]
        return scores

    def save(self, folder: Path) -> None:
        """Write the matrix into ``folder`` (a generation's, written whole then renamed):
        the postings as ``bm25_docs.npy`` and ``bm25_impacts.npy``, read back
        memory-mapped (a question touches its terms' rows only), the rest in ``bm25.npz``."""
        np.save(folder / "bm25_docs.npy", self._docs)
        np.save(folder / "bm25_impacts.npy", self._impacts)
        np.savez(
            folder / "bm25.npz",
            format=np.asarray([FORMAT, self.size], dtype=np.int64),
            terms=np.asarray(self._terms, dtype=str),
            idf=self._idf,
            indptr=self._indptr,
        )

    @classmethod
    def load(cls, folder: Path) -> BM25 | None:
        """Return the matrix saved in ``folder``, or None when it is missing or unreadable."""
        try:
            with np.load(folder / "bm25.npz", allow_pickle=False) as saved:
                version, size = (int(v) for v in saved["format"])
                if version != FORMAT:
                    return None
                terms, idf, indptr = saved["terms"].tolist(), saved["idf"], saved["indptr"]
            docs = np.load(folder / "bm25_docs.npy", mmap_mode="r")
            impacts = np.load(folder / "bm25_impacts.npy", mmap_mode="r")
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
            return None  # a missing or torn cache is rebuilt, never trusted
        if not len(docs) == len(impacts) == (indptr[-1] if len(indptr) else 0):
            return None
        bm25 = cls.__new__(cls)
        bm25._set(terms, idf, indptr, docs, impacts, size)
        return bm25


Arrays = tuple[
    list[str],
    npt.NDArray[np.float64],
    npt.NDArray[np.int64],
    npt.NDArray[np.int32],
    npt.NDArray[np.float32],
]


class Postings:
    """Documents' term counts, added one document at a time, as integer arrays.

    A term's id is its first appearance over the documents in order, the order in which
    rank-bm25 meets it (its ``idf`` dict), so the idf sum and the matrix rows come out in
    that order. ~140 tokens a chunk -> ~90 postings, 8 bytes each: 170 MB at 240k chunks.
    """

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        # Each document's distinct terms and how often each occurs, joined into blocks of
        # ``BLOCK`` documents (two arrays a document would cost ~220 bytes of headers).
        self._terms: list[npt.NDArray[np.int32]] = []
        self._counts: list[npt.NDArray[np.int32]] = []
        self._distinct: list[int] = []  # per document: how many distinct terms
        self._lengths: list[int] = []  # per document: how many tokens
        self._joined = 0  # documents already joined into blocks

    @property
    def size(self) -> int:
        """Return the number of documents added."""
        return len(self._lengths)

    def add(self, document: list[str]) -> None:
        """Count one document's tokens."""
        ids = self._ids
        coded = np.fromiter((ids.setdefault(t, len(ids)) for t in document), np.int32)
        terms, counts = np.unique(coded, return_counts=True)
        self._terms.append(terms.astype(np.int32))
        self._counts.append(counts.astype(np.int32))
        self._distinct.append(len(terms))
        self._lengths.append(len(document))
        if len(self._lengths) - self._joined >= BLOCK:
            self._join()

    def _join(self) -> None:
        waiting = len(self._lengths) - self._joined
        if waiting:
            self._terms[-waiting:] = [np.concatenate(self._terms[-waiting:])]
            self._counts[-waiting:] = [np.concatenate(self._counts[-waiting:])]
        self._joined = len(self._lengths)

    def impacts(self) -> Arrays:
        """Return (terms, idf, indptr, docs, impacts): the matrix rows grouped by term.

        The impacts are worked out ``STRETCH`` postings at a time, in the rows' order, into
        the arrays returned: over all 21M postings at 100k papers at once, the float64
        temporaries held ~1 GB more at the end of an ingest. Each value is the same float.
        """
        self._join()
        terms = list(self._ids)
        documents = len(self._lengths)
        term_arr = np.concatenate([np.zeros(0, np.int32), *self._terms])
        tf_arr = np.concatenate([np.zeros(0, np.int32), *self._counts])
        self._terms, self._counts = [term_arr], [tf_arr]  # the blocks go; one copy stays
        doc_arr = np.repeat(np.arange(documents, dtype=np.int32), self._distinct)
        held = np.bincount(term_arr, minlength=len(terms))
        idf = _idf(held.tolist(), documents)
        lengths = np.asarray(self._lengths, dtype=np.float64)
        avgdl = sum(self._lengths) / max(documents, 1)  # ints, as rank-bm25 sums them
        order = np.argsort(term_arr, kind="stable")  # group postings by term, docs ascending
        indptr = np.zeros(len(terms) + 1, dtype=np.int64)
        np.cumsum(held, out=indptr[1:])
        docs = np.empty(len(order), dtype=np.int32)
        impacts = np.empty(len(order), dtype=np.float32)
        for begin in range(0, len(order), STRETCH):
            rows = order[begin : begin + STRETCH]
            doc, tf = doc_arr[rows], tf_arr[rows].astype(np.float64)
            norm = K1 * (1 - B + B * lengths[doc] / avgdl)
            docs[begin : begin + STRETCH] = doc
            impacts[begin : begin + STRETCH] = idf[term_arr[rows]] * tf * (K1 + 1) / (tf + norm)
        return terms, idf, indptr, docs, impacts


BLOCK = 4096
STRETCH = 1 << 20  # postings whose impacts are worked out at once
K1, B, EPSILON = 1.5, 0.75, 0.25  # rank-bm25's BM25Okapi defaults


def _idf(documents_with: list[int], size: int) -> npt.NDArray[np.float64]:
    """Return each term's idf, floored as ``BM25Okapi._calc_idf`` floors it: a term in
    more than half the documents gets ``EPSILON`` times the mean idf instead."""
    idf = [math.log(size - n + 0.5) - math.log(n + 0.5) for n in documents_with]
    if not idf:
        return np.zeros(0, dtype=np.float64)
    total = 0.0
    for value in idf:  # summed one by one, in rank-bm25's order: the same float
        total += value
    floor = EPSILON * (total / len(idf))
    return np.asarray([floor if value < 0 else value for value in idf], dtype=np.float64)
