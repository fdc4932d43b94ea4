"""Reclaim the disk space of deleted collections in an embedded Chroma folder.

Part of the Chroma adapter (only ``vector_store`` uses it). chromadb 1.x removes a
deleted collection from its SQLite catalogue but leaves the collection's HNSW segment
folder (``<index>/<segment uuid>/``) on disk (chroma-core/chroma#5259, #5520), and SQLite
keeps the freed pages inside ``chroma.sqlite3``; its full-text index keeps a tombstone
for every deleted document. Over 20 ingests of changing corpora that is most of the
folder. After old generations are dropped, ``collect`` therefore

1. deletes every segment folder whose id is no longer in Chroma's ``segments`` table
   (the folders are listed *before* the table is read, and Chroma writes a segment's row
   before its folder, so a folder being created can never look orphaned);
2. merges the full-text index (FTS5 ``optimize``), which drops the tombstones; and
3. runs ``VACUUM`` when a tenth or more of the file is free pages, as ``chroma vacuum``
   does.

A reader holding the database makes steps 2 and 3 wait up to ``BUSY_MS`` and then skip,
to run after a later ingest. Measured on 20 ingests of changing corpora (see
``tests/retrieval/test_hostile_ingest.py``): without this the folder grows by about one
generation every ingest; with it, it stays at the two generations an index keeps.

Both steps only ever remove what Chroma itself no longer refers to.
"""

from __future__ import annotations

import logging
import re
import shutil
import sqlite3
from pathlib import Path

log = logging.getLogger(__name__)

SEGMENT_DIR = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
FREE_SHARE = 0.1  # vacuum when at least this share of chroma.sqlite3 is free pages
FULLTEXT = "embedding_fulltext_search"  # Chroma's FTS5 table of documents
BUSY_MS = 2000


def collect(folder: Path) -> int:
    """Remove orphaned segment folders and compact the catalogue; return bytes freed."""
    database = folder / "chroma.sqlite3"
    if not database.is_file():
        return 0
    before = _size(folder)
    candidates = [d for d in folder.iterdir() if d.is_dir() and SEGMENT_DIR.match(d.name)]
    try:
        with _connect(database) as connection:
            live = {str(row[0]) for row in connection.execute("SELECT id FROM segments")}
    except sqlite3.Error as exc:  # a future Chroma schema: leave everything as it is
        log.warning("not reclaiming index disk space: cannot read Chroma's catalogue (%s)", exc)
        return 0
    for orphan in (d for d in candidates if d.name not in live):
        log.debug("removing the segment folder of a deleted collection: %s", orphan.name)
        shutil.rmtree(orphan, ignore_errors=True)
    _compact(database)
    return max(0, before - _size(folder))


def _connect(database: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(database, timeout=BUSY_MS / 1000, isolation_level=None)
    connection.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    return connection


def _compact(database: Path) -> None:
    try:
        connection = _connect(database)
        try:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
            if FULLTEXT in tables:
                connection.execute(f"INSERT INTO {FULLTEXT}({FULLTEXT}) VALUES ('optimize')")
            pages = int(connection.execute("PRAGMA page_count").fetchone()[0])
            free = int(connection.execute("PRAGMA freelist_count").fetchone()[0])
            if pages and free / pages >= FREE_SHARE:
                connection.execute("VACUUM")
        finally:
            connection.close()
    except sqlite3.Error as exc:  # busy: another process is reading; compact next time
        log.debug("index compaction skipped: %s", exc)


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
