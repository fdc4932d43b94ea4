"""The bot's state on SQLite and Postgres: questions for the buttons, votes, settings."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import asdict
from pathlib import Path

import pytest
import pytest_asyncio

from bot.settings import DiscordSettings
from bot.storage import GuildConfig, ServerSettings, Storage, open_storage
from bot.storage.migrations import available
from retrieval.config import ROOT
from retrieval.models import Filters


@pytest_asyncio.fixture
async def storage(storage_url: str) -> AsyncIterator[Storage]:
    """The storage of each kind, migrated and empty."""
    opened = await open_storage(storage_url, ROOT)
    yield opened
    await opened.close()


async def test_server_settings_fall_back_to_the_global_ones(storage: Storage) -> None:
    defaults = DiscordSettings(qa_channels=[1], require_mention=True, thread_mode=False)
    assert (await storage.guild_config(7)).effective(defaults) == ServerSettings(
        frozenset({1}), True, False
    )
    await storage.save_guild_config(GuildConfig(7, [2], require_mention=False, thread_mode=None))
    assert (await storage.guild_config(7)).effective(defaults) == ServerSettings(
        frozenset({1, 2}), require_mention=False, thread_mode=False
    )


async def test_a_vote_needs_a_stored_question_and_a_new_click_replaces_it(
    storage: Storage,
) -> None:
    assert not await storage.record_feedback(41, user_id=5, vote="up")
    question = await storage.record_question(
        "stencils", "hybrid", {}, ["p1"], False, guild_id=None, channel_id=None, user_id=5
    )
    assert await storage.question(question) is not None
    assert await storage.record_feedback(question, user_id=5, vote="up")
    assert await storage.record_feedback(question, user_id=5, vote="down")
    assert await storage.counts() == {"questions": 1, "up": 0, "down": 1}


async def test_stored_filters_come_back_as_the_same_filters(storage: Storage) -> None:
    # "More results" and replies rebuild an answer's filters from the stored JSON.
    filters = Filters(2022, 2024, subject="cs.LG", years=(2022, 2024))
    question = await storage.record_question(
        "gnns", "hybrid", asdict(filters), [], False, guild_id=None, channel_id=None, user_id=5
    )
    stored = await storage.question(question)
    assert stored is not None and Filters(**stored.filters) == filters


async def test_discord_sized_ids_and_a_paper_posted_once(storage: Storage) -> None:
    big = 900000000000000021  # Discord ids need 64 bits
    number = await storage.subscribe(big, big + 1, "stencils", big + 2)
    assert [s.channel_id for s in await storage.subscriptions(big)] == [big + 1]
    assert await storage.claim_digest_post(number, "p1")
    assert not await storage.claim_digest_post(number, "p1")
    assert await storage.unsubscribe(big, number) and not await storage.unsubscribe(big, number)


async def test_migrations_are_recorded_and_run_once(storage_url: str) -> None:
    first = await open_storage(storage_url, ROOT)
    await first.close()
    again = await open_storage(storage_url, ROOT)  # the second start applies nothing
    rows = await again.db.fetch("SELECT version FROM schema_migrations ORDER BY version")
    await again.close()
    assert [r[0] for r in rows] == [m.version for m in available(again.db.dialect)]


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    def numbered(dialect: str) -> list[tuple[int, str]]:
        return [(m.version, m.name) for m in available(dialect)]

    assert numbered("sqlite") == numbered("postgres") and numbered("sqlite")[0] == (1, "initial")


async def test_a_file_from_before_migrations_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:  # the schema of the first release, without migrations
        old.executescript(
            "CREATE TABLE questions (id INTEGER PRIMARY KEY AUTOINCREMENT, created REAL NOT NULL,"
            " guild_id INTEGER, channel_id INTEGER, user_id INTEGER, question TEXT NOT NULL,"
            " mode TEXT NOT NULL, filters TEXT NOT NULL, paper_ids TEXT NOT NULL,"
            " abstained INTEGER NOT NULL);"
            "CREATE TABLE guild_config (guild_id INTEGER PRIMARY KEY,"
            " qa_channels TEXT NOT NULL DEFAULT '[]', require_mention INTEGER, thread_mode INTEGER);"
            "INSERT INTO questions VALUES (1, 0, 1, 2, 3, 'stencils', 'hybrid', '{}', '[]', 0);"
        )
    storage = await open_storage(f"sqlite:///{path}", ROOT)
    stored = await storage.question(1)
    assert stored is not None and stored.question == "stencils" and not stored.narrowed
    assert (await storage.guild_config(5)).forum_channels == []
    assert await storage.subscribe(5, 6, "later tables are created too", 7) == 1
    await storage.close()


@pytest.mark.parametrize("url", ["mysql://db/papercord", "sqlite://", "var/papercord.sqlite3"])
async def test_a_storage_url_of_another_kind_is_one_clear_error(url: str) -> None:
    from retrieval.errors import ConfigError

    with pytest.raises(ConfigError, match="sqlite:///"):
        await open_storage(url, ROOT)
