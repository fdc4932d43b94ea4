"""One bad gateway event is skipped: the connection stays up and the next question is answered.

Each payload below made ``papercord run`` exit against an independently written
Discord-compatible server (issue 9), or is one real Discord could send tomorrow.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from tests.bot.discord_helpers import callback_for, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, GUILD_ID, FakeDiscord

DM_CHANNEL = 912345
Payload = Callable[[FakeDiscord], tuple[str, Any]]


def dm_with_null_guild(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message("graph databases", channel_id=DM_CHANNEL, guild=False)
    return "MESSAGE_CREATE", {**payload, "guild_id": None}


def null_thread(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message(mention("graph databases"), mentions=[BOT_ID])
    return "MESSAGE_CREATE", {**payload, "thread": None}


def roles_as_objects(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message(mention("graph databases"), mentions=[BOT_ID])
    payload["member"]["roles"] = [{"id": str(GUILD_ID), "name": "@everyone"}]
    return "MESSAGE_CREATE", payload


def missing_author(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message(mention("graph databases"), mentions=[BOT_ID])
    del payload["author"]
    return "MESSAGE_CREATE", payload


def null_data(fake: FakeDiscord) -> tuple[str, Any]:
    return "MESSAGE_CREATE", None


def unknown_event_type(fake: FakeDiscord) -> tuple[str, Any]:
    return "PAPER_AIRPLANE_LANDED", {"id": "1", "wings": [{"span": None}]}


def guild_update_without_id(fake: FakeDiscord) -> tuple[str, Any]:
    return "GUILD_UPDATE", {"name": "renamed"}


BAD_EVENTS: list[Payload] = [
    dm_with_null_guild,
    null_thread,
    roles_as_objects,
    missing_author,
    null_data,
    unknown_event_type,
    guild_update_without_id,
]


@pytest.mark.parametrize("bad", BAD_EVENTS, ids=lambda f: f.__name__)
async def test_bot_skips_a_bad_event_and_answers_the_next_question(
    bot, fake: FakeDiscord, bad: Payload, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    event, data = bad(fake)
    await fake.dispatch(event, data)
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
    )
    replies = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "Performance Embeddings" in replies[0].body["embeds"][0]["description"]
    assert fake.identifies == 1 and fake.resumes == 0  # the same connection, never dropped
    skipped = [r for r in caplog.records if r.name == "bot.gateway"]
    if bad is unknown_event_type:
        assert skipped == []  # discord.py ignores event types it does not know
    else:
        (line,) = skipped  # logged once, one line, naming the event type
        assert f"skipped a {event} gateway event" in line.getMessage()
        assert line.exc_info is None and "fake-token" not in line.getMessage()


async def test_huge_content_is_refused_and_the_next_question_answered(
    bot, fake: FakeDiscord
) -> None:
    await fake.dispatch("MESSAGE_CREATE", fake.message(mention("why " * 50_000), mentions=[BOT_ID]))
    (notice,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "characters long" in notice.body["content"]
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
    )
    _, answer = await fake.wait_for(posted_to(CHANNEL_ID), count=2)
    assert "Performance Embeddings" in answer.body["embeds"][0]["description"]


async def test_a_bad_interaction_is_logged_without_its_token(
    bot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    broken = fake.interaction(2, {"id": "1", "name": "ask", "type": 1, "options": []})
    broken["id"] = broken["token"]  # not a snowflake: discord.py's int() quotes the value
    await fake.dispatch("INTERACTION_CREATE", broken)
    good = fake.interaction(
        2, {"id": "1", "name": "ask", "type": 1,
            "options": [{"name": "question", "type": 3, "value": "stencil computations"}]},
    )  # fmt: skip
    await fake.dispatch("INTERACTION_CREATE", good)
    (call,) = await fake.wait_for(callback_for(good))
    assert "Performance Embeddings" in call.body["data"]["embeds"][0]["description"]
    (line,) = [r for r in caplog.records if r.name == "bot.gateway"]
    assert "INTERACTION_CREATE" in line.getMessage()
    assert broken["token"] not in caplog.text and "[redacted]" in line.getMessage()
