"""Per-user question cooldowns: in process memory, or shared through Postgres.

Both keep discord.py's rule: ``rate`` questions per window of ``per`` seconds, the window
starting at the first question after the last one ended. Shared, every process of the
bot sees the same count: one atomic statement per question (an upsert that starts a new
window or counts one more in the current one, and returns the row), timed by the
database's clock so processes on machines with skewed clocks still agree.
"""

from __future__ import annotations

import abc

from discord.ext import commands

from bot.storage.database import Database

SHARED_TAKE = """
INSERT INTO cooldowns AS c (user_id, window_start, used)
VALUES ($1, extract(epoch FROM clock_timestamp()), 1)
ON CONFLICT (user_id) DO UPDATE SET
    window_start = CASE WHEN c.window_start <= excluded.window_start - $2::float8
                        THEN excluded.window_start ELSE c.window_start END,
    used = CASE WHEN c.window_start <= excluded.window_start - $2::float8
                THEN 1 ELSE c.used + 1 END
RETURNING used, window_start + $2::float8 - extract(epoch FROM clock_timestamp())
"""


class Cooldowns(abc.ABC):
    """Count a user's questions; say how long they must wait."""

    def __init__(self, rate: int, per: float) -> None:
        self.rate, self.per = rate, per

    @abc.abstractmethod
    async def take(self, user_id: int) -> float:
        """Count one question; return 0 if it may be answered, else seconds to wait."""


class MemoryCooldowns(Cooldowns):
    """This process's own counts (discord.py's CooldownMapping): one process, SQLite."""

    def __init__(self, rate: int, per: float) -> None:
        super().__init__(rate, per)
        self.mapping: commands.CooldownMapping[int] = commands.CooldownMapping.from_cooldown(
            rate, per, lambda user_id: user_id
        )

    async def take(self, user_id: int) -> float:
        """Count one question; return 0 if it may be answered, else seconds to wait."""
        bucket = self.mapping.get_bucket(user_id)
        return (bucket.update_rate_limit() or 0.0) if bucket else 0.0


class SharedCooldowns(Cooldowns):
    """Counts in Postgres, shared by every process of the bot."""

    def __init__(self, db: Database, rate: int, per: float) -> None:
        super().__init__(rate, per)
        self.db = db

    async def take(self, user_id: int) -> float:
        """Count one question; return 0 if it may be answered, else seconds to wait."""
        row = await self.db.fetchrow(SHARED_TAKE, user_id, float(self.per))
        assert row is not None
        used, left = int(row[0]), float(row[1])
        return max(left, 0.01) if used > self.rate else 0.0
