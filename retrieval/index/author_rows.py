"""Each author's papers by row, and their themes once found, kept with the generation.

``/author`` read its author's papers by testing every paper (``author in p.authors``:
~20 ms at 100k papers, per call); here each author's paper rows are grouped once, when
a generation is kept (``retrieval.index.cache``), into two arrays:

    # authors ["Ada Quill", "Bram Sato"]; papers 0, 1, 2 by Ada, 1 by Bram too
    # -> indptr [0, 3, 4], rows [0, 1, 2, 1]

Themes (phrases recurring in an author's abstracts, ~10-60 ms an author) and the
representative papers (up to 1.2 s for an author of thousands at 100k) are found on the
first ``/author`` of each author in a generation and appended to ``themes.jsonl`` in the
generation's folder, so no later process of that generation finds them again. Each line
carries the key of the code that found it (``retrieval.answers.authors.themes_key``): a
changed way of finding themes finds them again rather than serve the old ones. A line
torn by a crash is skipped when read; a folder that cannot be written keeps them in
memory only.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import zipfile
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import numpy.typing as npt

from retrieval.index.grouping import grouped
from retrieval.models import Paper

log = logging.getLogger(__name__)

AUTHORS_FILE = "authors.npz"
THEMES_FILE = "themes.jsonl"


class AuthorRows:
    """The sorted listed authors, and the positions of each one's papers in corpus order."""

    def __init__(
        self, authors: list[str], indptr: npt.NDArray[np.int64], rows: npt.NDArray[np.int32]
    ) -> None:
        self.authors = authors
        self._number = {name: n for n, name in enumerate(authors)}
        self._indptr = indptr
        self._rows = rows

    @classmethod
    def of(cls, papers: Mapping[str, Paper]) -> AuthorRows:
        """Group the papers, by their position in ``papers`` (corpus order), under each
        of their authors."""
        authors = sorted({a for p in papers.values() for a in p.authors})
        number = {name: n for n, name in enumerate(authors)}
        owners, rows = [], []
        for row, paper in enumerate(papers.values()):
            for name in dict.fromkeys(paper.authors):
                owners.append(number[name])
                rows.append(row)
        order, indptr = grouped(np.asarray(owners, np.int32), len(authors))
        return cls(authors, indptr.astype(np.int64), np.asarray(rows, np.int32)[order])

    def rows(self, author: str) -> npt.NDArray[np.int32]:
        """Return the positions of an author's papers, ascending (none for an unknown name)."""
        n = self._number.get(author)
        if n is None:
            return np.zeros(0, np.int32)
        return self._rows[self._indptr[n] : self._indptr[n + 1]]

    def save(self, folder: Path, name: str = AUTHORS_FILE) -> None:
        """Write the arrays to ``folder`` (a generation's, written whole then renamed)."""
        np.savez(
            folder / name,
            authors=np.asarray(self.authors, dtype=str),
            indptr=self._indptr,
            rows=self._rows,
        )

    @classmethod
    def load(cls, folder: Path, papers: int) -> AuthorRows | None:
        """Return the rows kept in ``folder``, or None when missing or not for ``papers``."""
        try:
            with np.load(folder / AUTHORS_FILE, allow_pickle=False) as kept:
                authors = [str(a) for a in kept["authors"]]
                indptr, rows = kept["indptr"], kept["rows"]
        except (OSError, ValueError, KeyError, zipfile.BadZipFile):
            return None  # missing, or torn: an archive cut short is no zip
        if len(indptr) != len(authors) + 1 or (len(rows) and int(rows.max()) >= papers):
            return None
        return cls(authors, indptr.astype(np.int64), rows.astype(np.int32))


class Themes:
    """Each author's themes found so far in one generation, kept in its folder's file."""

    def __init__(self, folder: Path | None) -> None:
        self._path = folder / THEMES_FILE if folder is not None else None
        self._lock = threading.Lock()
        self._found: dict[tuple[str, str], tuple[str, ...]] | None = None

    def get(self, author: str, key: str) -> tuple[str, ...] | None:
        """Return an author's themes when found before in this generation by code ``key``."""
        with self._lock:
            return self._read().get((key, author))

    def put(self, author: str, key: str, themes: tuple[str, ...]) -> None:
        """Keep an author's themes, in memory and appended to the file."""
        with self._lock:
            self._read()[key, author] = themes
            if self._path is None:
                return
            row = {"key": key, "author": author, "themes": list(themes)}
            line = json.dumps(row, ensure_ascii=False)
            try:  # one write of one line, appended: processes of a generation share it
                descriptor = os.open(self._path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                try:
                    os.write(descriptor, (line + "\n").encode())
                finally:
                    os.close(descriptor)
            except OSError as exc:  # a read-only folder: found again by the next process
                log.info("cannot keep %s's themes in %s: %s", author, self._path, exc)
                self._path = None

    def _read(self) -> dict[tuple[str, str], tuple[str, ...]]:
        if self._found is None:
            self._found = {}
            try:
                lines = self._path.read_text(encoding="utf-8").splitlines() if self._path else []
            except OSError:
                lines = []
            for line in lines:
                try:
                    row = json.loads(line)
                    found = tuple(str(t) for t in row["themes"])
                    self._found[str(row["key"]), str(row["author"])] = found
                except (ValueError, KeyError, TypeError):
                    continue  # torn by a crash mid-write
        return self._found
