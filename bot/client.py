"""The Discord client: holds what ``bot.__main__`` built and runs retrieval off the loop."""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

import discord
import yarl
from discord.ext import commands

from bot.embeds import NO_MENTIONS
from bot.gateway import guard_parsers
from bot.network import network_problem
from bot.settings import DISCORD_API, Settings
from bot.storage import ServerSettings, Storage, cooldowns_for
from retrieval.engine import Engine

log = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")
EXTENSIONS = (
    "bot.cogs.errors",
    "bot.cogs.buttons",
    "bot.cogs.questions",
    "bot.cogs.forum",
    "bot.cogs.ask",
    "bot.cogs.context_menu",
    "bot.cogs.papers",
    "bot.cogs.cite",
    "bot.cogs.authors",
    "bot.cogs.help",
    "bot.cogs.admin",
    "bot.cogs.heartbeat",
    "bot.cogs.index_watch",
)


def intents(settings: Settings) -> discord.Intents:
    """Return the gateway intents: guilds, guild messages and DMs (+ content if needed)."""
    chosen = discord.Intents.none()
    chosen.guilds = True
    chosen.guild_messages = True
    chosen.dm_messages = True
    chosen.guild_reactions = True  # 👍/👎 on answers in forum posts are feedback
    # Mentions and DMs carry their content without this privileged intent; Q&A channels,
    # where every message is a question, need it (Developer Portal -> Bot -> Message
    # Content Intent).
    chosen.message_content = settings.discord.message_content or bool(settings.discord.qa_channels)
    return chosen


def use_api(base: str) -> None:
    """Send every REST request of this process to ``base`` (Discord, or a compatible server).

    discord.py 2.7 builds request URLs from the class attribute ``discord.http.Route.BASE``,
    both in ``HTTPClient`` and in the webhook adapter that answers interactions, and offers
    no per-client setting; this is the one place papercord changes it.
    """
    discord.http.Route.BASE = base.rstrip("/")


class Papercord(commands.AutoShardedBot):
    """papercord's bot: one class whether it runs one shard or several in this process.

    With no shard settings discord.py asks the gateway how many shards to run (one for a
    small bot); ``shard_ids`` and ``shard_count`` split the bot across processes.
    """

    def __init__(
        self, settings: Settings, engine: Engine, storage: Storage, executor: ThreadPoolExecutor
    ) -> None:
        use_api(settings.discord.api_base)
        # papercord never joins voice: no "PyNaCl/davey is not installed" warning at start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        prefix, chosen = commands.when_mentioned, intents(settings)
        count, ids = settings.discord.shard_count, settings.discord.shard_ids
        ready = settings.discord.guild_ready_timeout
        # Nothing the bot quotes can ping anyone. discord.py takes shard_ids only as a list.
        if ids is None:
            super().__init__(
                prefix, intents=chosen, allowed_mentions=NO_MENTIONS, help_command=None,
                shard_count=count, guild_ready_timeout=ready,
            )  # fmt: skip
        else:
            super().__init__(
                prefix, intents=chosen, allowed_mentions=NO_MENTIONS, help_command=None,
                shard_count=count, shard_ids=ids, guild_ready_timeout=ready,
            )  # fmt: skip
        guard_parsers(self)  # one unparseable gateway event is skipped, not fatal
        self.settings = settings
        self.engine = engine
        self.storage = storage
        self.executor = executor
        self.started_at = time.monotonic()
        self.reindexing = False
        self.gateway: yarl.URL | None = None  # None: the one discord.py picks
        # Shared by every process through Postgres; this process's own with SQLite.
        self.cooldowns = cooldowns_for(
            storage, settings.discord.cooldown_questions, settings.discord.cooldown_seconds
        )

    async def run_retrieval(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a retrieval call in the executor so the gateway heartbeat never stalls."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, functools.partial(function, *args, **kwargs)
        )

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """Return the settings that apply in a server (its own, else the global ones)."""
        return (await self.storage.guild_config(guild_id)).effective(self.settings.discord)

    async def retry_after(self, user_id: int) -> float:
        """Count a question; return seconds until this user may ask again (0: answer it)."""
        return await self.cooldowns.take(user_id)

    async def on_error(self, event_method: str, /, *args: object, **kwargs: object) -> None:
        """Log a network failure in an event handler as one line; anything else in full."""
        problem = network_problem(sys.exc_info()[1])
        if problem is None:
            await super().on_error(event_method, *args, **kwargs)
        else:
            log.warning("network error in %s: %s", event_method, problem)

    async def on_message(self, message: discord.Message) -> None:
        """Do not parse prefix commands: questions are handled by the Questions cog."""

    async def setup_hook(self) -> None:
        """Find the configured gateway and load the cogs."""
        url = self.settings.discord.gateway_url
        if url is None and self.settings.discord.api_base.rstrip("/") != DISCORD_API:
            # A Discord-compatible server names its own gateway, as Discord does.
            _, url, _ = await self.http.get_bot_gateway()
        self.gateway = yarl.URL(url) if url is not None else None
        for extension in EXTENSIONS:
            await self.load_extension(extension)

    async def launch_shard(
        self, gateway: yarl.URL, shard_id: int, *, initial: bool = False
    ) -> None:
        """Connect a shard to this bot's gateway (discord.py's own choice when none is set)."""
        await super().launch_shard(self.gateway or gateway, shard_id, initial=initial)
