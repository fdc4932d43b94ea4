"""One bad gateway event is skipped: the connection stays up and the next question is answered.

Each payload below made ``papercord run`` exit against an independently written
Discord-compatible server (issue 9), or is one real Discord could send tomorrow.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from bot.gateway import normalized
from tests.bot.discord_helpers import callback_for, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord

DM_CHANNEL = 912345
Payload = Callable[[FakeDiscord], tuple[str, Any]]


def null_thread(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message(mention("graph databases"), mentions=[BOT_ID])
    return "MESSAGE_CREATE", {**payload, "thread": None}


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


def roles_of_no_kind(fake: FakeDiscord) -> tuple[str, Any]:
    payload = fake.message(mention("graph databases"), mentions=[BOT_ID])
    payload["member"]["roles"] = None  # neither ids nor objects: nothing to repair
    return "MESSAGE_CREATE", payload


BAD_EVENTS: list[Payload] = [
    null_thread,
    roles_of_no_kind,
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


async def test_a_dm_with_a_null_guild_id_is_answered_not_skipped(
    bot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    # A Discord-compatible server sends "guild_id": null in a DM; it was skipped with a
    # warning, and the user got no answer.
    caplog.set_level(logging.WARNING)
    await fake.dispatch(
        "MESSAGE_CREATE",
        fake.message("stencil computations", channel_id=DM_CHANNEL, guild=False, null_guild=True),
    )
    (reply,) = await fake.wait_for(posted_to(DM_CHANNEL))
    assert "Performance Embeddings" in reply.body["embeds"][0]["description"]
    assert not [r for r in caplog.records if r.name == "bot.gateway"]


async def test_role_objects_in_member_roles_are_read_as_ids(
    bot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    payload = fake.message(mention("stencil computations"), mentions=[BOT_ID], role_objects=True)
    assert isinstance(payload["member"]["roles"][0], dict)  # the fake sends them as objects
    await fake.dispatch("MESSAGE_CREATE", payload)
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "Performance Embeddings" in reply.body["embeds"][0]["description"]
    assert not [r for r in caplog.records if r.name == "bot.gateway"]


def test_normalized_repairs_only_what_it_can() -> None:
    dm = {"id": "1", "guild_id": None, "member": None, "content": "x"}
    assert normalized("MESSAGE_CREATE", dm) == {"id": "1", "content": "x"}
    roles = {"guild_id": "5", "member": {"roles": [{"id": "7"}, 8, "9", None, {"name": "x"}]}}
    assert normalized("MESSAGE_CREATE", roles)["member"]["roles"] == ["7", "8", "9"]
    assert normalized("GUILD_UPDATE", {"guild_id": None}) == {"guild_id": None}
    assert normalized("MESSAGE_CREATE", None) is None


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
