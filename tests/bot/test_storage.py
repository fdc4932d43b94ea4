"""The bot's SQLite file: questions for the buttons, votes, and per-server settings."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from bot.settings import DiscordSettings
from bot.storage import GuildConfig, ServerSettings, Storage
from retrieval.models import Filters


def test_server_settings_fall_back_to_the_global_ones(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "papercord.sqlite3")
    defaults = DiscordSettings(qa_channels=[1], require_mention=True, thread_mode=False)
    assert storage.guild_config(7).effective(defaults) == ServerSettings(
        frozenset({1}), True, False
    )
    storage.save_guild_config(GuildConfig(7, [2], require_mention=False, thread_mode=None))
    assert storage.guild_config(7).effective(defaults) == ServerSettings(
        frozenset({1, 2}), require_mention=False, thread_mode=False
    )
    storage.close()


def test_a_vote_needs_a_stored_question_and_a_new_click_replaces_it(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "papercord.sqlite3")
    assert not storage.record_feedback(41, user_id=5, vote="up")
    question = storage.record_question(
        "stencils", "hybrid", {}, ["p1"], False, guild_id=None, channel_id=None, user_id=5
    )
    assert storage.question(question) is not None
    assert storage.record_feedback(question, user_id=5, vote="up")
    assert storage.record_feedback(question, user_id=5, vote="down")
    assert storage.counts() == {"questions": 1, "up": 0, "down": 1}
    storage.close()


def test_stored_filters_come_back_as_the_same_filters(tmp_path: Path) -> None:
    # "More results" and replies rebuild an answer's filters from the stored JSON.
    storage = Storage(tmp_path / "papercord.sqlite3")
    filters = Filters(2022, 2024, subject="cs.LG", years=(2022, 2024))
    question = storage.record_question(
        "gnns", "hybrid", asdict(filters), [], False, guild_id=None, channel_id=None, user_id=5
    )
    stored = storage.question(question)
    assert stored is not None and Filters(**stored.filters) == filters
    storage.close()
