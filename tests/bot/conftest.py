"""The bot against a fake Discord on 127.0.0.1: the real discord.py client, real engine."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.__main__ import DATABASE
from bot.client import Papercord
from bot.settings import Settings
from bot.storage import Storage
from retrieval.engine import Engine
from tests.bot.fake_discord import QA_CHANNEL_ID, FakeDiscord


def bot_settings(api_base: str, state: Path, **discord: Any) -> Settings:
    """Return settings pointing the bot at the fake Discord."""
    options = {
        "api_base": api_base,
        "qa_channels": [QA_CHANNEL_ID],
        "cooldown_questions": 100,
        "cooldown_seconds": 1,
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
    fake: FakeDiscord, engine: Engine, state: Path, **discord: Any
) -> AsyncIterator[Papercord]:
    """Run the real discord.py client against the fake until the block ends."""
    settings = bot_settings(f"{fake.base}/api/v10", state, **discord)
    storage = Storage(state / DATABASE)
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
        storage.close()


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, engine: Engine, tmp_path: Path) -> AsyncIterator[Papercord]:
    """The bot, connected to the fake Discord with default test settings."""
    async with running_bot(fake, engine, tmp_path) as running:
        yield running
