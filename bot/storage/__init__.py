"""The bot's state: SQLite (one process, the default) or Postgres (several processes).

``[storage] url`` picks the database (``sqlite:///var/papercord.sqlite3`` or
``postgresql://user:pass@host:port/db``). ``open_storage`` connects and applies the
numbered migrations (``migrations/``); ``Storage`` is every read and write the bot makes;
``cooldowns_for`` gives the per-user question limits, shared through Postgres.
"""

from __future__ import annotations

from pathlib import Path

from bot.storage.cooldowns import Cooldowns, MemoryCooldowns, SharedCooldowns
from bot.storage.database import StorageError, connect
from bot.storage.migrations import migrate
from bot.storage.records import Coverage, GuildConfig, ServerSettings, StoredQuestion, Subscription
from bot.storage.store import Storage

__all__ = [
    "Cooldowns",
    "Coverage",
    "GuildConfig",
    "ServerSettings",
    "Storage",
    "StorageError",
    "StoredQuestion",
    "Subscription",
    "cooldowns_for",
    "open_storage",
]


async def open_storage(url: str, base: Path) -> Storage:
    """Connect to the storage URL (a relative SQLite path is under ``base``) and migrate."""
    db = await connect(url, base)
    try:
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return Storage(db)


def cooldowns_for(storage: Storage, rate: int, per: float) -> Cooldowns:
    """Return cooldowns shared through the database when it is shared, else in memory."""
    if storage.shared:
        return SharedCooldowns(storage.db, rate, per)
    return MemoryCooldowns(rate, per)
