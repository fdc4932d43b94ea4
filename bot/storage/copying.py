"""``papercord migrate-state``: copy every table of one storage URL into another.

The target is migrated to the same schema, must hold no bot state yet, and receives
everything in one transaction: the counts are compared inside it, before the commit, so
a copy that fails or is interrupted at any point (a killed process included) leaves the
target as empty as it was. Ids are kept, so buttons under old answers still work.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.database import POSTGRES, Database
from bot.storage.migrations import migrate

log = logging.getLogger(__name__)

BATCH = 1000  # rows read and written per step
# Every table, parents before the tables that refer to them, with its columns.
TABLES: dict[str, tuple[str, ...]] = {
    "questions": ("id", "created", "guild_id", "channel_id", "user_id", "question", "mode",
                  "filters", "paper_ids", "abstained", "narrowed"),
    "feedback": ("id", "created", "question_id", "user_id", "vote", "question", "paper_ids"),
    "guild_config": ("guild_id", "qa_channels", "require_mention", "thread_mode",
                     "forum_channels"),
    "subscriptions": ("id", "created", "guild_id", "channel_id", "user_id", "topic"),
    "digest_posts": ("subscription_id", "paper_id", "created"),
    "answer_messages": ("message_id", "question_id"),
    "cooldowns": ("user_id", "window_start", "used"),
}  # fmt: skip
IDENTITY = ("questions", "feedback", "subscriptions")  # ids Postgres must continue after


class CopyError(Exception):
    """The copy was refused or did not match; nothing was written."""


@dataclass(frozen=True)
class CopyReport:
    """Rows copied per table."""

    counts: dict[str, int]


async def copy_state(source: Database, target: Database) -> CopyReport:
    """Copy every table from source to target in one transaction; check the counts."""
    await migrate(source)
    await migrate(target)
    async with target.transaction() as tx:
        for table in TABLES:
            if await _count(tx, table):
                raise CopyError(
                    f"the target already holds rows in {table}: migrate-state copies into an "
                    "empty database only"
                )
        counts = {}
        for table, columns in TABLES.items():
            counts[table] = await copy_table(source, tx, table, columns)
        for table in TABLES:
            copied, expected = await _count(tx, table), await _count(source, table)
            if copied != expected:
                raise CopyError(f"{table}: {copied} rows in the target, {expected} in the source")
        if tx.dialect == POSTGRES:
            for table in IDENTITY:
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    return CopyReport(counts)


async def copy_table(
    source: Database, target: Database, table: str, columns: tuple[str, ...]
) -> int:
    """Copy one table's rows in batches of ``BATCH``; return how many."""
    names = ", ".join(columns)
    marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
    insert = f"INSERT INTO {table} ({names}) VALUES ({marks})"
    rows = await source.fetch(f"SELECT {names} FROM {table}")
    for batch in _batches(rows):
        await target.executemany(insert, [_typed(row, columns) for row in batch])
    log.info("copied %d rows of %s", len(rows), table)
    return len(rows)


def _typed(row: Sequence[Any], columns: tuple[str, ...]) -> tuple[Any, ...]:
    """Return a row with SQLite's loose values as Postgres expects them (REAL as float)."""
    floats = {"created", "window_start"}
    return tuple(
        float(v) if name in floats and v is not None else v
        for name, v in zip(columns, row, strict=True)
    )


def _batches(rows: list[Any]) -> Iterator[list[Any]]:
    for start in range(0, len(rows), BATCH):
        yield rows[start : start + BATCH]


async def _count(db: Database, table: str) -> int:
    row = await db.fetchrow(f"SELECT COUNT(*) FROM {table}")
    return int(row[0]) if row else 0
