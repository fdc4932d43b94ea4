"""The Discord client: holds what ``bot.main`` built and runs retrieval off the loop."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import discord
import yarl
from discord.ext import commands

from bot.embeds import NO_MENTIONS
from bot.settings import Settings
from bot.storage import Storage
from bot.views import DYNAMIC_ITEMS
from retrieval.engine import Engine

log = logging.getLogger(__name__)

T = TypeVar("T")
EXTENSIONS = (
    "bot.cogs.errors",
    "bot.cogs.questions",
    "bot.cogs.ask",
    "bot.cogs.papers",
    "bot.cogs.authors",
    "bot.cogs.help",
    "bot.cogs.admin",
    "bot.cogs.heartbeat",
)
DISCORD_API = "https://discord.com/api/v10"


def intents(settings: Settings) -> discord.Intents:
    """Return the gateway intents: guilds, guild messages and DMs (+ content if needed)."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    chosen.guild_messages = True
    chosen.dm_messages = True
    # Mentions and DMs carry their content without this privileged intent; Q&A channels,
    # where every message is a question, need it (Developer Portal -> Bot -> Message
    # Content Intent).
    chosen.message_content = settings.discord.message_content or bool(settings.discord.qa_channels)
    return chosen


class PapercordMixin:
    """What papercord adds to discord.py's bot classes."""

    def init_papercord(
        self, settings: Settings, engine: Engine, storage: Storage, executor: ThreadPoolExecutor
    ) -> None:
        """Attach what the entry point built."""
        self.settings = settings
        self.engine = engine
        self.storage = storage
        self.executor = executor
        self.started_at = time.monotonic()
        self.reindexing = False
        self.cooldowns: commands.CooldownMapping[int] = commands.CooldownMapping.from_cooldown(
            settings.discord.cooldown_questions,
            settings.discord.cooldown_seconds,
            lambda user_id: user_id,
        )

    async def run_retrieval(self, function: Callable[..., T], *args: Any) -> T:
        """Run a retrieval call in the executor so the gateway heartbeat never stalls."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, functools.partial(function, *args))

    def retry_after(self, user_id: int) -> float:
        """Return seconds until this user may ask again (0 when they may ask now)."""
        bucket = self.cooldowns.get_bucket(user_id)
        return (bucket.update_rate_limit() or 0.0) if bucket else 0.0

    async def on_message(self, message: discord.Message) -> None:
        """Do not parse prefix commands: questions are handled by the Questions cog."""

    async def setup_hook(self) -> None:
        """Point discord.py at the configured gateway, load cogs, register buttons."""
        await self._configure_gateway()
        for extension in EXTENSIONS:
            await self.load_extension(extension)  # type: ignore[attr-defined]
        self.add_dynamic_items(*DYNAMIC_ITEMS)  # type: ignore[attr-defined]

    async def _configure_gateway(self) -> None:
        url = self.settings.discord.gateway_url
        if url is None and self.settings.discord.api_base.rstrip("/") != DISCORD_API:
            # A Discord-compatible server names its own gateway, as Discord does.
            _, url, _ = await self.http.get_bot_gateway()  # type: ignore[attr-defined]
        if url is not None:
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)


class Papercord(PapercordMixin, commands.Bot):
    """One process, one shard (or a given shard of several processes)."""


class ShardedPapercord(PapercordMixin, commands.AutoShardedBot):
    """One process running several shards."""


def build_bot(
    settings: Settings, engine: Engine, storage: Storage, executor: ThreadPoolExecutor
) -> Papercord | ShardedPapercord:
    """Return the bot for these settings, with nothing able to ping anyone."""
    discord.http.Route.BASE = settings.discord.api_base.rstrip("/")
    options: dict[str, Any] = {
        "command_prefix": commands.when_mentioned,
        "intents": intents(settings),
        "allowed_mentions": NO_MENTIONS,
        "help_command": None,
    }
    shard_ids = settings.discord.shard_ids
    bot: Papercord | ShardedPapercord
    if shard_ids is not None and len(shard_ids) > 1:
        bot = ShardedPapercord(
            shard_ids=shard_ids, shard_count=settings.discord.shard_count, **options
        )
    else:
        if shard_ids:
            options.update(shard_id=shard_ids[0], shard_count=settings.discord.shard_count)
        bot = Papercord(**options)
    bot.init_papercord(settings, engine, storage, executor)
    return bot
