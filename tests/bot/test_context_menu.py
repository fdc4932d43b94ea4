"""Right-click → Apps → "Ask papercord": an ephemeral answer with a Share button."""

from __future__ import annotations

from typing import Any

from tests.bot.discord_helpers import (
    click,
    custom_ids,
    interact,
    message_command,
    pings_nobody,
)
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, USER_ID, FakeDiscord, user

EPHEMERAL = 64
MENU = "Ask papercord"


def shown_message(fake: FakeDiscord, data: dict[str, Any], flags: int = 0) -> dict[str, Any]:
    """Return the bot's message as a later click carries it."""
    return fake.message_payload(
        "", channel_id=CHANNEL_ID, author=user(BOT_ID, "papercord", bot=True),
        embeds=data.get("embeds", []), components=data.get("components", []), flags=flags,
    )  # fmt: skip


def someones_message(fake: FakeDiscord, content: str) -> dict[str, Any]:
    return fake.message_payload(content, channel_id=CHANNEL_ID, author=user(USER_ID + 7, "bob"))


async def test_ask_papercord_answers_the_message_only_to_the_asker(bot, fake: FakeDiscord) -> None:
    target = someones_message(fake, "anyone know which papers quantize LLMs to 4 bits?")
    body = await interact(fake, 2, message_command(MENU, target))
    data = body["data"]
    assert body["type"] == 4 and data["flags"] & EPHEMERAL
    assert "GPTQ" in data["embeds"][0]["description"]
    ids = custom_ids(data)
    assert any(i.startswith("pc:share:") for i in ids) and any(i.endswith(":up") for i in ids)
    question_id = int(next(i for i in ids if i.startswith("pc:share:")).split(":")[2])
    stored = await bot.storage.question(question_id)
    assert stored is not None and stored.question.startswith("anyone know which papers")


async def test_share_posts_the_same_answer_publicly(bot, fake: FakeDiscord) -> None:
    target = someones_message(fake, "stencil computations on FPGAs")
    private = (await interact(fake, 2, message_command(MENU, target)))["data"]
    share = next(i for i in custom_ids(private) if i.startswith("pc:share:"))
    body = await interact(
        fake, 3, click(share), message=shown_message(fake, private, flags=EPHEMERAL)
    )
    public = body["data"]
    assert body["type"] == 4 and not public.get("flags", 0) & EPHEMERAL
    assert public["embeds"][0]["description"] == private["embeds"][0]["description"]
    assert f"<@{USER_ID}> shared" in public["content"] and pings_nobody(public)
    kept = custom_ids(public)
    assert not any(i.startswith("pc:share:") for i in kept)
    assert set(kept) == {i for i in custom_ids(private) if not i.startswith("pc:share:")}


async def test_a_message_without_text_gets_a_hint(bot, fake: FakeDiscord) -> None:
    target = someones_message(fake, "")
    target["attachments"] = [
        {"id": "5", "filename": "plot.png", "size": 10, "url": "https://x/p.png",
         "proxy_url": "https://x/p.png"}
    ]  # fmt: skip
    body = await interact(fake, 2, message_command(MENU, target))
    assert body["data"]["flags"] & EPHEMERAL and "no text" in body["data"]["content"]


async def test_a_long_message_is_cut_to_a_question_not_refused(bot, fake: FakeDiscord) -> None:
    long = "which papers quantize LLMs to 4 bits? " + "I have read a lot about this. " * 100
    body = await interact(fake, 2, message_command(MENU, someones_message(fake, long)))
    assert body["data"]["flags"] & EPHEMERAL and "GPTQ" in body["data"]["embeds"][0]["description"]


async def test_the_bots_own_answer_can_be_asked_about(bot, fake: FakeDiscord) -> None:
    earlier = shown_message(fake, {"embeds": [{"title": "“graph neural networks”",
                                               "description": "papers on GNN accelerators"}]})  # fmt: skip
    body = await interact(fake, 2, message_command(MENU, earlier))
    assert body["data"]["flags"] & EPHEMERAL and body["data"]["embeds"][0]["description"]


async def test_menu_is_registered_as_a_message_command(bot, fake: FakeDiscord) -> None:
    await bot.tree.sync()
    (call,) = await fake.wait_for(lambda c: c.method == "PUT" and c.path.endswith("/commands"))
    (menu,) = [c for c in call.body if c["name"] == MENU]
    assert menu["type"] == 3 and not menu.get("description")
    assert not fake.rejected  # the fake checks names, descriptions and contexts as Discord does
