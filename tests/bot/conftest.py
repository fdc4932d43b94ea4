"""The bot against a fake Discord on 127.0.0.1: the real discord.py client, real engine."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from bot.client import Papercord
from bot.settings import DATABASE, Settings
from bot.storage import open_storage
from retrieval.config import ROOT
from retrieval.engine import Engine
from tests.bot.fake_discord import QA_CHANNEL_ID, FakeDiscord
from tests.postgres_run import database_url

DATABASES = itertools.count()


async def fresh_database(server_url: str) -> str:
    """Create an empty database on the test server; return its URL."""
    name = f"papercord_test_{next(DATABASES)}"
    connection = await asyncpg.connect(server_url)
    try:
        await connection.execute(f"CREATE DATABASE {name}")
    finally:
        await connection.close()
    return database_url(server_url, name)


@pytest_asyncio.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def storage_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Every bot test runs twice: on a SQLite file, and on an empty Postgres database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'storage' / DATABASE}"
    return await fresh_database(request.getfixturevalue("postgres_server"))


def bot_settings(api_base: str, state: Path, **discord: Any) -> Settings:
    """Return settings pointing the bot at the fake Discord."""
    options = {
        "api_base": api_base,
        "qa_channels": [QA_CHANNEL_ID],
        "cooldown_questions": 100,
        "cooldown_seconds": 1,
        # The fake sends every server right after READY; waiting 2 s for more, as for
        # Discord, would add 2 s to every bot start in the suite.
        "guild_ready_timeout": 0.1,
        **discord,
    }
    return Settings(
        discord_token="fake-token",  # type: ignore[arg-type]
        paths={"state": state},  # type: ignore[arg-type]
        discord=options,  # type: ignore[arg-type]
    )


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord server on 127.0.0.1."""
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord, engine: Engine, state: Path, storage_url: str, **discord: Any
) -> AsyncIterator[Papercord]:
    """Run the real discord.py client against the fake until the block ends."""
    api_base = str(discord.pop("api_base", f"{fake.base}/api/v10"))
    settings = bot_settings(api_base, state, **discord)
    storage = await open_storage(storage_url, ROOT)
    executor = ThreadPoolExecutor(settings.discord.workers)
    bot = Papercord(settings, engine, storage, executor)
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        async with asyncio.timeout(30):
            while not bot.is_ready():
                if task.done():
                    task.result()  # raise the start-up error
                await asyncio.sleep(0.02)
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        executor.shutdown(wait=True)
        await storage.close()


@pytest_asyncio.fixture
async def bot(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> AsyncIterator[Papercord]:
    """The bot, connected to the fake Discord with default test settings."""
    async with running_bot(fake, engine, tmp_path, storage_url) as running:
        yield running
