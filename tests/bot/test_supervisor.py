"""``papercord run`` outlives its client: a dead connection is restarted with backoff."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.__main__ import EXIT_TOKEN, Backoff, supervise
from bot.client import Papercord
from bot.storage import open_storage
from retrieval.config import ROOT
from retrieval.engine import Engine
from tests.bot.conftest import bot_settings
from tests.bot.discord_helpers import mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord


@contextlib.asynccontextmanager
async def supervised(
    fake: FakeDiscord, engine: Engine, state: Path, storage_url: str
) -> AsyncIterator[tuple[asyncio.Event, asyncio.Task[int], list[Papercord]]]:
    """Run ``supervise`` against the fake; yield its stop event, task and every client."""
    settings = bot_settings(f"{fake.base}/api/v10", state)
    storage = await open_storage(storage_url, ROOT)
    executor = ThreadPoolExecutor(1)
    clients: list[Papercord] = []

    def build() -> Papercord:
        clients.append(Papercord(settings, engine, storage, executor))
        return clients[-1]

    stop = asyncio.Event()
    task = asyncio.create_task(
        supervise(build(), build, "fake-token", stop, Backoff(first=0.05, limit=0.2))
    )
    try:
        yield stop, task, clients
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 15)
        executor.shutdown(wait=True)
        await storage.close()


async def test_a_client_that_dies_is_replaced_and_answers(
    fake: FakeDiscord,
    engine: Engine,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    storage_url: str,
) -> None:
    async with supervised(fake, engine, tmp_path, storage_url) as (stop, task, clients):
        await fake.wait_until(lambda: fake.ready.is_set())
        await fake.kill(4010)  # not resumable: discord.py's Client.start raises
        await fake.wait_until(lambda: fake.identifies == 2 and fake.ready.is_set())
        await fake.dispatch(
            "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
        )
        (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
        assert "Performance Embeddings" in reply.body["embeds"][0]["description"]
        assert not task.done() and len(clients) == 2 and clients[0].is_closed()
        stop.set()
        assert await asyncio.wait_for(task, 15) == 0  # a signal ends it cleanly
    assert "reconnecting in" in caplog.text and "fake-token" not in caplog.text


async def test_a_token_rejected_by_the_gateway_exits_with_code_2(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    async with supervised(fake, engine, tmp_path, storage_url) as (_, task, clients):
        await fake.wait_until(lambda: fake.ready.is_set())
        await fake.kill(4004)  # Discord's "authentication failed"
        assert await asyncio.wait_for(task, 15) == EXIT_TOKEN
        assert len(clients) == 1  # no retry: a new client cannot fix the token


async def test_stop_during_the_backoff_exits_at_once(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    async with supervised(fake, engine, tmp_path, storage_url) as (stop, task, _):
        await fake.wait_until(lambda: fake.ready.is_set())
        await fake.stop()  # Discord unreachable: every restart fails
        await asyncio.sleep(0.5)
        assert not task.done()  # still retrying, not exited
        stop.set()
        assert await asyncio.wait_for(task, 15) == 0


def test_backoff_doubles_up_to_its_limit_and_resets_after_a_healthy_run() -> None:
    backoff = Backoff(first=1, limit=60, healthy=300)
    assert [backoff.next(0) for _ in range(8)] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff.next(ran_for=3600) == 1
