"""A private copy of an embedded Chroma index, so a process that only reads never writes it.

Chroma has no read-only client (chroma-core/chroma#1438, open). Measured with chromadb
1.5.9 on a built papercord index: ``PersistentClient(path)`` rewrites ``chroma.sqlite3``
as it opens, and the first read of a collection rewrites that collection's HNSW files
(``header.bin``, ``length.bin``, ``data_level0.bin``, ``link_lists.bin``); queries after
that write nothing. A bot that answers questions from a read-only volume, or from an
index folder other processes share, cannot allow either. So the bot opens Chroma on a
copy in a temporary folder: ``chroma.sqlite3`` through SQLite's backup API from a
``mode=ro`` connection (a consistent snapshot even while an ingest writes), the segment
folders by plain copy. The copy costs the index's size in temporary disk space and a
copy at start and after a reindex (3 MB and well under a second for the bundled 36
papers; 304 MB and 0.8-1.0 s at 10,036 papers, ``python -m bench.snapshot_copy``, on a
loaded machine); it is removed when the process ends. The CLI's reading commands
(ask, paper, author, cite, eval, chat) serve a copy too.
"""

from __future__ import annotations

import contextlib
import shutil
import sqlite3
import tempfile
import weakref
from pathlib import Path

from retrieval.errors import IndexUnavailable

DATABASE = "chroma.sqlite3"


class Snapshot:
    """A temporary copy of an index folder, deleted when this object or the process ends."""

    def __init__(self, folder: Path) -> None:
        self.source = folder
        self.path = Path(tempfile.mkdtemp(prefix="papercord-index-"))
        self._cleanup = weakref.finalize(self, shutil.rmtree, self.path, ignore_errors=True)
        try:
            _copy(folder, self.path)
        except (OSError, sqlite3.Error) as exc:
            self._cleanup()
            raise IndexUnavailable(
                f"cannot copy the index folder {folder} to serve it read-only: {exc} "
                "(if an ingest was running, start again once it has finished)"
            ) from exc

    def remove(self) -> None:
        """Delete the copy now."""
        self._cleanup()


def has_index(folder: Path) -> bool:
    """Return True when a folder holds an embedded Chroma index."""
    return (folder / DATABASE).is_file()


def _copy(source: Path, target: Path) -> None:
    for item in source.iterdir():
        if item.name == DATABASE:
            _backup(item, target / DATABASE)
        elif item.is_dir():  # one folder of HNSW files per collection segment
            shutil.copytree(item, target / item.name)
        # anything else (sqlite journals, an ingest's lock file) is not part of the index


def _backup(source: Path, target: Path) -> None:
    # mode=ro: SQLite opens the file for reading only; the backup API copies a consistent
    # state page by page even while another process commits.
    reader = sqlite3.connect(f"{source.absolute().as_uri()}?mode=ro", uri=True)
    with contextlib.closing(reader) as src, contextlib.closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
