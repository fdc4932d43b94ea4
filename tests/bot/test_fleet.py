"""Two ``papercord run`` processes serve one Discord: shards 0 and 1 of 2, a real Postgres
for their state and a real ``chroma run`` for their index, against the fake Discord.

Each process has its own state folder and index cache, as on two machines; what they
share goes through Postgres and the Chroma server only. Each talks to the fake under its
own API path (``/p0``, ``/p1``), so the fake's calls say which process sent them.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

from retrieval.config import ROOT
from tests.bot.conftest import fresh_database
from tests.bot.discord_helpers import callback_for, custom_ids, mention, posted_to, subcommand
from tests.bot.fake_discord import (
    BOT_ID,
    GUILD_ID,
    SECOND_GUILD_ID,
    Call,
    FakeDiscord,
    guild_channels,
    user,
)
from tests.conftest import TEST_DATA

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

MANAGE_GUILD = str(1 << 5)
DM_CHANNEL = 900000000000000070
USERS = itertools.count(900000000000000100)
START_SECONDS = 240  # a process loads the model and the index first; the machine is shared


@pytest_asyncio.fixture
async def two_servers() -> AsyncIterator[FakeDiscord]:
    """A fake Discord with one server on each of two shards."""
    server = FakeDiscord(guilds=(GUILD_ID, SECOND_GUILD_ID))
    await server.start()
    yield server
    await server.stop()


class Fleet:
    """Bot processes started with ``papercord run --shard-ids N --shard-count 2``."""

    def __init__(self, fake: FakeDiscord, env: dict[str, str], folder: Path) -> None:
        self.fake, self.env, self.folder = fake, env, folder
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def environment(self, name: str) -> dict[str, str]:
        return {
            **self.env,
            "PAPERCORD_DISCORD__API_BASE": f"{self.fake.base}/{name}/api/v10",
            "PAPERCORD_PATHS__STATE": str(self.folder / name / "state"),
            "PAPERCORD_CHROMA__PATH": str(self.folder / name / "index"),  # its cache beside
        }

    async def start(self, name: str, shard: int) -> None:
        """Start a process running one shard of two; return once that shard is connected."""
        log = (self.folder / f"{name}.log").open("wb")
        self.processes[name] = subprocess.Popen(
            [sys.executable, "-m", "cli", "run", "--shard-ids", str(shard), "--shard-count", "2"],
            env=self.environment(name), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        connected = self.fake._shard_event(shard)
        async with asyncio.timeout(START_SECONDS):
            while not connected.is_set() or self.fake.shard_sockets.get(shard) is None:
                assert self.processes[name].poll() is None, self.log(name)
                await asyncio.sleep(0.2)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextlib.contextmanager
def fleet_of(fake: FakeDiscord, env: dict[str, str], folder: Path) -> Iterator[Fleet]:
    fleet = Fleet(fake, env, folder)
    try:
        yield fleet
    finally:
        fleet.stop()


async def ask(fake: FakeDiscord, guild_id: int | None, text: str, user_id: int) -> Call:
    """Ask with a mention in a server's #general (None: a DM); return the reply."""
    channel = DM_CHANNEL if guild_id is None else guild_channels(guild_id)[0]
    if guild_id is None:
        payload = fake.message(mention(text), channel_id=channel, guild=False, author_id=user_id)
    else:
        payload = fake.message(
            mention(text), channel_id=channel, guild_id=guild_id, author_id=user_id
        )
    payload["mentions"] = [user(BOT_ID, "papercord", bot=True)]
    before = len([c for c in fake.calls if posted_to(channel)(c)])
    await fake.dispatch("MESSAGE_CREATE", payload)
    replies = await fake.wait_for(posted_to(channel), timeout=60, count=before + 1)
    return replies[-1]


async def interact(fake: FakeDiscord, kind: int, data: dict[str, Any], **extra: Any) -> Call:
    payload = fake.interaction(kind, data, **extra)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload), timeout=60)
    return call


async def rows(url: str, sql: str) -> list[Any]:
    connection = await asyncpg.connect(url)
    try:
        return list(await connection.fetch(sql))
    finally:
        await connection.close()


