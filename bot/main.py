"""Build everything the bot needs in one place and run it (``papercord run``)."""

from __future__ import annotations

import asyncio
import logging
import sys
from concurrent.futures import ThreadPoolExecutor

import discord

from bot.client import Papercord, ShardedPapercord, build_bot
from bot.settings import Settings
from bot.storage import Storage
from retrieval.engine import Engine

log = logging.getLogger(__name__)

EXIT_TOKEN = 2
NO_TOKEN = (
    "papercord: DISCORD_TOKEN is not set. Put DISCORD_TOKEN=<your bot token> in .env or the "
    "environment (README: 'Connect to Discord')."
)
BAD_TOKEN = (
    "papercord: Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal "
    "(your application -> Bot -> Reset Token) and update .env."
)
MISSING_INTENT = (
    "papercord: the Message Content intent is not enabled for this bot. Enable it in the "
    "Developer Portal (Bot -> Privileged Gateway Intents) or remove qa_channels from config."
)


def create(settings: Settings) -> Papercord | ShardedPapercord:
    """Build the engine, storage, executor and bot from settings."""
    engine = Engine(
        settings.retrieval, settings.index_settings(), settings.resolve(settings.paths.model)
    )
    engine.reload()  # load the index now, so the first question is fast
    storage = Storage(settings.resolve(settings.paths.state) / "papercord.sqlite3")
    executor = ThreadPoolExecutor(settings.discord.workers, thread_name_prefix="retrieval")
    return build_bot(settings, engine, storage, executor)


def token(settings: Settings) -> str | None:
    """Return the token, or None when it is not set."""
    if settings.discord_token is None:
        return None
    return settings.discord_token.get_secret_value().strip() or None


def run_bot(settings: Settings) -> int:
    """Run the bot until it is stopped; return the exit code."""
    secret = token(settings)
    if secret is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    bot = create(settings)
    try:
        asyncio.run(_run(bot, secret))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except discord.PrivilegedIntentsRequired:
        print(MISSING_INTENT, file=sys.stderr)
        return EXIT_TOKEN
    except KeyboardInterrupt:
        pass
    finally:
        bot.executor.shutdown(wait=False, cancel_futures=True)
        bot.storage.close()
    return 0


async def _run(bot: Papercord | ShardedPapercord, secret: str) -> None:
    async with bot:
        await bot.start(secret)


def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, register the slash commands (globally or for one server), and exit."""
    secret = token(settings)
    if secret is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    bot = create(settings)

    async def sync() -> list[str]:
        async with bot:
            await bot.login(secret)  # runs setup_hook, which loads the commands
            guild = discord.Object(guild_id) if guild_id else None
            if guild is not None:
                bot.tree.copy_global_to(guild=guild)
            return [command.name for command in await bot.tree.sync(guild=guild)]

    try:
        names = asyncio.run(sync())
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    finally:
        bot.executor.shutdown(wait=False, cancel_futures=True)
        bot.storage.close()
    where = f"server {guild_id}" if guild_id else "all servers (may take up to an hour)"
    print(f"registered {', '.join(sorted(names))} for {where}")
    return 0
