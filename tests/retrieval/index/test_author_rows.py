"""/author reads each author's papers and themes kept with the generation."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.answers import authors as author_answers
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index.author_rows import AUTHORS_FILE, THEMES_FILE, AuthorRows, Themes
from tests.conftest import CORPUS, FakeEmbedder


def test_each_author_has_the_papers_that_name_them(fake_engine: Engine) -> None:
    index = fake_engine.lookup.index
    papers = list(index.papers.values())
    assert index.authors.authors == sorted({a for p in papers for a in p.authors})
    for author in index.authors.authors:
        expected = [n for n, p in enumerate(papers) if author in p.authors]
        assert index.authors.rows(author).tolist() == expected, author
    assert index.authors.rows("Nobody Listed").tolist() == []


def test_a_restart_serves_the_themes_and_papers_found_before_without_finding_them(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    first = Engine(RetrievalSettings(), chroma, fake_embedder)
    first.ingest([CORPUS])
    summary = first.author("Hoefler")
    assert summary.themes
    folder = tmp_path / "index-cache" / first.lookup.index.generation
    assert (folder / THEMES_FILE).is_file() and (folder / AUTHORS_FILE).is_file()

    def refuse(*args: object) -> tuple[str, ...]:
        raise AssertionError("the themes or representative papers were found again")

    monkeypatch.setattr(author_answers, "themes", refuse)
    monkeypatch.setattr(author_answers, "representative", refuse)
    restarted = Engine(RetrievalSettings(), chroma, fake_embedder)
    assert restarted.author("Torsten Hoefler") == summary


def test_themes_kept_by_other_code_or_torn_are_found_again(tmp_path: Path) -> None:
    kept = Themes(tmp_path)
    kept.put("Ada Quill", "old", ("graph mining",))
    with (tmp_path / THEMES_FILE).open("a", encoding="utf-8") as file:
        file.write('{"key": "new", "author": "Ada Qu')  # a write cut short by a crash
    read = Themes(tmp_path)
    assert read.get("Ada Quill", "old") == ("graph mining",)
    assert read.get("Ada Quill", "new") is None


def test_a_cache_kept_before_author_rows_gets_them(
    fake_embedder: FakeEmbedder, tmp_path: Path
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    first = Engine(RetrievalSettings(), chroma, fake_embedder)
    first.ingest([CORPUS])
    folder = tmp_path / "index-cache" / first.lookup.index.generation
    (folder / AUTHORS_FILE).unlink()
    restarted = Engine(RetrievalSettings(), chroma, fake_embedder)
    assert restarted.author("Hoefler").count == first.author("Hoefler").count
    papers = restarted.lookup.index.papers
    kept = AuthorRows.load(folder, len(papers))
    assert kept is not None and kept.authors == restarted.lookup.authors


def test_author_rows_torn_are_grouped_again_not_read(tmp_path: Path) -> None:
    # np.load raised zipfile.BadZipFile on an archive cut short, and the start failed.
    (tmp_path / AUTHORS_FILE).write_bytes(b"PK\x03\x04 cut short")
    assert AuthorRows.load(tmp_path, 3) is None
