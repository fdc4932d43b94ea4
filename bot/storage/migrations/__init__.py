"""Numbered SQL migrations, the same numbers for SQLite and Postgres.

``sqlite/NNNN_name.sql`` and ``postgres/NNNN_name.sql`` make the same change in each
dialect. ``migrate`` applies the ones a database lacks, in order, each in its own
transaction with its row in ``schema_migrations``; it runs at every start and by
``papercord migrate``. On Postgres an advisory lock makes two processes starting at once
apply each migration once.

A SQLite file from before migrations (tables, no ``schema_migrations``) gets 0001's
missing tables and columns and is recorded as at 0001.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from bot.storage.database import POSTGRES, Database, SqliteDatabase

log = logging.getLogger(__name__)

FOLDER = Path(__file__).parent
LOCK_KEY = 0x70617065  # "pape": the advisory lock held while migrating
# Columns the unversioned file gained over its life: (table, column, definition).
UNVERSIONED_COLUMNS = (
    ("guild_config", "forum_channels", "TEXT NOT NULL DEFAULT '[]'"),
    ("questions", "narrowed", "INTEGER NOT NULL DEFAULT 0"),
)
TRACKING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied DOUBLE PRECISION NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    """One numbered change of the schema."""

    version: int
    name: str
    path: Path


def available(dialect: str) -> list[Migration]:
    """Return a dialect's migrations in order."""
    found = []
    for path in sorted((FOLDER / dialect).glob("*.sql")):
        number, _, name = path.stem.partition("_")
        found.append(Migration(int(number), name, path))
    return found


async def applied(db: Database) -> set[int]:
    """Return the versions recorded in ``schema_migrations`` (none when it is missing)."""
    await db.execute(TRACKING)
    return {int(row[0]) for row in await db.fetch("SELECT version FROM schema_migrations")}


async def migrate(db: Database) -> list[Migration]:
    """Apply every migration the database lacks; return the ones applied."""
    if isinstance(db, SqliteDatabase):
        await _adopt_unversioned(db)
    done: list[Migration] = []
    for migration in available(db.dialect):
        async with db.transaction() as tx:
            if tx.dialect == POSTGRES:  # two processes starting together: one migrates
                await tx.execute("SELECT pg_advisory_xact_lock($1)", LOCK_KEY)
            if migration.version in await applied(tx):
                continue
            await tx.executescript(migration.path.read_text(encoding="utf-8"))
            await tx.execute(
                "INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)",
                migration.version, migration.name, time.time(),
            )  # fmt: skip
        log.info("applied migration %04d %s", migration.version, migration.name)
        done.append(migration)
    return done


async def _adopt_unversioned(db: SqliteDatabase) -> None:
    """Record a pre-migration file as at 0001, after adding the columns it may lack."""
    tables = {row[0] for row in await db.fetch("SELECT name FROM sqlite_master")}
    if "questions" not in tables or "schema_migrations" in tables:
        return
    first = available(db.dialect)[0]  # every CREATE there says IF NOT EXISTS
    await db.executescript(first.path.read_text(encoding="utf-8"))
    for table, column, definition in UNVERSIONED_COLUMNS:
        present = {row[1] for row in await db.fetch(f"PRAGMA table_info({table})")}
        if column not in present:
            await db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {definition}")
    await db.execute(TRACKING)
    await db.execute(
        "INSERT INTO schema_migrations (version, name, applied) VALUES (1, 'initial', $1)",
        time.time(),
    )
