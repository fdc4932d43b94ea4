"""Slash commands, autocomplete, buttons and command registration, via the fake Discord."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import callback_for, command, custom_ids, pings_nobody, subcommand
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, GUILD_ID, FakeDiscord, user

EPHEMERAL = 64
MANAGE_GUILD = str(1 << 5)


def bot_message(fake: FakeDiscord, data: dict[str, Any]) -> dict[str, Any]:
    """Return the message the bot posted, buttons included, as a click carries it."""
    return fake.message_payload(
        "",
        channel_id=CHANNEL_ID,
        author=user(BOT_ID, "papercord", bot=True),
        embeds=data.get("embeds", []),
        components=data.get("components", []),
    )


async def interact(fake: FakeDiscord, kind: int, data: dict[str, Any], **extra: Any) -> Any:
    """Send an interaction and return the bot's callback body."""
    payload = fake.interaction(kind, data, **extra)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    return call.body


async def test_ask_command_answers_with_embed_and_buttons(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("ask", question="ternary GPT weights"))
    assert body["type"] == 4  # answered at once, no defer needed
    data = body["data"]
    assert "GPTQ" in data["embeds"][0]["description"]
    assert pings_nobody(data) and not data.get("flags", 0) & EPHEMERAL
    assert any(i.startswith("pc:more:") or i.startswith("pc:fb:") for i in custom_ids(data))


async def test_ask_command_applies_filters(bot, fake: FakeDiscord) -> None:
    body = await interact(
        fake, 2, command("ask", question="quantization", year_from=2024, author="zhang")
    )
    description = body["data"]["embeds"][0]["description"]
    assert "(2024)" in description and "(2023)" not in description
    assert "Torsten Hoefler" not in description


async def test_paper_command_tolerates_typos(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("paper", title="gptq acurate post-trainig quantisation"))
    embed = body["data"]["embeds"][0]
    assert embed["title"].startswith("GPTQ")
    assert embed["url"].startswith("https://arxiv.org/search/?query=GPTQ")
    names = [f["name"] for f in embed["fields"]]
    assert names[:3] == ["Year", "Subjects", "Authors"] and "Related papers" in names


async def test_unknown_paper_gets_ephemeral_suggestions(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("paper", title="zzqx unrelated words"))
    assert body["data"]["flags"] & EPHEMERAL
    assert "No paper title matches" in body["data"]["content"]


async def test_author_command_summarizes(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, command("author", name="hoefler"))
    embed = body["data"]["embeds"][0]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert embed["title"] == "Torsten Hoefler"
    assert fields["Papers"] == "18" and fields["Years"] == "2022: 13 · 2023: 5"
    assert "page 10 of a listing of at least 181 records" in embed["description"]
    assert "[cs.DC](https://arxiv.org/list/cs.DC/recent)" in fields["Subjects"]


async def test_autocomplete_returns_at_most_25_titles(bot, fake: FakeDiscord) -> None:
    data = {
        "id": "1",
        "name": "paper",
        "type": 1,
        "options": [{"name": "title", "type": 3, "value": "", "focused": True}],
    }
    body = await interact(fake, 4, data)
    choices = body["data"]["choices"]
    assert body["type"] == 8 and 0 < len(choices) <= 25
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    data["options"][0]["value"] = "fpga"
    body = await interact(fake, 4, data)
    assert all("FPGA" in c["name"] for c in body["data"]["choices"][:2])


async def test_buttons_show_abstract_more_results_and_store_feedback(
    bot, fake: FakeDiscord, tmp_path: Path
) -> None:
    answer = await interact(fake, 2, command("ask", question="papers about graphs"))
    ids = custom_ids(answer["data"])
    message = bot_message(fake, answer["data"])

    def click(custom_id: str) -> dict[str, Any]:
        return {"custom_id": custom_id, "component_type": 2}

    abstract = next(i for i in ids if i.startswith("pc:abs:"))
    body = await interact(fake, 3, click(abstract), message=message)
    assert body["data"]["flags"] & EPHEMERAL and len(body["data"]["embeds"][0]["description"]) > 200

    more = next(i for i in ids if i.startswith("pc:more:"))
    body = await interact(fake, 3, click(more), message=message)
    assert body["data"]["flags"] & EPHEMERAL and body["data"]["embeds"][0]["description"]
    page = body["data"]["embeds"][0]["description"]
    assert "**4. [" in page  # the next page starts at 4
    papers = [block for block in page.split("\n\n") if block.startswith("**")]
    assert len(papers) == 3 and all(
        re.search(r"\n> \S", block) for block in papers
    )  # each one quoted

    like = next(i for i in ids if i.startswith("pc:like:"))
    body = await interact(fake, 3, click(like), message=message)
    assert body["data"]["embeds"][0]["description"].count("• [") == 3

    up = next(i for i in ids if i.endswith(":up"))
    body = await interact(fake, 3, click(up), message=message)
    assert "Thanks" in body["data"]["content"]
    rows = await bot.storage.db.fetch("SELECT vote, question, paper_ids FROM feedback")
    assert rows and rows[0][0] == "up" and rows[0][1] == "papers about graphs"
    assert rows[0][2].startswith('["p')


