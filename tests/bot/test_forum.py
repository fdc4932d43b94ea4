"""Forum mode: a configured forum's new posts are answered in their thread, through the fake."""

from __future__ import annotations

import asyncio

from tests.bot.discord_helpers import interact, posted_to, subcommand
from tests.bot.fake_discord import FORUM_ID, GUILD_ID, OTHER_FORUM_ID, FakeDiscord

MANAGE_GUILD = str(1 << 5)


async def configure_forum(fake: FakeDiscord, forum_id: int = FORUM_ID) -> dict:
    config = subcommand("papercord", "config", forum=str(forum_id))
    config["options"][0]["options"][0]["type"] = 7  # a channel option, resolved by Discord
    config["resolved"] = {"channels": {str(forum_id): {
        "id": str(forum_id), "type": 15, "name": "paper-questions", "permissions": "0",
        "parent_id": None, "guild_id": str(GUILD_ID),
    }}}  # fmt: skip
    body = await interact(fake, 2, config, permissions=MANAGE_GUILD)
    return {f["name"]: f["value"] for f in body["data"]["embeds"][0]["fields"]}


async def post(fake: FakeDiscord, title: str, content: str, forum_id: int = FORUM_ID) -> int:
    """Create a forum post as Discord does: the thread, then its first message."""
    thread, starter = fake.forum_post(title, content, forum_id=forum_id)
    await fake.dispatch("THREAD_CREATE", thread)
    await fake.dispatch("MESSAGE_CREATE", starter)
    return int(thread["id"])


async def test_a_configured_forum_is_stored_and_shown(bot, fake: FakeDiscord) -> None:
    fields = await configure_forum(fake)
    assert fields["Forum channels"] == f"<#{FORUM_ID}>"
    rows = await bot.storage.db.fetch("SELECT forum_channels FROM guild_config")
    assert [tuple(r) for r in rows] == [(f"[{FORUM_ID}]",)]


async def test_a_new_post_is_answered_once_in_its_thread(bot, fake: FakeDiscord) -> None:
    await configure_forum(fake)
    thread_id = await post(fake, "4-bit LLMs?", "Which papers quantize LLMs to 4 bits?")
    (answer,) = await fake.wait_for(posted_to(thread_id))
    assert "GPTQ" in answer.body["embeds"][0]["description"]
    stored = await bot.storage.question(await bot.storage.last_question_in(thread_id) or 0)
    assert stored is not None and stored.question.startswith(
        "4-bit LLMs?\nWhich papers"
    )  # title, then body
    await asyncio.sleep(0.5)
    assert len([c for c in fake.calls if posted_to(thread_id)(c)]) == 1  # not twice


async def test_the_title_alone_is_a_question(bot, fake: FakeDiscord) -> None:
    await configure_forum(fake)
    thread_id = await post(fake, "papers on stencil computations", "")
    (answer,) = await fake.wait_for(posted_to(thread_id))
    assert "tencil" in answer.body["embeds"][0]["description"]


async def test_a_follow_up_in_the_post_narrows_its_answer(bot, fake: FakeDiscord) -> None:
    await configure_forum(fake)
    thread_id = await post(fake, "4-bit LLMs?", "Which papers quantize LLMs to 4 bits?")
    await fake.wait_for(posted_to(thread_id))
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message("and which of those are from 2023?", channel_id=thread_id)
    )
    _, second = await fake.wait_for(posted_to(thread_id), count=2)
    description = second.body["embeds"][0]["description"]
    assert "(2023)" in description and "(2024)" not in description
    assert "→ and which of those are from 2023?" in second.body["embeds"][0]["title"]


async def test_thumbs_on_the_answer_feed_the_feedback_table(bot, fake: FakeDiscord) -> None:
    await configure_forum(fake)
    thread_id = await post(fake, "graph neural networks", "Which papers accelerate GNNs?")
    (answer,) = await fake.wait_for(posted_to(thread_id))
    message_id = answer.response["id"]
    async with asyncio.timeout(10):  # a person reacts once the bot has noted its answer
        while await bot.storage.answered_by(int(message_id)) is None:
            await asyncio.sleep(0.05)

    async def votes(expected: list[str]) -> list[tuple[str, str]]:
        async with asyncio.timeout(10):
            while True:
                found = [tuple(r) for r in
                         await bot.storage.db.fetch("SELECT vote, question FROM feedback")]  # fmt: skip
                if [vote for vote, _ in found] == expected:
                    return found
                await asyncio.sleep(0.05)

    await fake.dispatch("MESSAGE_REACTION_ADD", fake.reaction(message_id, thread_id, "👍"))
    assert await votes(["up"]) == [("up", "graph neural networks\nWhich papers accelerate GNNs?")]
    await fake.dispatch("MESSAGE_REACTION_ADD", fake.reaction(message_id, thread_id, "👎"))
    await votes(["down"])  # one vote per user: the latest
    await fake.dispatch("MESSAGE_REACTION_ADD", fake.reaction(message_id, thread_id, "🎉"))
    await asyncio.sleep(0.5)  # 🎉 is no vote: still the one
    assert [v for v, _ in await votes(["down"])] == ["down"]


async def test_other_forums_are_left_alone(bot, fake: FakeDiscord) -> None:
    await configure_forum(fake)
    thread_id = await post(fake, "graph neural networks", "anyone?", forum_id=OTHER_FORUM_ID)
    await asyncio.sleep(0.8)
    assert not [c for c in fake.calls if posted_to(thread_id)(c)]
