"""The bot answers from an index folder it never writes (a read-only volume, a shared index)."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from retrieval.config import ChromaSettings
from retrieval.engine import Engine
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import callback_for, command, mention, posted_to
from tests.bot.fake_discord import BOT_ID, CHANNEL_ID, FakeDiscord

State = dict[str, tuple[int, str, int]]


def state_of(folder: Path) -> State:
    """Return every file under a folder with its size, content hash and modification time."""
    return {
        str(p.relative_to(folder)): (
            p.stat().st_size,
            hashlib.sha256(p.read_bytes()).hexdigest(),
            p.stat().st_mtime_ns,
        )
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def set_writable(folder: Path, writable: bool) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = path.stat().st_mode
        bits = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH
        path.chmod(mode | stat.S_IWUSR if writable else mode & ~bits)


@pytest.fixture
def index_copy(engine: Engine, tmp_path: Path) -> Iterator[Path]:
    """A copy of the session's built index, made read-only for the test."""
    folder = tmp_path / "index"
    shutil.copytree(engine.chroma.path, folder)
    set_writable(folder, False)  # refuses writes to anyone but root
    yield folder
    set_writable(folder, True)


def open_engine(engine: Engine, folder: Path, *, read_only: bool) -> Engine:
    served = Engine(
        engine.settings, ChromaSettings(path=folder), engine.embedder, read_only=read_only
    )
    served.reload()
    return served


async def test_answering_questions_leaves_the_index_folder_untouched(
    fake: FakeDiscord, engine: Engine, index_copy: Path, tmp_path: Path, storage_url: str
) -> None:
    before = state_of(index_copy)
    served = open_engine(engine, index_copy, read_only=True)
    async with running_bot(fake, served, tmp_path / "state", storage_url):
        await fake.dispatch(
            "MESSAGE_CREATE", fake.message(mention("stencil computations"), mentions=[BOT_ID])
        )
        (reply,) = await fake.wait_for(posted_to(CHANNEL_ID))
        payload = fake.interaction(2, command("ask", question="ternary GPT weights"))
        await fake.dispatch("INTERACTION_CREATE", payload)
        (call,) = await fake.wait_for(callback_for(payload))
    assert "Performance Embeddings" in reply.body["embeds"][0]["description"]
    assert "GPTQ" in call.body["data"]["embeds"][0]["description"]
    assert served.paper("gptq").paper.title.startswith("GPTQ")
    assert state_of(index_copy) == before  # not one byte, not one timestamp


def test_chroma_opened_in_place_rewrites_the_index_which_is_why_the_bot_serves_a_copy(
    engine: Engine, index_copy: Path
) -> None:
    if os.geteuid() != 0:
        pytest.skip("Chroma opened in place needs a writable folder; only root writes here")
    before = state_of(index_copy)
    open_engine(engine, index_copy, read_only=False).ask("stencil computations")
    changed = {name for name, entry in state_of(index_copy).items() if before.get(name) != entry}
    assert "chroma.sqlite3" in changed and any(name.endswith(".bin") for name in changed)


def test_a_reindex_writes_the_real_folder_and_serves_a_fresh_copy(
    engine: Engine, tmp_path: Path, corpus_files: Path
) -> None:
    folder = tmp_path / "index"
    shutil.copytree(engine.chroma.path, folder)
    served = open_engine(engine, folder, read_only=True)
    assert served._snapshot is not None
    first_copy = served._snapshot.path
    before = state_of(folder)
    report = served.ingest([corpus_files])  # /papercord reindex: an explicit write
    assert state_of(folder) != before and served.stats().generation == report.generation
    assert served._snapshot.path != first_copy and not first_copy.exists()
    assert served.stats().papers == report.papers


def test_a_relative_index_path_is_served_too(
    engine: Engine, index_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(index_copy.parent)  # the library may be given "index", not /…/index
    served = open_engine(engine, Path(index_copy.name), read_only=True)
    assert served.ask("GPTQ").results[0].paper.title.startswith("GPTQ")