async def test_buttons_keep_working_after_a_restart(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    async with running_bot(fake, engine, tmp_path, storage_url):
        answer = await interact(fake, 2, command("ask", question="stencil computations"))
    feedback = next(i for i in custom_ids(answer["data"]) if i.endswith(":down"))
    fake.ready.clear()
    async with running_bot(fake, engine, tmp_path, storage_url):  # a new process, same data folder
        body = await interact(
            fake, 3, {"custom_id": feedback, "component_type": 2},
            message=bot_message(fake, answer["data"]),
        )  # fmt: skip
    assert "Thanks" in body["data"]["content"]


async def test_admin_commands_need_manage_server(bot, fake: FakeDiscord) -> None:
    stats = subcommand("papercord", "stats")
    denied = await interact(fake, 2, stats)
    assert denied["data"]["flags"] & EPHEMERAL and "Manage Server" in denied["data"]["content"]
    allowed = await interact(fake, 2, stats, permissions=MANAGE_GUILD)
    fields = {f["name"]: f["value"] for f in allowed["data"]["embeds"][0]["fields"]}
    assert fields["Papers"] == "36" and "Uptime" in fields


async def test_config_is_stored_per_server(
    fake: FakeDiscord, engine: Engine, tmp_path: Path, storage_url: str
) -> None:
    config = subcommand("papercord", "config", thread_mode=True)
    async with running_bot(fake, engine, tmp_path, storage_url):
        body = await interact(fake, 2, config, permissions=MANAGE_GUILD)
    fields = {f["name"]: f["value"] for f in body["data"]["embeds"][0]["fields"]}
    assert fields["Thread mode"] == "True"
    async with running_bot(fake, engine, tmp_path, storage_url) as again:  # kept: a restart
        assert (await again.server_settings(GUILD_ID)).thread_mode
        rows = await again.storage.db.fetch("SELECT thread_mode FROM guild_config")
    assert [tuple(r) for r in rows] == [(1,)]


async def test_command_registration_payload(bot, fake: FakeDiscord) -> None:
    await bot.tree.sync()
    (call,) = await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    commands = {c["name"]: c for c in call.body}
    assert set(commands) == {"ask", "paper", "author", "cite", "help", "papercord", "Ask papercord"}
    assert all(c["description"] for c in commands.values() if c["type"] == 1)
    question = next(o for o in commands["ask"]["options"] if o["name"] == "question")
    assert question["required"] and question["max_length"] == 1000 and question["description"]
    title = commands["paper"]["options"][0]
    assert title["autocomplete"] is True
    admin = commands["papercord"]
    assert str(admin["default_member_permissions"]) == MANAGE_GUILD
    assert {o["name"] for o in admin["options"]} == {
        "stats", "reindex", "add", "config", "subscribe", "subscriptions"
    }  # fmt: skip


async def test_reindex_runs_while_the_bot_keeps_answering(bot, fake: FakeDiscord) -> None:
    body = await interact(fake, 2, subcommand("papercord", "reindex"), permissions=MANAGE_GUILD)
    assert body["type"] == 5  # deferred: a reindex can take longer than 3 s
    (followup,) = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.startswith("/webhooks/")
    )
    assert followup.body["content"].startswith("Reindexed 36 papers (nothing changed")
    assert not bot.reindexing


async def test_author_command_attaches_the_chart(bot, fake: FakeDiscord) -> None:
    payload = fake.interaction(2, command("author", name="hoefler"))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    (name, png), *others = call.files.values()
    embed = call.body["data"]["embeds"][0]
    assert not others and name == "papers-per-year.png"
    assert embed["image"]["url"] == "attachment://papers-per-year.png"
    assert [a["filename"] for a in call.body["data"]["attachments"]] == [name]
    assert png.startswith(b"\x89PNG") and call.response["resource"]["message"]["attachments"]


async def test_fake_discord_refuses_a_file_over_the_attachment_limit(fake: FakeDiscord) -> None:
    import aiohttp

    from tests.bot import discord_limits

    form = aiohttp.FormData()
    form.add_field("payload_json", '{"attachments": [{"id": 0, "filename": "big.png"}]}')
    big = b"\0" * (discord_limits.ATTACHMENT_BYTES + 1)
    form.add_field("files[0]", big, filename="big.png", content_type="image/png")
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{fake.base}/api/v10/channels/{CHANNEL_ID}/messages", data=form) as response,
    ):
        assert response.status == 413 and (await response.json())["code"] == 40005
