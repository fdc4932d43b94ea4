"""The grounded summary in Discord: shown above the cards, or left out in time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import answering
from retrieval.config import ChromaSettings, LlmSettings, RetrievalSettings
from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import callback_for, command
from tests.bot.fake_discord import FakeDiscord
from tests.conftest import FakeEmbedder
from tests.fake_llm import FakeLlm, fake_llm

QUESTION = "which papers quantize language model weights to a few bits?"


@pytest.fixture
def llm() -> Iterator[FakeLlm]:
    with fake_llm() as server:
        yield server


def summarizing(
    fake_engine: Engine, embedder: FakeEmbedder, llm: FakeLlm, timeout: float = 2.5
) -> Engine:
    settings = LlmSettings(base_url=llm.url, model="fake", timeout=timeout)
    chroma = ChromaSettings(path=fake_engine.chroma.path)
    return Engine(RetrievalSettings(), chroma, embedder, llm=settings)


async def ask(fake: FakeDiscord) -> tuple[int, dict[str, object]]:
    """Run /ask; return the first response's type and the message finally shown."""
    payload = fake.interaction(2, command("ask", question=QUESTION))
    await fake.dispatch("INTERACTION_CREATE", payload)
    (first,) = await fake.wait_for(callback_for(payload))
    if first.body["type"] == 4:
        return 4, first.body["data"]
    (followup,) = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.startswith("/webhooks/")
    )
    return first.body["type"], followup.body


async def test_a_checked_summary_is_shown_above_the_cards(
    fake: FakeDiscord, fake_engine: Engine, fake_embedder: FakeEmbedder, llm: FakeLlm,
    tmp_path: Path, storage_url: str,
) -> None:  # fmt: skip
    engine = summarizing(fake_engine, fake_embedder, llm)
    async with running_bot(fake, engine, tmp_path, storage_url):
        _, message = await ask(fake)
    description = message["embeds"][0]["description"]  # type: ignore[index]
    mark = description.index("Generated summary")
    assert mark < description.index("**1. ") and "addresses it too \\[2\\]." in description
    assert not fake.rejected
    engine.close()


async def test_a_slow_model_is_left_out_within_discords_window(
    fake: FakeDiscord, fake_engine: Engine, fake_embedder: FakeEmbedder, llm: FakeLlm,
    tmp_path: Path, storage_url: str, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    # The bot's times, scaled down by 10 so the test waits 0.4 s, not 4: it defers after
    # 0.15 s (1.5 s), gives the model 0.25 s (2.5 s), and the model answers at 0.4 s.
    monkeypatch.setattr(answering, "DEFER_AFTER", 0.15)
    llm.mode, llm.delay = "slow", 0.4
    engine = summarizing(fake_engine, fake_embedder, llm, timeout=0.25)
    async with running_bot(fake, engine, tmp_path, storage_url):
        kind, message = await ask(fake)
    assert kind == 5  # deferred in time, so Discord keeps the interaction
    description = message["embeds"][0]["description"]  # type: ignore[index]
    assert "Generated summary" not in description and "**1. " in description
    assert not fake.rejected  # no response after the window, none twice
    engine.close()
