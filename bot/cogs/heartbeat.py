"""Keep the health file current: connected while the gateway is up, not after it drops."""

from __future__ import annotations

from discord.ext import commands, tasks

from bot import health
from bot.client import Papercord


class Heartbeat(commands.Cog):
    """Writes ``<state>/health.json`` every 30 s and on connect/disconnect."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        self.path = bot.settings.paths.state / health.FILE_NAME
        self.beat.start()

    async def cog_unload(self) -> None:
        """Stop beating and record the bot as disconnected."""
        self.beat.cancel()
        health.write(self.path, connected=False)

    @tasks.loop(seconds=30)
    async def beat(self) -> None:
        """Record whether the gateway connection is up."""
        health.write(self.path, connected=self.bot.is_ready() and not self.bot.is_closed())

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Record a fresh connection at once."""
        health.write(self.path, connected=True)

    @commands.Cog.listener()
    async def on_resumed(self) -> None:
        """Record a resumed connection at once."""
        health.write(self.path, connected=True)

    @commands.Cog.listener()
    async def on_disconnect(self) -> None:
        """Record a lost connection at once."""
        health.write(self.path, connected=False)


async def setup(bot: Papercord) -> None:
    """Register the cog."""
    await bot.add_cog(Heartbeat(bot))
