"""The bot in chat, through the real discord.py client and a fake Discord on 127.0.0.1."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import custom_ids, mention, pings_nobody, posted_to
from tests.bot.fake_discord import (
    BOT_ID,
    CHANNEL_ID,
    GUILD_ID,
    OTHER_BOT_ID,
    QA_CHANNEL_ID,
    THREAD_ID,
    USER_ID,
    FakeDiscord,
)


async def test_login_ready_and_guild_create(bot, fake: FakeDiscord) -> None:
    assert bot.user is not None and bot.user.id == BOT_ID
    guild = bot.get_guild(GUILD_ID)
    assert guild is not None and {c.id for c in guild.text_channels} == {CHANNEL_ID, QA_CHANNEL_ID}
    paths = [call.path for call in fake.calls]
    assert "/users/@me" in paths
    assert "/gateway/bot" in paths  # the gateway was discovered from the configured API
    assert fake.identifies == 1


async def test_mentioned_question_gets_quoted_answer(bot, fake: FakeDiscord) -> None:
    await fake.dispatch(
        "MESSAGE_CREATE",
        fake.message(mention("which papers quantize LLMs to 4 bits?"), mentions=[BOT_ID]),
    )
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    embed = reply.body["embeds"][0]
    assert "GPTQ" in embed["description"]
    assert "\n> " in embed["description"] and "**" in embed["description"]
    assert "https://arxiv.org/list/cs.LG/recent" in embed["description"]
    assert re.fullmatch(r"\d+ of \d+ · hybrid search · \d+ ms", embed["footer"]["text"])
    assert pings_nobody(reply.body)
    assert int(reply.body["message_reference"]["channel_id"]) == CHANNEL_ID
    ids = custom_ids(reply.body)
    assert any(i.startswith("pc:abs:") for i in ids) and any(i.startswith("pc:fb:") for i in ids)
    assert any(c.path == f"/channels/{CHANNEL_ID}/typing" for c in fake.calls)


async def test_everyone_in_a_question_pings_nobody(bot, fake: FakeDiscord) -> None:
    text = mention("@everyone @here <@&123> which papers target FPGAs?")
    await fake.dispatch("MESSAGE_CREATE", fake.message(text, mentions=[BOT_ID]))
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert pings_nobody(reply.body)
    rendered = str(reply.body)
    assert "@everyone" not in rendered and "@here" not in rendered and "<@&123>" not in rendered
    assert "FPGA" in reply.body["embeds"][0]["description"]


async def test_other_bots_and_unmentioned_chatter_are_ignored(bot, fake: FakeDiscord) -> None:
    await fake.dispatch(
        "MESSAGE_CREATE",
        fake.message(
            mention("stencil computations"),
            mentions=[BOT_ID],
            author_id=OTHER_BOT_ID,
            author_bot=True,
        ),
    )
    await fake.dispatch("MESSAGE_CREATE", fake.message("stencil computations, anyone?"))
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("graph databases"), mentions=[BOT_ID])
    )
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    await asyncio.sleep(0.3)  # give a wrong extra reply time to arrive
    replies = [c for c in fake.calls if posted_to(CHANNEL_ID)(c)]
    assert len(replies) == 1
    assert "Graph" in reply.body["embeds"][0]["description"]


async def test_qa_channel_needs_no_mention(bot, fake: FakeDiscord) -> None:
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message("stencil computations", channel_id=QA_CHANNEL_ID)
    )
    (reply,) = await fake.wait_for(posted_to(QA_CHANNEL_ID))
    assert "Performance Embeddings" in reply.body["embeds"][0]["description"]


async def test_direct_message_is_answered(bot, fake: FakeDiscord) -> None:
    dm_channel = 912345
    await fake.dispatch(
        "MESSAGE_CREATE",
        fake.message("graph partitioning with METIS", channel_id=dm_channel, guild=False),
    )
    (reply,) = await fake.wait_for(posted_to(dm_channel))
    assert "Nothing in the list answers that" in reply.body["embeds"][0]["description"]


async def test_empty_mention_gets_usage_hint(bot, fake: FakeDiscord) -> None:
    await fake.dispatch("MESSAGE_CREATE", fake.message(f"<@{BOT_ID}>", mentions=[BOT_ID]))
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "/paper" in reply.body["content"] and pings_nobody(reply.body)


async def test_ten_thousand_character_question_is_refused_clearly(bot, fake: FakeDiscord) -> None:
    text = mention("why " * 2500)
    await fake.dispatch("MESSAGE_CREATE", fake.message(text, mentions=[BOT_ID]))
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "characters long" in reply.body["content"] and "1000" in reply.body["content"]


async def test_twenty_concurrent_questions_are_all_answered(bot, fake: FakeDiscord) -> None:
    topics = ["FPGA", "quantization", "graph neural networks", "weather", "quantum circuits"]
    for n in range(20):
        question = mention(f"papers about {topics[n % len(topics)]} (#{n})")
        await fake.dispatch(
            "MESSAGE_CREATE", fake.message(question, mentions=[BOT_ID], author_id=USER_ID + n)
        )
    replies = await fake.wait_for(posted_to(CHANNEL_ID), count=20, timeout=60)
    assert all(r.body["embeds"] for r in replies)
    assert bot.latency < 5  # the heartbeat kept flowing while retrieval ran


async def test_cooldown_gives_a_friendly_notice(
    fake: FakeDiscord, engine: Engine, tmp_path: Path
) -> None:
    async with running_bot(fake, engine, tmp_path, cooldown_questions=2, cooldown_seconds=60):
        for _ in range(3):
            await fake.dispatch(
                "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
            )
        replies = await fake.wait_for(posted_to(CHANNEL_ID), count=3)
    notices = [r for r in replies if "Slow down" in (r.body.get("content") or "")]
    assert len(notices) == 1


async def test_thread_mode_answers_in_a_new_thread(
    fake: FakeDiscord, engine: Engine, tmp_path: Path
) -> None:
    async with running_bot(fake, engine, tmp_path, thread_mode=True):
        await fake.dispatch(
            "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
        )
        (thread,) = await fake.wait_for(lambda c: c.path.endswith("/threads"))
        assert thread.body["name"] == "stencil computations"
        (answer,) = await fake.wait_for(
            lambda c: (
                c.method == "POST"
                and c.path.endswith("/messages")
                and c.path != f"/channels/{CHANNEL_ID}/messages"
            )
        )
    assert answer.body["embeds"] and pings_nobody(answer.body)


@pytest.mark.parametrize("close", ["drop", "reconnect"])
async def test_bot_answers_after_the_gateway_connection_drops(
    bot, fake: FakeDiscord, close: str
) -> None:
    if close == "drop":
        await fake.drop()
    else:
        fake.ready.clear()
        await fake.sockets[-1].send_json({"op": 7, "d": None})  # Discord asks for a reconnect
    await fake.wait_until(lambda: fake.resumes + fake.identifies >= 2 and fake.ready.is_set())
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
    )
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "Performance Embeddings" in reply.body["embeds"][0]["description"]
    assert fake.resumes == 1  # the session was resumed, not re-identified


async def test_health_file_follows_the_gateway_connection(
    fake: FakeDiscord, engine: Engine, tmp_path: Path
) -> None:
    from bot.health import healthy

    path = tmp_path / "health.json"
    async with running_bot(fake, engine, tmp_path):
        async with asyncio.timeout(10):
            while not path.exists():
                await asyncio.sleep(0.05)
        ok, reason = healthy(path)
        assert ok and reason.startswith("connected")
    ok, reason = healthy(path)
    assert not ok and "disconnected" in reason


async def test_follow_up_in_the_bots_thread_needs_no_mention(bot, fake: FakeDiscord) -> None:
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message("and graph databases?", channel_id=THREAD_ID)
    )
    (reply,) = await fake.wait_for(posted_to(THREAD_ID))
    assert "Neural Graph Databases" in reply.body["embeds"][0]["description"]


async def test_unexpected_error_gets_an_apology_and_the_bot_keeps_running(
    bot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_ask = bot.engine.ask

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(bot.engine, "ask", broken)
    await fake.dispatch("MESSAGE_CREATE", fake.message(mention("stencils"), mentions=[BOT_ID]))
    (apology,) = await fake.wait_for(posted_to(CHANNEL_ID))
    assert "Sorry, something went wrong" in apology.body["content"]
    monkeypatch.setattr(bot.engine, "ask", real_ask)
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
    )
    _, answer = await fake.wait_for(posted_to(CHANNEL_ID), count=2)
    assert answer.body["embeds"]
