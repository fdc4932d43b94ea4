"""A generation's abstracts in one file, read where a question needs them.

At 100k papers the abstracts held as Python strings were 120 MB of a serving process's
heap (tracemalloc, ``bench/scale.py``'s corpus), though a question reads a few dozen of
them: its candidates' snippets and features, an author's themes. So a generation's
cache folder keeps them as one UTF-8 file (``abstracts.txt``) with the byte offset of
each (``abstracts.npy``), and a paper read from the cache (``KeptPaper``) reads its
abstract from the file each time it is asked for it, about 20 times a question for 9
papers (dev questions at 100k). It is read with ``pread``, not mapped: a mapping's
faults bring the neighbouring 64 KB into the process too (fault-around): 800 questions
then left 50 MB more resident than reading it does. Read, its pages stay in the page
cache, shared by the processes of one machine, and outside each one's RSS.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from retrieval.models import Paper

TEXT_FILE = "abstracts.txt"
OFFSETS_FILE = "abstracts.npy"


class Abstracts:
    """The abstracts kept in a generation's folder, by row in corpus order."""

    def __init__(self, folder: Path, papers: int) -> None:
        """Open the files for ``papers`` abstracts; raise ``ValueError`` when they are
        torn (a count or a length that does not match) and ``OSError`` when missing."""
        self._offsets = np.load(folder / OFFSETS_FILE, allow_pickle=False)
        self._fd = os.open(folder / TEXT_FILE, os.O_RDONLY)
        weakref.finalize(self, os.close, self._fd)  # once no paper of the generation is left
        size = os.fstat(self._fd).st_size
        offsets = self._offsets
        if (
            offsets.ndim != 1
            or not np.issubdtype(offsets.dtype, np.integer)
            or len(offsets) != papers + 1
            or offsets[0] != 0
            or offsets[-1] != size
            or (np.diff(offsets) < 0).any()
        ):
            raise ValueError(f"{OFFSETS_FILE} does not describe {papers} abstracts of {size} bytes")

    def __getitem__(self, row: int) -> str:
        start, end = self._offsets[row : row + 2].tolist()
        return os.pread(self._fd, end - start, start).decode("utf-8")

    @staticmethod
    def write(folder: Path, texts: Iterable[str], prefix: str = "") -> None:
        """Write ``texts`` in order as the two files of ``folder``, their names after
        ``prefix`` (a temporary name, renamed into place by the caller)."""
        offsets = [0]
        with (folder / f"{prefix}{TEXT_FILE}").open("wb") as file:
            for text in texts:
                offsets.append(offsets[-1] + file.write(text.encode("utf-8")))
        np.save(folder / f"{prefix}{OFFSETS_FILE}", np.asarray(offsets, dtype=np.int64))


class KeptPaper(Paper):
    """A paper read from a generation's cache files: the same fields, its abstract read
    from its generation's ``Abstracts`` when asked. Equal to, and hashed as, a ``Paper``
    with the same values; pickled, copied and replaced as one."""

    __slots__ = ("_abstracts", "_row")
    _abstracts: Abstracts
    _row: int

    def __new__(cls, *args: Any, **values: Any) -> Paper:  # type: ignore[misc]
        """Return a plain ``Paper``: what ``dataclasses.replace`` builds from one
        (``kept_paper`` makes the kept ones)."""
        return Paper(*args, **values)

    @property  # Paper's field, read from the kept file instead
    def abstract(self) -> str:
        return self._abstracts[self._row]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Paper):
            return NotImplemented
        return _values(self) == _values(other)

    def __hash__(self) -> int:
        return hash(_values(self))

    def __repr__(self) -> str:
        return repr(Paper(*_values(self)))

    def __reduce__(self) -> tuple[Any, ...]:
        return Paper, _values(self)


def kept_paper(abstracts: Abstracts, row: int, **values: Any) -> KeptPaper:
    """Return the paper of corpus row ``row`` with the given fields (all but ``abstract``)."""
    paper = object.__new__(KeptPaper)
    for name, value in values.items():  # Paper's own slots, set as its frozen __init__ does
        _SLOTS[name].__set__(paper, value)
    _SLOTS["_abstracts"].__set__(paper, abstracts)
    _SLOTS["_row"].__set__(paper, row)
    return paper


_NAMES = tuple(f.name for f in fields(Paper))
_SLOTS = {
    **{name: Paper.__dict__[name] for name in _NAMES if name != "abstract"},
    **{name: KeptPaper.__dict__[name] for name in KeptPaper.__slots__},
}


def _values(paper: Paper) -> tuple[Any, ...]:
    return tuple(getattr(paper, name) for name in _NAMES)
