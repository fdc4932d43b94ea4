"""Serve the index generation another process published (``chroma.mode = "http"``).

Every bot process of a deployment reads the same Chroma server. A reindex or
``/papercord add`` run by one of them switches the server's active generation; the
others ask for it every ``chroma.watch_seconds`` (one small metadata read) and load it
when it changed. Only the process that ran the reindex posts digests (``bot.digests``),
and each paper is claimed once in the shared storage, so none is posted twice.
"""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.client import Papercord
from retrieval.errors import PapercordError

log = logging.getLogger(__name__)


class IndexWatch(commands.Cog):
    """Follows the active generation on the shared Chroma server."""

    def __init__(self, bot: Papercord) -> None:
        self.bot = bot
        self.follow.change_interval(seconds=bot.settings.chroma.watch_seconds)
        self.follow.start()

    async def cog_unload(self) -> None:
        """Stop watching."""
        self.follow.cancel()

    @tasks.loop(seconds=30)
    async def follow(self) -> None:
        """Load the server's active generation when another process switched it."""
        if self.bot.reindexing:
            return  # this process is switching it itself
        try:
            changed = await self.bot.run_retrieval(self.bot.engine.follow_active)
        except PapercordError as exc:  # the server is down: keep serving what is loaded
            log.warning("cannot check the index generation: %s", exc)
            return
        if changed is not None:
            log.info("now serving generation %s, published by another process", changed)


async def setup(bot: Papercord) -> None:
    """Register the cog when the index lives on a shared Chroma server."""
    if bot.settings.chroma.mode == "http":
        await bot.add_cog(IndexWatch(bot))
