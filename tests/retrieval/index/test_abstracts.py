"""Abstracts kept in a file: a paper read back is the paper written, whatever its text."""

from __future__ import annotations

import pickle
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retrieval.index.abstracts import Abstracts, KeptPaper, kept_paper
from retrieval.models import Paper, Source


def _paper(pid: str, abstract: str) -> Paper:
    return Paper(
        pid,
        f"Title {pid}",
        abstract,
        2023,
        ("cs.DC",),
        ("Ada Lovelace",),
        (Source("pages/a.html", 3, "Ada Lovelace", 1),),
        "2301.00001",
        "",
    )


def _kept(folder: Path, papers: list[Paper]) -> list[KeptPaper]:
    Abstracts.write(folder, (p.abstract for p in papers))
    abstracts = Abstracts(folder, len(papers))
    return [
        kept_paper(
            abstracts,
            row,
            **{k: v for k, v in asdict(p).items() if k != "abstract"} | {"sources": p.sources},
        )
        for row, p in enumerate(papers)
    ]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=40)
@given(st.lists(st.text(max_size=60), min_size=1, max_size=6))
def test_a_kept_paper_reads_back_its_abstract_and_equals_the_paper(
    tmp_path: Path, texts: list[str]
) -> None:
    papers = [_paper(f"p{n}", text) for n, text in enumerate(texts)]
    kept = _kept(tmp_path, papers)
    for paper, back in zip(papers, kept, strict=True):
        assert back.abstract == paper.abstract  # accents, CJK, emoji: UTF-8, not bytes
        assert back == paper and paper == back and hash(back) == hash(paper)
        assert asdict(back) == asdict(paper) and repr(back) == repr(paper)
        assert pickle.loads(pickle.dumps(back)) == paper
        assert replace(back, year=2020) == replace(paper, year=2020)
    assert {*papers} == {*kept}


def test_an_empty_list_and_empty_abstracts_are_kept(tmp_path: Path) -> None:
    assert _kept(tmp_path, []) == []
    assert _kept(tmp_path, [_paper("p0", "")])[0].abstract == ""


def test_torn_files_are_refused(tmp_path: Path) -> None:
    _kept(tmp_path, [_paper("p0", "Sparse attention on FPGAs."), _paper("p1", "Stencils.")])
    with pytest.raises(ValueError):
        Abstracts(tmp_path, 3)  # another count
    with (tmp_path / "abstracts.txt").open("r+b") as handle:
        handle.truncate(5)
    with pytest.raises(ValueError):
        Abstracts(tmp_path, 2)


@pytest.mark.parametrize(
    "offsets",
    [[0.0, 26.0, 35.0], [0, 30, 26, 35], [1, 26, 35], [0, 27, 26]],  # float; out of order
)
def test_offsets_that_cannot_be_the_files_are_refused(tmp_path: Path, offsets: list[float]) -> None:
    _kept(tmp_path, [_paper("p0", "Sparse attention on FPGAs."), _paper("p1", "Stencils.")])
    np.save(tmp_path / "abstracts.npy", np.asarray(offsets))
    with pytest.raises(ValueError):
        Abstracts(tmp_path, len(offsets) - 1)
