"""The sentences of a paper read for quoting, cached for the papers recently shown.

A snippet is chosen among an abstract's sentences by the question's terms and, when the
answer is semantic, by their vectors (``retrieval.search.snippets``). Corpora up to
``sentence_vectors_up_to`` papers stored every sentence's vector at ingest; past that a
sentence borrows the vector of the chunk that holds most of it (``Quoter._borrowed``).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from retrieval.index.embedding import Vectors
from retrieval.index.loaded import LoadedIndex
from retrieval.search.snippets import Prepared, prepare
from retrieval.text import Sentence

# Papers whose prepared sentences (stems, and vectors once shown) stay cached: ~8
# sentences x 384 float32 = 12 KB of vectors a paper, so 4,096 papers hold ~50 MB at most.
PREPARED_PAPERS = 4096


class Quoter:
    """Prepares papers' sentences for snippets; thread-safe (questions run on several)."""

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        self._sentence_vectors = index.sentence_vectors  # empty above sentence_vectors_up_to
        self._chunk_rows = index.chunk_rows
        self._prepared: OrderedDict[str, Prepared] = OrderedDict()  # least recent first
        self._prepared_lock = threading.Lock()

    def prepared(self, pid: str) -> Prepared:
        """Return a paper's sentences read for snippets (cached for recently used papers)."""
        with self._prepared_lock:
            found = self._prepared.get(pid)
            if found is not None:
                self._prepared.move_to_end(pid)
                return found
        rows = self.index.sentences.get(pid, [])
        stored = self._sentence_vectors.get(pid)
        if stored is None or len(stored) != len(rows):
            stored = self._borrowed(pid, rows)
        return self._keep(pid, prepare(rows, stored))

    def _keep(self, pid: str, prepared: Prepared) -> Prepared:
        with self._prepared_lock:
            self._prepared[pid] = prepared
            self._prepared.move_to_end(pid)
            while len(self._prepared) > PREPARED_PAPERS:
                self._prepared.popitem(last=False)
        return prepared

    def _borrowed(self, pid: str, rows: Sequence[Sentence]) -> Vectors | None:
        """Return, for each sentence, the vector of the chunk that holds most of it.

        Past ``sentence_vectors_up_to`` papers ingest embeds no sentence. Embedding a
        shown paper's ~8 sentences when shown cost ~300 ms an answer at 100k papers
        (bench/scale.py); the chunk's cosine ranks the sentences instead, and the
        question's terms pick among a chunk's sentences.
        """
        chunk_rows: list[int] = self._chunk_rows.of(self.index.paper_rows[pid]).tolist()
        if not chunk_rows or not rows:
            return None
        chunks = [self.index.chunks[row] for row in chunk_rows]

        def holding(sentence: Sentence) -> int:
            overlaps = [min(sentence.end, c.end) - max(sentence.start, c.start) for c in chunks]
            return chunk_rows[int(np.argmax(overlaps))]

        return np.asarray(self.index.chunk_vectors[[holding(s) for s in rows]])
