"""Two databases behind one small async interface: a local SQLite file, or Postgres.

Statements are written once, with Postgres' ``$1`` placeholders; SQLite reads them as
its own numbered ``?1``. Rows come back as sequences, indexed by position on both.

SQLite: every statement is one small read or write on a local file (about 0.2 ms, as
commits do not wait for an fsync), so it runs on the event loop behind a lock rather
than in an executor. Postgres: an asyncpg pool, shared by the process's tasks.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from retrieval.errors import ConfigError, PapercordError

Row = Sequence[Any]
SQLITE, POSTGRES = "sqlite", "postgres"
PLACEHOLDER = re.compile(r"\$(\d+)")


class StorageError(PapercordError):
    """The bot's database cannot be reached or refused a statement."""


class Database(abc.ABC):
    """Run statements; one connection (SQLite) or a pool (Postgres)."""

    dialect: str

    @abc.abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; return how many rows it changed."""

    @abc.abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run a statement once per row of arguments."""

    @abc.abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Return every row of a query."""

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        """Return the first row of a query, or None."""
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    @abc.abstractmethod
    async def executescript(self, script: str) -> None:
        """Run several statements (a migration file)."""

    @abc.abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Database]:
        """Run the statements of the block as one transaction, on one connection."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Close the connection or the pool."""


class SqliteDatabase(Database):
    """A SQLite file, used from the event loop (statements take well under a millisecond)."""

    dialect = SQLITE

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open the SQLite file {path}: {exc}") from exc
        # With the default synchronous=FULL every insert waits for an fsync: 5-12 ms each,
        # 1.4 s of a 120-interaction burst spent blocking the loop (bench/load.py). In WAL
        # mode NORMAL stays consistent after a crash; a power cut can lose the last few
        # questions or votes, never corrupt the file.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._lock = threading.Lock()
        self._in_transaction = asyncio.Lock()

    def _run(self, sql: str, args: Sequence[Any]) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(PLACEHOLDER.sub(r"?\1", sql), tuple(args))

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; return how many rows it changed."""
        return self._run(sql, args).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run a statement once per row of arguments."""
        with self._lock:
            self._db.executemany(PLACEHOLDER.sub(r"?\1", sql), rows)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Return every row of a query."""
        return list(self._run(sql, args).fetchall())

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """BEGIN ... COMMIT, or ROLLBACK when the block raises (or is cancelled)."""
        async with self._in_transaction:
            self._run("BEGIN IMMEDIATE", ())
            try:
                yield self
            except BaseException:
                self._run("ROLLBACK", ())
                raise
            self._run("COMMIT", ())

    async def executescript(self, script: str) -> None:
        """Run several statements (a migration file); inside the caller's transaction."""
        for statement in _statements(script):
            self._run(statement, ())

    async def close(self) -> None:
        """Close the file."""
        self._db.close()


class PostgresDatabase(Database):
    """A Postgres database through an asyncpg pool."""

    dialect = POSTGRES

    def __init__(self, pool: Any, connection: Any = None) -> None:
        self._pool = pool
        self._connection = connection  # set inside a transaction

    @classmethod
    async def connect(cls, url: str, *, size: int = 10) -> PostgresDatabase:
        """Open a pool of up to ``size`` connections."""
        import asyncpg  # only deployments with Postgres need it loaded

        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=size, timeout=10)
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            raise StorageError(f"cannot connect to Postgres at {redacted(url)}: {exc}") from exc
        return cls(pool)

    @contextlib.asynccontextmanager
    async def _connection_for_statement(self) -> AsyncIterator[Any]:
        if self._connection is not None:
            yield self._connection
        else:
            async with self._pool.acquire() as connection:
                yield connection

    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; return how many rows it changed ("DELETE 3" -> 3)."""
        async with self._connection_for_statement() as connection:
            status: str = await connection.execute(sql, *args)
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run a statement once per row of arguments (asyncpg pipelines them)."""
        async with self._connection_for_statement() as connection:
            await connection.executemany(sql, list(rows))

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        """Return every row of a query."""
        async with self._connection_for_statement() as connection:
            return list(await connection.fetch(sql, *args))

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Database]:
        """One connection and one transaction for the block; rolled back if it raises."""
        if self._connection is not None:
            yield self
            return
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresDatabase(self._pool, connection)

    async def executescript(self, script: str) -> None:
        """Run several statements (a migration file)."""
        async with self._connection_for_statement() as connection:
            await connection.execute(script)

    async def close(self) -> None:
        """Close the pool."""
        await self._pool.close()


def database_errors() -> tuple[type[Exception], ...]:
    """Return the exceptions either database raises for a refused or failed statement."""
    import asyncpg

    return (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


def _statements(script: str) -> list[str]:
    """Split a migration file on semicolons (ours hold none inside strings)."""
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


def dialect_of(url: str) -> str:
    """Return "sqlite" or "postgres" for a storage URL, or raise ConfigError."""
    scheme = urlsplit(url).scheme
    if scheme == "sqlite":
        return SQLITE
    if scheme in {"postgresql", "postgres"}:
        return POSTGRES
    raise ConfigError(
        f"storage url {redacted(url)!r} is neither sqlite:///PATH nor "
        "postgresql://USER:PASSWORD@HOST:PORT/DATABASE"
    )


def sqlite_path(url: str, base: Path) -> Path:
    """Return the file of a sqlite: URL; a relative path is relative to ``base``.

    ``sqlite:///var/x.sqlite3`` is relative (as SQLAlchemy reads three slashes),
    ``sqlite:////srv/x.sqlite3`` absolute.
    """
    path = Path(url.removeprefix("sqlite://").removeprefix("/"))
    if not str(path) or str(path) == ".":
        raise ConfigError(
            f"storage url {url!r} names no file; e.g. sqlite:///var/papercord.sqlite3"
        )
    return path if path.is_absolute() else base / path


def redacted(url: str) -> str:
    """Return a URL with its password replaced by ***, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return parts._replace(netloc=netloc).geturl()


async def connect(url: str, base: Path) -> Database:
    """Open the database a storage URL names."""
    if dialect_of(url) == SQLITE:
        return SqliteDatabase(sqlite_path(url, base))
    return await PostgresDatabase.connect(url)
