"""The one bot class: what it hands discord.py, and retrieval run off the event loop."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import discord
import pytest
from pydantic import ValidationError

from bot.client import Papercord
from bot.storage import Storage
from bot.storage.database import SqliteDatabase
from retrieval.engine import Engine
from tests.bot.conftest import bot_settings

MakeBot = Callable[..., Papercord]


@pytest.fixture
def make_bot(
    fake_engine: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MakeBot]:
    """Return a builder of unconnected bots; restore discord.py's API address afterwards."""
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    storage = Storage(SqliteDatabase(tmp_path / "state.sqlite3"))  # never connects: no schema
    executor = ThreadPoolExecutor(1, thread_name_prefix="retrieval")

    def build(api: str = "http://127.0.0.1:9/api/v10/", **discord_options: object) -> Papercord:
        settings = bot_settings(api, tmp_path, **discord_options)
        return Papercord(settings, fake_engine, storage, executor)

    yield build
    executor.shutdown()
    asyncio.run(storage.close())


def test_shard_settings_reach_discord_py(make_bot: MakeBot) -> None:
    assert make_bot().shard_ids is None  # discord.py asks the gateway how many to run
    sharded = make_bot(shard_ids=[1], shard_count=2)
    assert (sharded.shard_ids, sharded.shard_count) == ([1], 2)
    # Refused with papercord's message before discord.py's "provide a shard_count".
    with pytest.raises(ValidationError, match="shard_ids needs shard_count"):
        make_bot(shard_ids=[1])
    with pytest.raises(ValidationError, match="shard 2 does not exist: ids run from 0 to 1"):
        make_bot(shard_ids=[2], shard_count=2)


def test_rest_requests_go_to_the_configured_api(make_bot: MakeBot) -> None:
    make_bot(api="http://127.0.0.1:9/api/v10/")
    assert discord.http.Route("GET", "/users/@me").url == "http://127.0.0.1:9/api/v10/users/@me"


async def test_retrieval_runs_in_the_executor_not_on_the_loop(make_bot: MakeBot) -> None:
    bot = make_bot()

    def where(query: str) -> tuple[str, str]:
        return threading.current_thread().name, bot.engine.paper(query).paper.title

    thread, title = await bot.run_retrieval(where, "sagman")
    assert thread.startswith("retrieval") and title.startswith("SAGMAN")
