"""``/papercord add`` through the real discord.py client, the fake Discord and a fake arXiv."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.ingest.adding import ADDED_FILE
from tests.bot.conftest import running_bot
from tests.bot.discord_helpers import callback_for, subcommand
from tests.bot.fake_discord import FakeDiscord
from tests.conftest import FakeEmbedder
from tests.fake_arxiv import FakeArxiv, fake_arxiv

MANAGE_GUILD = str(1 << 5)
EPHEMERAL = 64


@pytest.fixture
def arxiv(indexed_copy: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[FakeArxiv, Path]]:
    """The fake arXiv API, and a copy of the pages indexed in ``indexed_copy / "index"``."""
    corpus = indexed_copy / "corpus"
    with fake_arxiv() as fake:
        monkeypatch.setenv("PAPERCORD_PATHS__CORPUS", str(corpus))
        monkeypatch.setenv("PAPERCORD_ARXIV__API_BASE", fake.url)
        monkeypatch.setenv("PAPERCORD_ARXIV__MIN_INTERVAL", "0")
        yield fake, corpus


async def add(fake: FakeDiscord, ids: str) -> dict[str, Any]:
    """Run /papercord add as a member with Manage Server; return the follow-up."""
    payload = fake.interaction(2, subcommand("papercord", "add", ids=ids), permissions=MANAGE_GUILD)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (deferred,) = await fake.wait_for(callback_for(payload))
    assert deferred.body["type"] == 5  # fetching and indexing can take longer than 3 s
    (followup,) = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.startswith("/webhooks/")
    )
    fake.calls.clear()
    body: dict[str, Any] = followup.body
    return body


async def test_admin_add_fetches_and_indexes(
    fake: FakeDiscord,
    fake_embedder: FakeEmbedder,
    tmp_path: Path,
    arxiv: tuple[FakeArxiv, Path],
    storage_url: str,
) -> None:
    api, corpus = arxiv
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    before = engine.stats().papers
    async with running_bot(fake, engine, tmp_path / "state", storage_url):
        added = await add(fake, "2305.14314, https://arxiv.org/abs/2210.17323")
        unknown = await add(fake, "2401.99999")
    assert added["flags"] & EPHEMERAL
    assert added["content"].splitlines() == [
        "Added 2305.14314: QLoRA: Efficient Finetuning of Quantized LLMs",
        "Added 2210.17323: GPTQ: Accurate Post-Training Quantization for Generative "
        "Pre-trained Transformers",
        f"The index now holds {before + 1} papers.",
    ]
    assert unknown["content"] == "arXiv has no paper 2401.99999; nothing was changed"
    assert [r.ids for r in api.requests] == [("2305.14314", "2210.17323"), ("2401.99999",)]
    assert (corpus / ADDED_FILE).read_text(encoding="utf-8").count("\n") == 2
    assert engine.stats().papers == before + 1


LIBRARY = Path(__file__).parents[1] / "data" / "bibtex" / "library.bib"


async def add_file(fake: FakeDiscord, name: str, data: bytes) -> dict[str, Any]:
    """Run /papercord add with an attached file; return the follow-up (or the refusal)."""
    attachment = fake.attached(name, data, "text/x-bibtex")
    inner = {"name": "add", "type": 1, "options": [
        {"name": "library", "type": 11, "value": attachment["id"]}]}  # fmt: skip
    data_ = {"id": "1", "name": "papercord", "type": 1, "options": [inner],
             "resolved": {"attachments": {attachment["id"]: attachment}}}  # fmt: skip
    payload = fake.interaction(2, data_, permissions=MANAGE_GUILD)
    await fake.dispatch("INTERACTION_CREATE", payload)
    (answer,) = await fake.wait_for(callback_for(payload))
    if answer.body["type"] == 4:  # refused at once
        fake.calls.clear()
        return dict(answer.body["data"])
    (followup,) = await fake.wait_for(
        lambda c: c.method == "POST" and c.path.startswith("/webhooks/")
    )
    fake.calls.clear()
    return dict(followup.body)


async def test_admin_attaches_a_bib_library(
    fake: FakeDiscord,
    fake_embedder: FakeEmbedder,
    tmp_path: Path,
    arxiv: tuple[FakeArxiv, Path],
    storage_url: str,
) -> None:
    api, corpus = arxiv
    engine = Engine(RetrievalSettings(), ChromaSettings(path=tmp_path / "index"), fake_embedder)
    before = engine.stats().papers
    async with running_bot(fake, engine, tmp_path / "state", storage_url):
        added = await add_file(fake, "my refs!.bib", LIBRARY.read_bytes())
        wrong = await add_file(fake, "refs.txt", b"not bibtex")
    lines = added["content"].splitlines()
    assert lines[0] == f"Added my_refs.bib. The index now holds {before + 4} papers."
    assert len(lines) == 4  # one line per skipped entry, one for the missing abstracts
    assert ".bib:68: skipped: not valid BibTeX (Unexpected block start" in lines[1]
    assert ".bib:72: skipped" in lines[2] and lines[2].endswith("noyear: no year")
    assert lines[3].endswith(".bib: 3 entries have no abstract; indexed by title")
    added_folder = tmp_path / "state" / "corpus"  # with the files `ingest --add` keeps
    assert (added_folder / "my_refs.bib").read_bytes() == LIBRARY.read_bytes()
    assert not (corpus / "my_refs.bib").exists()
    assert engine.paper("coherent caches disaggregated").paper.url.startswith("https://doi.org/")
    assert wrong["content"] == "refs.txt is not a BibTeX file: attach a .bib export."
    assert wrong["flags"] & EPHEMERAL and not api.requests
