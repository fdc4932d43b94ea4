"""Shared fixtures: the prepared model, an engine over the bundled corpus, a fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.client import Papercord
from bot.settings import Settings
from bot.storage import Storage
from retrieval.config import ROOT, ChromaSettings, RetrievalSettings
from retrieval.embedding import Embedder
from retrieval.engine import Engine
from tests.fake_discord import QA_CHANNEL_ID, FakeDiscord

MODEL_DIR = ROOT / "var" / "model" / "all-MiniLM-L6-v2"
CORPUS = ROOT / "data" / "pages"
TEST_DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def model_dir() -> Path:
    """The prepared embedding model; `make test` prepares it before the tests run."""
    if not (MODEL_DIR / "manifest.json").exists():
        pytest.fail(
            "the embedding model is not prepared: run `make test` (or `papercord prepare-model`)"
        )
    return MODEL_DIR


@pytest.fixture(scope="session")
def embedder(model_dir: Path) -> Embedder:
    """One embedder for the whole session, as one bot process would have."""
    return Embedder(model_dir)


@pytest.fixture(scope="session")
def engine(embedder: Embedder, tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """An engine over the bundled 36-paper corpus, indexed once per session."""
    index = tmp_path_factory.mktemp("index")
    engine = Engine(RetrievalSettings(), ChromaSettings(path=index), embedder)
    engine.ingest([CORPUS])
    return engine


def bot_settings(api_base: str, state: Path, **discord: Any) -> Settings:
    """Return settings pointing the bot at the fake Discord."""
    options = {
        "api_base": api_base,
        "qa_channels": [QA_CHANNEL_ID],
        "cooldown_questions": 100,
        "cooldown_seconds": 1,
        **discord,
    }
    return Settings(
        discord_token="fake-token",  # type: ignore[arg-type]
        paths={"state": state},  # type: ignore[arg-type]
        discord=options,  # type: ignore[arg-type]
    )


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A fake Discord server on 127.0.0.1."""
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord, engine: Engine, state: Path, **discord: Any
) -> AsyncIterator[Papercord]:
    """Run the real discord.py client against the fake until the block ends."""
    api = f"{fake.base}/api/v10"
    settings = bot_settings(api, state, **discord)
    storage = Storage(state / "papercord.sqlite3")
    executor = ThreadPoolExecutor(settings.discord.workers)
    bot = Papercord(settings, engine, storage, executor)
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        async with asyncio.timeout(30):
            while not bot.is_ready():
                if task.done():
                    task.result()  # raise the start-up error
                await asyncio.sleep(0.02)
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, 5)
        executor.shutdown(wait=True)
        storage.close()


@pytest_asyncio.fixture
async def bot(fake: FakeDiscord, engine: Engine, tmp_path: Path) -> AsyncIterator[Papercord]:
    """The bot, connected to the fake Discord with default test settings."""
    async with running_bot(fake, engine, tmp_path) as running:
        yield running


@pytest.fixture
def corpus_files(tmp_path: Path) -> Iterator[Path]:
    """A writable copy of the tiny test corpus."""
    target = tmp_path / "corpus"
    target.mkdir()
    for path in TEST_DATA.glob("*.txt"):
        (target / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    yield target
