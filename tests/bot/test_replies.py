"""Replying to one of the bot's answers asks a follow-up, with the earlier question as context."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from tests.bot.discord_helpers import click, interact, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, THREAD_ID, FakeDiscord, user

TITLE = re.compile(r"\*\*\d+\. \[([^\]]+)\]")


def replying_to(fake: FakeDiscord, answer: Any, text: str, channel_id: int) -> dict[str, Any]:
    """Return a MESSAGE_CREATE that replies to the bot's answer, without a mention."""
    earlier = fake.message_payload(
        "", channel_id=channel_id, author=user(BOT_ID, "papercord", bot=True),
        embeds=answer.body["embeds"], components=answer.body["components"],
    )  # fmt: skip
    payload = fake.message(text, channel_id=channel_id)
    payload["type"] = 19  # a reply
    payload["message_reference"] = {"message_id": earlier["id"], "channel_id": str(channel_id)}
    payload["referenced_message"] = earlier
    return payload


@pytest.mark.parametrize("channel_id", [CHANNEL_ID, THREAD_ID], ids=["channel", "thread"])
async def test_which_of_those_are_from_2023_narrows_the_earlier_answer(
    bot, fake: FakeDiscord, channel_id: int
) -> None:
    question = mention("which papers are about quantization?")  # a list of 2023 and 2024 papers
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(question, mentions=[BOT_ID], channel_id=channel_id)
    )
    (first,) = await fake.wait_for(posted_to(channel_id))
    qid = int(first.body["components"][0]["components"][-1]["custom_id"].split(":")[2])
    earlier = await bot.storage.question(qid)
    assert earlier is not None
    years = {p: bot.engine.paper_by_id(p).paper.year for p in earlier.paper_ids}
    assert {2023} < set(years.values())  # a mix of years to narrow
    from_2023 = [bot.engine.titles()[p] for p in earlier.paper_ids if years[p] == 2023]
    await fake.dispatch(
        "MESSAGE_CREATE",
        replying_to(fake, first, "and which of those are from 2023?", channel_id),
    )
    _, second = await fake.wait_for(posted_to(channel_id), count=2)
    description = second.body["embeds"][0]["description"]
    shown = TITLE.findall(description)
    assert shown and "(2023)" in description and "(2024)" not in description
    assert [t.replace("\\", "") for t in shown] == [t.replace("\\", "") for t in from_2023][:3]


async def test_a_reply_to_someone_else_is_not_a_question(bot, fake: FakeDiscord) -> None:
    other = fake.message("I like stencils")
    payload = fake.message("and which of those are from 2023?")
    payload["message_reference"] = {"message_id": other["id"], "channel_id": str(CHANNEL_ID)}
    payload["referenced_message"] = other
    await fake.dispatch("MESSAGE_CREATE", payload)
    await fake.dispatch(
        "MESSAGE_CREATE", fake.message(mention("graph databases"), mentions=[BOT_ID])
    )
    (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
    await asyncio.sleep(0.3)
    assert len([c for c in fake.calls if posted_to(CHANNEL_ID)(c)]) == 1
    assert "Graph" in reply.body["embeds"][0]["description"]


async def test_more_results_of_a_follow_up_page_through_its_papers_only(
    bot, fake: FakeDiscord
) -> None:
    """The "More results" button under a follow-up's answer used to page through the earlier
    question's answer again, asked afresh, instead of the papers the follow-up kept."""
    question = "which papers are about graph neural networks?"
    listed = [r.paper.id for r in (lambda a: a.results + a.more)(bot.engine.ask(question))]
    shown = bot.settings.discord.results_shown
    kept = listed[: shown - 1] + listed[shown:]  # a follow-up dropped one of the first page
    assert len(kept) > shown
    qid = await bot.storage.record_question(
        question, "hybrid", {}, kept, False, guild_id=None, channel_id=CHANNEL_ID, user_id=1,
        narrowed=True,
    )  # fmt: skip
    more = f"pc:more:{qid}:{shown}"
    button = {"type": 2, "style": 2, "label": "More results", "custom_id": more}
    message = fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        components=[{"type": 1, "components": [button]}],
    )  # fmt: skip
    body = await interact(fake, 3, click(more), message=message)
    page = body["data"]["embeds"][0]["description"]
    titles = [t.replace("\\", "") for t in TITLE.findall(page)]
    expected = [bot.engine.titles()[p].replace("\\", "") for p in kept[shown:]]
    assert titles == expected[: len(titles)] and titles
