"""Network errors and timeouts on every path a user can trigger: an apology and one log line."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp
import pytest

from bot.errors import NETWORK_APOLOGY
from tests.bot.discord_helpers import callback_for, command, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord, user

EPHEMERAL = 64


def failing(error: BaseException) -> Any:
    def fail(*args: object, **kwargs: object) -> object:
        raise error

    return fail


def error_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING and r.name.startswith("bot")]


@pytest.mark.parametrize(
    "error", [aiohttp.ClientConnectionError("connection reset"), TimeoutError()]
)
async def test_slash_command_network_error_gets_an_apology_and_one_log_line(
    bot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    error: BaseException,
) -> None:  # fmt: skip
    monkeypatch.setattr(bot.engine, "ask", failing(error))
    payload = fake.interaction(2, command("ask", question="stencil computations"))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    assert call.body["data"]["content"] == NETWORK_APOLOGY
    assert call.body["data"]["flags"] & EPHEMERAL
    (line,) = error_lines(caplog)
    assert type(error).__name__ in line.getMessage() and line.exc_info is None


async def test_button_network_error_gets_an_apology(
    bot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    paper_id = bot.engine.ask("stencil computations").results[0].paper.id
    monkeypatch.setattr(bot.engine, "paper_by_id", failing(TimeoutError()))
    button = {"type": 2, "style": 2, "label": "Abstract", "custom_id": f"pc:abs:{paper_id}"}
    message = fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        components=[{"type": 1, "components": [button]}],
    )  # fmt: skip
    payload = fake.interaction(
        3, {"custom_id": button["custom_id"], "component_type": 2}, message=message
    )
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    assert call.body["data"]["content"] == NETWORK_APOLOGY
    (line,) = error_lines(caplog)
    assert "TimeoutError" in line.getMessage() and line.exc_info is None


async def test_message_question_network_error_gets_an_apology(
    bot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(bot.engine, "ask", failing(aiohttp.ServerDisconnectedError()))
    await fake.dispatch("MESSAGE_CREATE", fake.message(mention("stencils"), mentions=[BOT_ID]))
    (apology,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert apology.body["content"] == NETWORK_APOLOGY
    (line,) = error_lines(caplog)
    assert "ServerDisconnectedError" in line.getMessage() and line.exc_info is None


async def test_undeliverable_reply_is_logged_and_the_bot_answers_the_next_one(
    bot, fake: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    broken = fake.interaction(2, command("ask", question="stencil computations"))
    fake.disconnect = callback_for(broken)  # Discord unreachable for this one reply
    await fake.dispatch("INTERACTION_CREATE", broken)
    async with asyncio.timeout(20):  # the log line comes after the fake's last request
        while not any("could not deliver" in r.getMessage() for r in caplog.records):
            await asyncio.sleep(0.05)
    assert all(r.exc_info is None for r in error_lines(caplog))
    good = fake.interaction(2, command("ask", question="stencil computations"))
    await fake.dispatch("INTERACTION_CREATE", good)
    (call,) = await fake.wait_for(callback_for(good))
    assert "Performance Embeddings" in call.body["data"]["embeds"][0]["description"]
