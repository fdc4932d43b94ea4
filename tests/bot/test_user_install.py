"""A user who adds papercord to their account uses /paper, /author and /ask in DMs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.discord_helpers import callback_for, click, command, custom_ids
from tests.bot.fake_discord import BOT_ID, DM_ID, FakeDiscord, user

EPHEMERAL = 64
SERVER_AND_USER_INSTALL = [0, 1]
EVERYWHERE = [0, 1, 2]  # servers, the DM with the bot, other DMs and group DMs


async def dm_interact(fake: FakeDiscord, kind: int, data: dict[str, Any], **extra: Any) -> Any:
    payload = fake.user_install_interaction(kind, data, **extra)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (call,) = await fake.wait_for(callback_for(payload))
    return call.body


async def test_registration_declares_user_install_and_dm_contexts(bot, fake: FakeDiscord) -> None:
    await bot.tree.sync()
    (call,) = await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    assert not fake.rejected
    commands = {c["name"]: c for c in call.body}
    for name in ("ask", "paper", "author", "cite", "help", "Ask papercord"):
        assert commands[name]["integration_types"] == SERVER_AND_USER_INSTALL, name
        assert commands[name]["contexts"] == EVERYWHERE, name
    admin = commands["papercord"]  # changes a server: server installs, in servers only
    assert admin["integration_types"] == [0] and admin["contexts"] == [0]


@pytest.mark.parametrize("context", [1, 2], ids=["dm-with-bot", "dm-between-users"])
async def test_ask_in_a_dm_is_answered_where_the_bot_is_no_member(
    bot, fake: FakeDiscord, context: int
) -> None:
    body = await dm_interact(
        fake, 2, command("ask", question="which papers quantize LLMs to 4 bits?"), context=context
    )
    assert body["type"] == 4 and not body["data"].get("flags", 0) & EPHEMERAL
    assert "GPTQ" in body["data"]["embeds"][0]["description"]
    up = next(i for i in custom_ids(body["data"]) if i.endswith(":up"))
    answer = fake.message_payload(
        "", channel_id=DM_ID, author=user(BOT_ID, "papercord", bot=True),
        embeds=body["data"]["embeds"], components=body["data"]["components"],
    )  # fmt: skip
    thanks = await dm_interact(fake, 3, click(up), context=context, message=answer)
    assert "Thanks" in thanks["data"]["content"]


async def test_paper_and_author_in_a_dm(bot, fake: FakeDiscord) -> None:
    paper = await dm_interact(fake, 2, command("paper", title="gptq post-training quantization"))
    assert paper["data"]["embeds"][0]["title"].startswith("GPTQ")
    author = await dm_interact(fake, 2, command("author", name="hoefler"))
    assert author["data"]["embeds"][0]["title"] == "Torsten Hoefler"


async def test_admin_commands_are_refused_outside_a_server(bot, fake: FakeDiscord) -> None:
    body = await dm_interact(fake, 2, {"id": "1", "name": "papercord", "type": 1,
                                       "options": [{"name": "stats", "type": 1}]})  # fmt: skip
    assert body["data"]["flags"] & EPHEMERAL and "Manage Server" in body["data"]["content"]
