"""/paper reads the title words and the papers' rough norms kept with the generation."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retrieval.answers import lookup as lookup_module
from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index import cache as index_cache
from retrieval.index.chunk_rows import ChunkRows
from retrieval.index.titles import TITLE_WORDS_FILE, TitleWords
from tests.conftest import CORPUS, FakeEmbedder

TITLES = ["Graph Mining at Scale", "Sparse Graph Kernels", "Quantum Circuits: A Survey"]


def test_kept_title_words_find_the_titles_the_built_ones_find(tmp_path: Path) -> None:
    built = TitleWords.of(TITLES)
    built.save(tmp_path)
    kept = TitleWords.load(tmp_path, len(TITLES))
    assert kept is not None and kept.vocabulary == built.vocabulary
    for typed in (["graph"], ["grph", "kernls"], ["quantum", "surv"], ["nothing"]):
        assert kept.rows(typed).tolist() == built.rows(typed).tolist()
        assert kept.near_rows(typed, 1).tolist() == built.near_rows(typed, 1).tolist()


def test_title_words_torn_or_kept_for_other_titles_are_not_read(tmp_path: Path) -> None:
    TitleWords.of(TITLES).save(tmp_path)
    assert TitleWords.load(tmp_path, len(TITLES) + 1) is None  # another generation's count
    (tmp_path / TITLE_WORDS_FILE).write_bytes(b"PK\x03\x04 cut short")
    assert TitleWords.load(tmp_path, len(TITLES)) is None
    assert TitleWords.load(tmp_path / "gone", len(TITLES)) is None


def test_a_restart_looks_up_papers_without_building_what_the_ingest_kept(
    fake_embedder: FakeEmbedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # At 100k papers the first /paper of a process built both: 2.0-2.5 s.
    monkeypatch.setattr(index_cache, "ROUGH_FROM", 0)  # the ingest keeps the rough norms
    monkeypatch.setattr(lookup_module, "ROUGH_FROM", 0)  # and related papers read them
    chroma = ChromaSettings(path=tmp_path / "index")
    first = Engine(RetrievalSettings(), chroma, fake_embedder)
    first.ingest([CORPUS])
    index = first.lookup.index
    folder = tmp_path / "index-cache" / index.generation
    assert (folder / TITLE_WORDS_FILE).is_file() and (folder / "rough_norms.npy").is_file()
    table = ChunkRows(index.chunk_rows.paper_of, len(index.paper_ids), index.chunk_vectors)
    expected = table.rough_norms(index.compact)
    detail = first.paper("hop-wise graph attention")

    def refuse(*args: object) -> object:
        raise AssertionError("built again at the first /paper")

    monkeypatch.setattr(TitleWords, "of", refuse)
    monkeypatch.setattr(ChunkRows, "_norms", refuse)
    restarted = Engine(RetrievalSettings(), chroma, fake_embedder)
    assert restarted.paper("hop-wise graph attention") == detail
    kept = restarted.lookup.index.chunk_rows.rough_norms(restarted.lookup.index.compact)
    assert np.array_equal(kept, expected)
