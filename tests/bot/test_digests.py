"""Digests: after a reindex, new papers on a saved topic are posted to its channel, once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import interact, posted_to, subcommand
from tests.bot.fake_discord import CHANNEL_ID, GUILD_ID, QA_CHANNEL_ID, FakeDiscord
from tests.conftest import CORPUS, FakeEmbedder

MANAGE_GUILD = str(1 << 5)
HOEFLER, ZHANG = sorted(CORPUS.glob("*.txt"))  # the two listing pages


def channel_option(command: dict, name: str, channel_id: int) -> dict:
    """Mark a subcommand option as a channel and resolve it, as Discord does."""
    for option in command["options"][0]["options"]:
        if option["name"] == name:
            option.update(type=7, value=str(channel_id))
    command["resolved"] = {"channels": {str(channel_id): {
        "id": str(channel_id), "type": 0, "name": "papers", "permissions": "0",
        "parent_id": None, "guild_id": str(GUILD_ID),
    }}}  # fmt: skip
    return command


@pytest.fixture
def growing(tmp_path: Path, fake_embedder: FakeEmbedder) -> tuple[Engine, Path]:
    """An engine over Hoefler's page only, and the corpus folder to add Zhang's to."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(HOEFLER, corpus)
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    engine.ingest([corpus])
    return engine, corpus


async def reindex(fake: FakeDiscord) -> str:
    body = await interact(fake, 2, subcommand("papercord", "reindex"), permissions=MANAGE_GUILD)
    assert body["type"] == 5
    calls = [c for c in fake.calls if c.method == "POST" and c.path.startswith("/webhooks/")]
    done = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.startswith("/webhooks/"), count=len(calls) + 1
    )
    return done[-1].body["content"]


async def test_new_papers_on_a_topic_are_posted_once(
    fake: FakeDiscord, growing: tuple[Engine, Path], tmp_path: Path, storage_url: str
) -> None:
    engine, corpus = growing
    async with running_bot(fake, engine, tmp_path, storage_url) as bot:
        bot.settings.paths.corpus = corpus
        subscribe = subcommand("papercord", "subscribe", topic="FPGA accelerators", channel="0")
        body = await interact(fake, 2, channel_option(subscribe, "channel", QA_CHANNEL_ID),
                              permissions=MANAGE_GUILD)  # fmt: skip
        assert "Subscription #1" in body["data"]["content"]

        assert "Posted" not in await reindex(fake)  # nothing new: nothing posted
        shutil.copy(ZHANG, corpus)  # Zhang's page brings FPGA papers
        assert "Posted 1 digest(s)." in await reindex(fake)
        (digest,) = await fake.wait_for(posted_to(QA_CHANNEL_ID))
        embed = digest.body["embeds"][0]
        assert embed["title"] == "New papers for “FPGA accelerators”"
        assert "FPGA" in embed["description"] and "GPTQ" not in embed["description"]

        (corpus / ZHANG.name).unlink()  # the papers leave and come back:
        await reindex(fake)
        shutil.copy(ZHANG, corpus)
        assert "Posted" not in await reindex(fake)  # each paper is posted once
        assert len([c for c in fake.calls if posted_to(QA_CHANNEL_ID)(c)]) == 1


async def test_subscriptions_are_listed_and_removed(bot, fake: FakeDiscord) -> None:
    for topic in ("graph neural networks", "stencil computations"):
        command = subcommand("papercord", "subscribe", topic=topic, channel="0")
        await interact(fake, 2, channel_option(command, "channel", CHANNEL_ID),
                       permissions=MANAGE_GUILD)  # fmt: skip
    listed = await interact(fake, 2, subcommand("papercord", "subscriptions"),
                            permissions=MANAGE_GUILD)  # fmt: skip
    lines = listed["data"]["content"].splitlines()
    assert lines == [f"#1 · “graph neural networks” → <#{CHANNEL_ID}>",
                     f"#2 · “stencil computations” → <#{CHANNEL_ID}>"]  # fmt: skip
    removed = await interact(fake, 2, subcommand("papercord", "subscriptions", remove=1),
                             permissions=MANAGE_GUILD)  # fmt: skip
    assert removed["data"]["content"].splitlines() == [
        "Removed #1.",
        f"#2 · “stencil computations” → <#{CHANNEL_ID}>",
    ]
    assert len(await bot.storage.subscriptions()) == 1
