"""``papercord ingest --add``: files go under the state folder, and the run says what it did.

Each test indexes a copy of the bundled pages with the fake embedder, then runs
``main(["ingest", "--add", ...])`` in-process with that engine.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli import subcommands
from cli.main import main
from retrieval.config import ROOT, ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from tests.conftest import TEST_DATA, FakeEmbedder

EXTRA = TEST_DATA / "extra.jsonl"  # two good lines, two refused


@pytest.fixture
def setup(
    indexed_copy: Path, fake_embedder: FakeEmbedder, monkeypatch: pytest.MonkeyPatch
) -> tuple[Engine, Path, Path]:
    """An indexed engine over a copy of the pages; return it, the corpus and the state."""
    corpus, state = indexed_copy / "corpus", indexed_copy / "state"
    index = ChromaSettings(path=indexed_copy / "index")
    engine = Engine(RetrievalSettings(), index, fake_embedder)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("PAPERCORD_PATHS__CORPUS", str(corpus))
    monkeypatch.setenv("PAPERCORD_PATHS__STATE", str(state))
    monkeypatch.setattr(subcommands, "build_engine", lambda settings, **_: engine)
    return engine, corpus, state


def ingest(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["ingest", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_added_files_go_under_the_state_folder_and_the_run_counts_papers(
    setup: tuple[Engine, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    # The files went into data/pages (tracked by git) and no line said what was added.
    engine, corpus, state = setup
    shipped = sorted(p.name for p in corpus.iterdir())
    code, out, err = ingest(capsys, "--add", str(EXTRA))
    assert code == 0, err
    assert "added 2, updated 0, refused 2 (see warnings)" in out
    assert (state / "corpus" / "extra.jsonl").read_bytes() == EXTRA.read_bytes()
    assert sorted(p.name for p in corpus.iterdir()) == shipped  # the shipped folder untouched
    assert err.count("warning: ") == 2 and "extra.jsonl:3" in err
    assert "Difference Engines for Tide Tables" in engine.titles().values()
    # A later plain ingest reads the shipped pages and the added files both.
    code, out, _ = ingest(capsys, "--json")
    assert code == 0 and json.loads(out)["papers"] == 38


def test_a_record_for_a_listed_paper_counts_as_updated(
    setup: tuple[Engine, Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    engine, _, _ = setup
    gptq = next(p for p in engine.lookup.index.papers.values() if p.title.startswith("GPTQ"))
    row = {"title": gptq.title, "abstract": gptq.abstract, "year": gptq.year,
           "subjects": list(gptq.subjects), "authors": ["Elias Frantar", "Torsten Hoefler"]}  # fmt: skip
    more = tmp_path / "gptq.jsonl"
    more.write_text(json.dumps(row) + "\n", encoding="utf-8")
    code, out, err = ingest(capsys, "--add", str(more))
    assert code == 0, err
    assert "added 0, updated 1, refused 0;" in out and "(see warnings)" not in out


def test_a_file_whose_every_record_is_refused_fails_and_copies_nothing(
    setup: tuple[Engine, Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It was copied anyway, and the command exited 0.
    engine, _, state = setup
    before = engine.store.active()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"title": "", "year": 2020}\n', encoding="utf-8")
    code, out, err = ingest(capsys, "--add", str(EXTRA), str(bad))
    assert code == 1 and not out
    assert err.strip().splitlines() == [
        f"papercord: {bad}: no record of it can be indexed (line 1: 'title' must be a "
        "non-empty string); nothing was copied"
    ]
    assert not (state / "corpus").exists() and engine.store.active() == before


@pytest.mark.process
@pytest.mark.model  # the ingest embeds with the prepared model
def test_ingest_prints_no_info_lines_without_verbose(tmp_path: Path) -> None:
    env = {
        "PATH": "/usr/bin:/bin",
        "PAPERCORD_CHROMA__PATH": str(tmp_path / "index"),
        "PAPERCORD_PATHS__STATE": str(tmp_path / "state"),
        "PYTHONPATH": str(ROOT),
    }
    args = [sys.executable, "-m", "cli", "ingest", "--replace", str(TEST_DATA / "extra.jsonl")]
    quiet = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert quiet.returncode == 0, quiet.stderr
    assert " INFO " not in quiet.stderr and "INFO:" not in quiet.stderr
    loud = subprocess.run(
        [*args[:3], "-v", *args[3:]], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )
    assert loud.returncode == 0 and "INFO" in loud.stderr
    # The command exits after the ingest: it does not load the index it wrote.
    assert "written: 2 papers" in loud.stderr and "serving index" not in loud.stderr