async def test_two_processes_share_state_cooldowns_and_the_index(
    two_servers: FakeDiscord,
    chroma_server: int,
    postgres_server: str,
    model_dir: Path,
    corpus_files: Path,
    tmp_path: Path,
) -> None:
    fake = two_servers
    storage = await fresh_database(postgres_server)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("PAPERCORD_")},
        "DISCORD_TOKEN": "fake-token",
        "PAPERCORD_PATHS__CORPUS": str(corpus_files),
        "PAPERCORD_STORAGE__URL": storage,
        "PAPERCORD_CHROMA__MODE": "http",
        "PAPERCORD_CHROMA__PORT": str(chroma_server),
        "PAPERCORD_CHROMA__PREFIX": f"fleet{os.getpid()}",
        "PAPERCORD_CHROMA__WATCH_SECONDS": "2",
        "PAPERCORD_DISCORD__COOLDOWN_QUESTIONS": "3",
        "PAPERCORD_DISCORD__COOLDOWN_SECONDS": "600",
    }
    ingest = await asyncio.to_thread(
        subprocess.run, [sys.executable, "-m", "cli", "ingest"], capture_output=True,
        text=True, cwd=ROOT, timeout=600,
        env={**env, "PAPERCORD_CHROMA__PATH": str(tmp_path / "ingest" / "index")},
    )  # fmt: skip
    assert ingest.returncode == 0, ingest.stderr
    with fleet_of(fake, env, tmp_path) as fleet:
        await fleet.start("p0", 0)
        await fleet.start("p1", 1)
        assert sorted(fake.identified) == [(0, 2), (1, 2)]

        # Each answers its own servers, and only those; DMs come on shard 0.
        alice = next(USERS)
        first = await ask(fake, GUILD_ID, "stencil computations", alice)
        second = await ask(fake, SECOND_GUILD_ID, "stencil computations", alice)
        direct = await ask(fake, None, "stencil computations", alice)
        assert (first.via, second.via, direct.via) == ("p1", "p0", "p0")
        assert all(reply.body.get("embeds") for reply in (first, second, direct))
        senders = {c.via for c in fake.calls if c.path.startswith("/channels/")}
        assert senders == {"p0", "p1"}

        # A user's cooldown holds across both: 3 questions, the 4th is refused by p1,
        # which saw only one of them.
        refused = await ask(fake, GUILD_ID, "graph neural networks", alice)
        assert refused.via == "p1" and refused.body["content"].startswith("Slow down a little")

        # A 👍 is stored once, in the shared database.
        up = next(i for i in custom_ids(second.body) if i.endswith(":up"))
        message = fake.message_payload(
            "", channel_id=guild_channels(SECOND_GUILD_ID)[0],
            author=user(BOT_ID, "papercord", bot=True), components=second.body["components"],
        )  # fmt: skip
        for _ in range(2):
            click = {"custom_id": up, "component_type": 2}
            voted = await interact(fake, 3, click, message=message, guild_id=SECOND_GUILD_ID)
            assert voted.via == "p0" and "Thanks" in voted.body["data"]["content"]
        assert [tuple(r) for r in await rows(storage, "SELECT vote FROM feedback")] == [("up",)]

        # A config made through p1 ...
        config = subcommand("papercord", "config", thread_mode=True)
        made = await interact(fake, 2, config, permissions=MANAGE_GUILD, guild_id=GUILD_ID)
        assert made.via == "p1"

        # A reindex through p1 is served by p0 (it polls the Chroma server every 2 s).
        shutil.copy(TEST_DATA / "extra.jsonl", corpus_files / "extra.jsonl")
        reindex = subcommand("papercord", "reindex")
        await interact(fake, 2, reindex, permissions=MANAGE_GUILD, guild_id=GUILD_ID)
        (done,) = await fake.wait_for(
            lambda c: c.method == "POST" and c.path.startswith("/webhooks/"), timeout=300
        )
        assert done.via == "p1" and done.body["content"].startswith("Reindexed 4 papers")
        async with asyncio.timeout(60):
            while True:
                reply = await ask(fake, SECOND_GUILD_ID, "tide tables", next(USERS))
                if "Difference Engines for Tide Tables" in str(reply.body.get("embeds")):
                    break
                await asyncio.sleep(1)
        assert reply.via == "p0"

        # Health reports each process's shard.
        health = await asyncio.to_thread(
            subprocess.run, [sys.executable, "-m", "cli", "health", "--shard-ids", "0",
                             "--shard-count", "2"],
            capture_output=True, text=True, cwd=ROOT, env=fleet.environment("p0"), timeout=60,
        )  # fmt: skip
        assert health.returncode == 0 and "shard 0: connected" in health.stdout

        # Killing p1 leaves p0 answering.
        fleet.processes["p1"].kill()
        fleet.processes["p1"].wait()
        still = await ask(fake, SECOND_GUILD_ID, "stencil computations", next(USERS))
        assert still.via == "p0" and still.body.get("embeds")

        # ... and p1's replacement, with none of p1's files, has p1's config in force.
        await fleet.start("p2", 1)
        channel = guild_channels(GUILD_ID)[0]
        payload = fake.message(
            mention("stencil computations"), channel_id=channel, guild_id=GUILD_ID,
            author_id=next(USERS),
        )  # fmt: skip
        payload["mentions"] = [user(BOT_ID, "papercord", bot=True)]
        await fake.dispatch("MESSAGE_CREATE", payload)
        (thread,) = await fake.wait_for(
            lambda c: c.via == "p2" and c.path.endswith("/threads"), timeout=60
        )
        assert thread.body["name"] == "stencil computations"
