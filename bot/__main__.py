"""``python -m bot``: the one place the Discord bot is wired and started.

settings -> engine -> storage -> executor -> ``Papercord(...)``. The ``papercord run`` and
``papercord sync-commands`` commands of the CLI (``cli/``) call ``run`` and
``sync_commands`` here.
"""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor

import discord

from bot.client import Papercord
from bot.settings import Settings, build_engine, load_settings
from bot.storage import Storage
from retrieval.errors import PapercordError

EXIT_ERROR, EXIT_TOKEN = 1, 2
DATABASE = "papercord.sqlite3"  # in the state folder, beside health.json
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


def create(settings: Settings) -> Papercord:
    """Build the engine, storage, executor and bot from settings."""
    engine = build_engine(settings)
    engine.reload()  # load the index now, so the first question is fast
    storage = Storage(settings.paths.state / DATABASE)
    executor = ThreadPoolExecutor(settings.discord.workers, thread_name_prefix="retrieval")
    return Papercord(settings, engine, storage, executor)


def run(settings: Settings) -> int:
    """Run the bot until it is stopped; return the exit code."""
    secret = settings.token()
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
        _release(bot)
    return 0


async def _run(bot: Papercord, secret: str) -> None:
    async with bot:
        await bot.start(secret)


def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, register the slash commands (globally or for one server), and exit."""
    secret = settings.token()
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
        _release(bot)
    where = f"server {guild_id}" if guild_id else "all servers (may take up to an hour)"
    print(f"registered {', '.join(sorted(names))} for {where}")
    return 0


def _release(bot: Papercord) -> None:
    bot.executor.shutdown(wait=False, cancel_futures=True)
    bot.storage.close()


def main() -> int:
    """Start the bot with the configured settings; return the exit code."""
    try:
        settings = load_settings()
        settings.logging.configure()
        return run(settings)
    except PapercordError as exc:
        print(f"papercord: {exc}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
