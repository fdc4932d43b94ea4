"""``python -m bot``: the one place the Discord bot is wired and started.

settings -> engine -> executor -> storage (migrated) -> ``Papercord(...)``. The
``papercord run`` and ``papercord sync-commands`` commands of the CLI (``cli/``) call
``run`` and ``sync_commands`` here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import aiohttp
import discord

from bot.client import Papercord
from bot.settings import Settings, build_engine, load_settings
from bot.storage import Storage, open_storage
from retrieval.config import ROOT
from retrieval.engine import Engine
from retrieval.errors import PapercordError
from retrieval.index.memory import limit_malloc_arenas

log = logging.getLogger(__name__)

EXIT_ERROR, EXIT_TOKEN = 1, 2
AUTH_FAILED = 4004  # the gateway's close code for a rejected token
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


def prepare(settings: Settings) -> tuple[Engine, ThreadPoolExecutor]:
    """Build the engine (its index loaded) and the executor retrieval runs in."""
    limit_malloc_arenas()  # before Chroma's and the executor's threads: see retrieval.index.memory
    engine = build_engine(settings, read_only=True)  # answering never writes the index
    engine.reload()  # load the index now, so the first question is fast
    executor = ThreadPoolExecutor(settings.discord.workers, thread_name_prefix="retrieval")
    return engine, executor


async def connect_storage(settings: Settings) -> Storage:
    """Open the configured storage and apply its migrations."""
    return await open_storage(settings.storage_url(), ROOT)


def run(settings: Settings) -> int:
    """Run the bot until a signal stops it or Discord rejects the token; return the exit code."""
    secret = settings.token()
    if secret is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    engine, executor = prepare(settings)

    async def serve() -> int:
        storage = await connect_storage(settings)

        def again() -> Papercord:  # a closed discord.py client cannot start twice
            return Papercord(settings, engine, storage, executor)

        try:
            return await _run_until_signal(again(), again, secret)
        finally:
            await storage.close()

    try:
        return asyncio.run(serve())
    except KeyboardInterrupt:  # a second Ctrl-C while closing
        return 0
    finally:
        executor.shutdown(wait=False, cancel_futures=True)


async def _run_until_signal(first: Papercord, again: Callable[[], Papercord], secret: str) -> int:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    return await supervise(first, again, secret, stop)


async def supervise(
    first: Papercord,
    again: Callable[[], Papercord],
    secret: str,
    stop: asyncio.Event,
    backoff: Backoff | None = None,
) -> int:
    """Run the bot; when its client dies, start a new one after a backoff.

    Return 0 once ``stop`` is set, or EXIT_TOKEN when Discord rejects the token or the
    intents (retrying cannot fix those).
    """
    backoff = backoff or Backoff()
    bot = first
    while True:
        started = time.monotonic()
        outcome = await _run_once(bot, secret, stop)
        if outcome is STOPPED:
            return 0
        if isinstance(outcome, discord.LoginFailure) or _closed_with(outcome, AUTH_FAILED):
            print(BAD_TOKEN, file=sys.stderr)
            return EXIT_TOKEN
        if isinstance(outcome, discord.PrivilegedIntentsRequired):
            print(MISSING_INTENT, file=sys.stderr)
            return EXIT_TOKEN
        delay = backoff.next(time.monotonic() - started)
        reason = f"{type(outcome).__name__}: {outcome}" if outcome else "closed"
        log.error("the Discord client stopped (%s); reconnecting in %.1f s", reason, delay)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), delay)
            return 0
        bot = again()


STOPPED = object()  # _run_once's outcome when the stop event ended the run


async def _run_once(bot: Papercord, secret: str, stop: asyncio.Event) -> object:
    """Run one client until it ends or ``stop`` is set; return its error, None or STOPPED."""
    running = asyncio.create_task(_run(bot, secret))
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if not running.done():
        await bot.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(running, 10)
        return STOPPED
    if running.cancelled():
        return STOPPED
    return running.exception()


def _closed_with(error: object, code: int) -> bool:
    return isinstance(error, discord.ConnectionClosed) and error.code == code


class Backoff:
    """Seconds to wait before restarting the client: 1, 2, 4 ... up to 60.

    A client that ran for ``healthy`` seconds or more starts the sequence again, so a bot
    that failed once after a day up reconnects after 1 s, and one failing at every start
    settles at one attempt a minute.
    """

    def __init__(self, first: float = 1.0, limit: float = 60.0, healthy: float = 300.0) -> None:
        self.first, self.limit, self.healthy = first, limit, healthy
        self.failures = 0

    def next(self, ran_for: float) -> float:
        """Return the wait after a client that ran for ``ran_for`` seconds stopped."""
        if ran_for >= self.healthy:
            self.failures = 0
        delay = min(self.limit, self.first * 2**self.failures)
        self.failures += 1
        return float(delay)


async def _run(bot: Papercord, secret: str) -> None:
    async with bot:
        await bot.start(secret)


def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Log in, register the slash commands (globally or for one server), and exit."""
    secret = settings.token()
    if secret is None:
        print(NO_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    engine, executor = prepare(settings)

    async def sync() -> list[str]:
        storage = await connect_storage(settings)
        try:
            async with Papercord(settings, engine, storage, executor) as bot:
                await bot.login(secret)  # runs setup_hook, which loads the commands
                guild = discord.Object(guild_id) if guild_id else None
                if guild is not None:
                    bot.tree.copy_global_to(guild=guild)
                return [command.name for command in await bot.tree.sync(guild=guild)]
        finally:
            await storage.close()

    try:
        names = asyncio.run(sync())
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return EXIT_TOKEN
    except discord.HTTPException as exc:  # CommandSyncFailure is one: the server said no
        print(f"papercord: Discord refused the commands: {_server_message(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except (aiohttp.ClientError, TimeoutError) as exc:
        print(f"papercord: cannot reach {settings.discord.api_base}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    finally:
        executor.shutdown(wait=False, cancel_futures=True)
    where = f"server {guild_id}" if guild_id else "all servers (may take up to an hour)"
    print(f"registered {', '.join(sorted(names))} for {where}")
    return 0


def _server_message(exc: discord.HTTPException) -> str:
    """Return the server's own message on one line (discord.py appends field errors)."""
    text = " ".join(str(exc.text or exc).split())
    return f"{exc.status} {text}"


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
