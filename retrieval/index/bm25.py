"""Okapi BM25 as a precomputed sparse impact matrix, fitted by rank-bm25, saved per generation.

rank-bm25's ``get_scores`` loops over every document in Python for each query term
(29 ms of a 70 ms question at 2k papers). Here rank-bm25 fits the statistics once —
idf with its epsilon floor, document lengths, ``k1``, ``b`` — and every (term, document)
pair is turned into its finished contribution (Robertson/Okapi, as rank-bm25 computes
it)::

    impact(t, d) = idf(t) * tf(t, d) * (k1 + 1) / (tf(t, d) + k1 * (1 - b + b * |d| / avgdl))

A query's scores are then the sum of its terms' rows (a term repeated in the query
counts again, as in rank-bm25), so the work grows with the postings the query touches,
not with the corpus. Rows are stored CSR-style in three numpy arrays (no scipy needed):
``indptr[r]:indptr[r + 1]`` slices ``docs`` and ``impacts`` for vocabulary row ``r``.

# 36 papers: 92 chunks -> a few thousand postings, tens of KB saved.
"""

from __future__ import annotations

import zipfile
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import numpy.typing as npt
from rank_bm25 import BM25Okapi

FORMAT = 2  # bump when the saved arrays change meaning


class BM25:
    """Okapi BM25 scores for token lists, from an impact matrix over the vocabulary."""

    def __init__(self, documents: list[list[str]]) -> None:
        """Fit rank-bm25's Okapi statistics on documents and precompute every impact."""
        self._set(*_impacts(documents), len(documents))

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
        self._terms, self._idf = terms, idf
        self._indptr, self._docs, self._impacts = indptr, docs, impacts
        self.size = size  # number of documents

    @classmethod
    def fit(cls, documents: list[list[str]]) -> BM25:
        """Return BM25 fitted on documents (the same as ``BM25(documents)``)."""
        return cls(documents)

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


def _impacts(documents: list[list[str]]) -> Arrays:
    """Return (terms, idf, indptr, docs, impacts): the matrix rows grouped by term."""
    okapi = BM25Okapi(documents)
    terms = list(okapi.idf)
    rows = {term: row for row, term in enumerate(terms)}
    term_ids: list[int] = []
    doc_ids: list[int] = []
    tfs: list[int] = []
    for doc, freqs in enumerate(okapi.doc_freqs):
        for term, tf in freqs.items():
            term_ids.append(rows[term])
            doc_ids.append(doc)
            tfs.append(tf)
    term_arr = np.asarray(term_ids, dtype=np.int64)
    doc_arr = np.asarray(doc_ids, dtype=np.int32)
    tf_arr = np.asarray(tfs, dtype=np.float64)
    idf = np.asarray([okapi.idf[t] for t in terms], dtype=np.float64)
    lengths = np.asarray(okapi.doc_len, dtype=np.float64)
    k1, b, avgdl = okapi.k1, okapi.b, okapi.avgdl
    norm = k1 * (1 - b + b * lengths[doc_arr] / avgdl)
    impacts = idf[term_arr] * tf_arr * (k1 + 1) / (tf_arr + norm)
    order = np.argsort(term_arr, kind="stable")  # group postings by term, docs ascending
    indptr = np.zeros(len(terms) + 1, dtype=np.int64)
    np.cumsum(np.bincount(term_arr, minlength=len(terms)), out=indptr[1:])
    return terms, idf, indptr, doc_arr[order], impacts[order].astype(np.float32)
