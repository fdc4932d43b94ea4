"""Discord drops an interaction without a response within 3 s: slow answers defer first.

Under load (bench/load.py: 100 questions at once on 2 workers) answers came after 2 to
6 s, and 35 of 120 interactions would have been dropped by real Discord. Now a handler
whose answer is not ready within ``DEFER_AFTER`` defers ("thinking…") and follows up.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from bot import answering
from tests.bot.discord_helpers import callback_for, command, custom_ids
from tests.bot.fake_discord import APP_ID, BOT_ID, CHANNEL_ID, Call, FakeDiscord, user

EPHEMERAL = 64
DEFERRED = 5  # callback type: "thinking…", the answer follows as a webhook message


def slow(function: Any, seconds: float) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)  # a queue of other questions in front of this one
        return function(*args, **kwargs)

    return wrapper


def followup_for(payload: dict[str, Any]) -> Any:
    path = f"/webhooks/{APP_ID}/{payload['token']}"
    return lambda call: call.method == "POST" and call.path == path


async def answer_of(fake: FakeDiscord, payload: dict[str, Any]) -> tuple[Call, Call]:
    await fake.dispatch("INTERACTION_CREATE", payload)
    (callback,) = await fake.wait_for(callback_for(payload))
    (followup,) = await fake.wait_for(followup_for(payload))
    return callback, followup


async def test_a_slow_answer_defers_then_follows_up(
    bot: Any, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answering, "DEFER_AFTER", 0.1)
    monkeypatch.setattr(bot.engine, "ask", slow(bot.engine.ask, 0.6))
    payload = fake.interaction(2, command("ask", question="ternary GPT weights"))
    callback, followup = await answer_of(fake, payload)
    assert callback.body["type"] == DEFERRED
    assert "GPTQ" in followup.body["embeds"][0]["description"]
    assert custom_ids(followup.body)  # the buttons come with the follow-up


async def test_a_slow_button_defers_privately(
    bot: Any, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    paper_id = bot.engine.ask("stencil computations").results[0].paper.id
    monkeypatch.setattr(answering, "DEFER_AFTER", 0.1)
    monkeypatch.setattr(bot.engine, "paper_by_id", slow(bot.engine.paper_by_id, 0.6))
    button = {"type": 2, "style": 2, "label": "Abstract", "custom_id": f"pc:abs:{paper_id}"}
    message = fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        components=[{"type": 1, "components": [button]}],
    )  # fmt: skip
    payload = fake.interaction(3, {"custom_id": button["custom_id"], "component_type": 2}, message=message)  # fmt: skip
    callback, followup = await answer_of(fake, payload)
    assert callback.body["type"] == DEFERRED and callback.body["data"]["flags"] & EPHEMERAL
    assert followup.body["flags"] & EPHEMERAL and followup.body["embeds"][0]["title"]


async def test_a_fast_answer_still_answers_at_once(bot: Any, fake: FakeDiscord) -> None:
    payload = fake.interaction(2, command("paper", title="gptq"))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (callback,) = await fake.wait_for(callback_for(payload))
    assert callback.body["type"] == 4 and callback.body["data"]["embeds"][0]["title"].startswith(
        "GPTQ"
    )
