"""``/cite``, and the Cite buttons under answers and /paper, through the fake Discord."""

from __future__ import annotations

import re

import bibtexparser

from tests.bot.discord_helpers import click, command, custom_ids, interact, pings_nobody
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord, user

EPHEMERAL, SUPPRESS_EMBEDS = 64, 4
FENCED = re.compile(r"```(\w+)\n(.*?)\n```", re.S)


def blocks(content: str) -> dict[str, str]:
    return {language: text for language, text in FENCED.findall(content)}


def entry(content: str) -> bibtexparser.model.Entry:
    library = bibtexparser.parse_string(blocks(content)["bibtex"])
    assert not library.failed_blocks
    (found,) = library.entries
    return found


async def test_cite_gives_bibtex_and_text_ready_to_copy(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("cite", title="gptq post-training quantisation"))
    data = body["data"]
    assert body["type"] == 4 and not data.get("flags", 0) & EPHEMERAL
    assert data["flags"] & SUPPRESS_EMBEDS and pings_nobody(data)  # no link preview, no ping
    assert entry(data["content"]).key == "hoefler2023gptq"
    assert blocks(data["content"])["text"].startswith("Torsten Hoefler et al. (2023). GPTQ")


async def test_cite_in_one_format(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("cite", title="Performance Embeddings", format="text"))
    assert set(blocks(body["data"]["content"])) == {"text"}, body


async def test_cite_autocompletes_titles(bot, fake: FakeDiscord) -> None:
    data = {"id": "1", "name": "cite", "type": 1,
            "options": [{"name": "title", "type": 3, "value": "fpga", "focused": True}]}  # fmt: skip
    body = await interact(fake, 4, data)
    assert body["type"] == 8 and "FPGA" in body["data"]["choices"][0]["name"]


async def test_cite_button_under_an_answer_cites_that_paper(bot, fake: FakeDiscord) -> None:
    answer = await interact(
        fake, 2, command("ask", question="which papers quantize LLMs to 4 bits?")
    )
    ids = custom_ids(answer["data"])
    cites = [i for i in ids if i.startswith("pc:cite:")]
    assert len(cites) == len([i for i in ids if i.startswith("pc:abs:")]) >= 1
    message = fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        embeds=answer["data"]["embeds"], components=answer["data"]["components"],
    )  # fmt: skip
    body = await interact(fake, 3, click(cites[0]), message=message)
    assert body["data"]["flags"] & EPHEMERAL
    first_title = re.search(r"\*\*1\. \[(.+?)\]\(", answer["data"]["embeds"][0]["description"])
    assert first_title is not None
    cited = entry(body["data"]["content"]).fields_dict["title"].value
    assert cited.replace("{", "").replace("}", "") == first_title[1].replace("\\", "")


async def test_paper_has_a_cite_button(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("paper", title="gptq post-training quantisation"))
    assert [i for i in custom_ids(body["data"]) if i.startswith("pc:cite:")]
