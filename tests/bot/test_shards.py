"""A bot split across processes: each runs its shards and answers only their servers.

Two clients in this process stand for two processes (``tests/cli/test_fleet.py`` runs
real ones): shard 0 and shard 1 of 2, on one fake Discord that sends each server's
events to its shard, as Discord does, and DMs to shard 0.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest_asyncio

from bot.client import Papercord
from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import mention, posted_to
from tests.bot.fake_discord import (
    BOT_ID,
    GUILD_ID,
    SECOND_GUILD_ID,
    FakeDiscord,
    guild_channels,
)

DM_CHANNEL = 900000000000000070


@pytest_asyncio.fixture
async def two_servers() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with one server on each of two shards."""
    server = FakeDiscord(guilds=(GUILD_ID, SECOND_GUILD_ID))
    await server.start()
    yield server
    await server.stop()


@contextlib.asynccontextmanager
async def two_processes(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str, **discord: object
) -> AsyncIterator[tuple[Papercord, Papercord]]:
    """Shard 0 and shard 1 of 2, each with its own state folder.

    Each records the messages it received in ``bot.received`` (their channel ids).
    """
    async with contextlib.AsyncExitStack() as stack:
        bots = []
        for shard in (0, 1):
            bot = await stack.enter_async_context(running_bot(
                fake, engine, tmp_path / f"p{shard}", storage_url,
                shard_ids=[shard], shard_count=2, **discord,
            ))  # fmt: skip
            received: list[int] = []
            bot.received = received  # type: ignore[attr-defined]

            async def record(message: discord.Message, into: list[int] = received) -> None:
                into.append(message.channel.id)

            bot.add_listener(record, "on_message")
            bots.append(bot)
        yield bots[0], bots[1]


async def ask_in(fake: FakeDiscord, guild_id: int | None, text: str) -> int:
    """Ask with a mention in a server's #general (None: a DM); wait for the answer."""
    if guild_id is None:
        channel = DM_CHANNEL
        payload = fake.message(mention(text), channel_id=channel, guild=False)
    else:
        channel = guild_channels(guild_id)[0]
        payload = fake.message(mention(text), channel_id=channel, guild_id=guild_id)
    payload["mentions"] = [{"id": str(BOT_ID), "username": "papercord", "bot": True,
                            "discriminator": "0", "avatar": None}]  # fmt: skip
    before = len([c for c in fake.calls if posted_to(channel)(c)])
    await fake.dispatch("MESSAGE_CREATE", payload)
    await fake.wait_for(posted_to(channel), count=before + 1)
    return channel


async def test_each_process_answers_only_its_shards_servers_and_dms_go_to_shard_0(
    two_servers: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    async with two_processes(two_servers, engine, tmp_path, storage_url) as (first, second):
        assert sorted(two_servers.identified) == [(0, 2), (1, 2)]
        assert [g.id for g in first.guilds] == [SECOND_GUILD_ID]  # (id >> 22) % 2 == 0
        assert [g.id for g in second.guilds] == [GUILD_ID]
        first_server = await ask_in(two_servers, GUILD_ID, "stencil computations")
        second_server = await ask_in(two_servers, SECOND_GUILD_ID, "stencil computations")
        dm = await ask_in(two_servers, None, "stencil computations")
        assert first.received == [second_server, dm]  # type: ignore[attr-defined]
        assert second.received == [first_server]  # type: ignore[attr-defined]


async def test_a_cooldown_holds_across_processes_with_postgres(
    two_servers: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    async with two_processes(
        two_servers, engine, tmp_path, storage_url, cooldown_questions=2, cooldown_seconds=60
    ):
        await ask_in(two_servers, GUILD_ID, "stencil computations")
        await ask_in(two_servers, GUILD_ID, "graph neural networks")
        channel = guild_channels(SECOND_GUILD_ID)[0]
        await ask_in(two_servers, SECOND_GUILD_ID, "quantization")  # the third, elsewhere
        (third,) = [c for c in two_servers.calls if posted_to(channel)(c)]
        if storage_url.startswith("postgresql"):  # one count for the user, in Postgres
            assert third.body["content"].startswith("Slow down a little")
        else:  # SQLite: each process counts its own questions
            assert third.body.get("embeds")
