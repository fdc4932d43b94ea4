"""Keep the health file current: connected while the gateway is up, not after it drops."""

from __future__ import annotations

from discord.ext import commands, tasks

from bot import health
from bot.client import Papercord


class Heartbeat(commands.Cog):
    """Writes this process's health file every 30 s and when a shard connects or drops."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        name = health.file_name(bot.settings.discord.shard_ids)
        self.path = bot.settings.paths.state / name
        self.beat.start()

    async def cog_unload(self) -> None:
        """Stop beating and record the bot as disconnected."""
        self.beat.cancel()
        health.write(self.path, connected=False, shards=dict.fromkeys(self.shard_ids(), False))

    def shard_ids(self) -> list[int]:
        """Return the shards this process runs."""
        return sorted(self.bot.shards) or list(self.bot.shard_ids or [])

    def record(self) -> None:
        """Write whether the process and each of its shards is connected."""
        shards = {i: not info.is_closed() for i, info in self.bot.shards.items()}
        connected = self.bot.is_ready() and not self.bot.is_closed()
        health.write(self.path, connected=connected, shards=shards)

    @tasks.loop(seconds=30)
    async def beat(self) -> None:
        """Record whether the gateway connections are up."""
        self.record()

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Record a fresh connection at once."""
        self.record()

    @commands.Cog.listener()
    async def on_shard_ready(self, shard_id: int) -> None:
        """Record a shard's fresh connection at once."""
        self.record()

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        """Record a resumed connection at once."""
        self.record()

    @commands.Cog.listener()
    async def on_shard_disconnect(self, shard_id: int) -> None:
        """Record a lost shard at once."""
        self.record()

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        """Record a lost connection at once."""
        health.write(self.path, connected=False, shards=dict.fromkeys(self.shard_ids(), False))


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Heartbeat(bot))
