"""Papers' terms as id arrays: the same facts and postings as sets per paper would give."""

from __future__ import annotations

import tempfile
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrieval.index.paper_terms import PaperTerms
from retrieval.models import Paper
from retrieval.search.snippets import coverage
from retrieval.text import question_terms, terms, tokenize

WORDS = st.sampled_from(["graph", "FPGA", "quantized", "sparse", "LLMs", "stencil", "mesh", "x"])
TEXTS = st.lists(st.lists(WORDS, max_size=12).map(" ".join), min_size=1, max_size=8)


def papers_of(texts: list[str]) -> list[Paper]:
    return [
        Paper(f"p{n}", text.split(" ", 1)[0] or "Untitled", text, 2024, (), ())
        for n, text in enumerate(texts)
    ]


@given(TEXTS, st.lists(st.lists(WORDS, min_size=1, max_size=4), min_size=1, max_size=3))
def test_papers_holding_a_stem_of_every_group_match_sets(
    texts: list[str], groups: list[list[str]]
) -> None:
    # a group of three stems or more had raised (numpy's union1d takes two arrays)
    index = PaperTerms.compute(papers_of(texts), lambda _: []).stem_index()
    held = [set(tokenize(f"{p.title}. {p.abstract}")) for p in papers_of(texts)]
    stems = [[s for word in group for s in tokenize(word)] for group in groups]
    expected = [row for row, have in enumerate(held) if all(set(g) & have for g in stems)]
    assert index.holding(stems).tolist() == expected


@given(TEXTS, st.lists(st.one_of(WORDS, st.just("absent")), max_size=4))
def test_rows_and_counts_match_sets(texts: list[str], asked: list[str]) -> None:
    index = PaperTerms.compute(papers_of(texts), lambda _: []).stem_index()
    held = [set(tokenize(f"{p.title}. {p.abstract}")) for p in papers_of(texts)]
    stems = {s for word in asked for s in tokenize(word)} | ({"absent"} & set(asked))
    expected = [row for row, have in enumerate(held) if stems and stems <= have]
    assert index.rows(stems).tolist() == expected
    for stem in [*stems, "absent"]:
        assert index.count(stem) == sum(stem in have for have in held)


@given(TEXTS, st.lists(WORDS, min_size=1, max_size=5))
def test_what_papers_share_with_a_question_matches_their_sets(
    texts: list[str], question: list[str]
) -> None:
    papers = papers_of(texts)
    corpus = PaperTerms.compute(papers, lambda _: [])
    stems = tokenize(" ".join(question))
    weights = {s: 1.0 + n for n, s in enumerate(dict.fromkeys(stems))}
    pairs = {(a, b): weights[a] + weights[b] for a, b in pairwise(stems)}
    rows = np.arange(len(papers))
    for paper, cover, title, phrase in zip(
        papers,
        corpus.coverage(rows, weights),
        corpus.coverage(rows, weights, part="titles"),
        corpus.pairs_weight(rows, pairs),
        strict=True,
    ):
        words = tokenize(f"{paper.title}. {paper.abstract}")
        assert cover == pytest.approx(coverage(set(words), weights))
        assert title == pytest.approx(coverage(set(tokenize(paper.title)), weights))
        assert phrase == pytest.approx(
            sum(w for p, w in pairs.items() if p in set(pairwise(words)))
        )


def test_a_question_word_spelled_otherwise_takes_the_stem_the_corpus_has() -> None:
    known = set(tokenize("quantization behavior modeled FPGA analyze centers"))
    asked = question_terms("quantisation behaviour modelled fpgas analysed centres colour", known)
    expected = tokenize("quantization behavior modeled FPGA analyzed centers colour")
    assert [t.stem for t in asked] == expected  # "colour": the corpus has neither spelling


def test_a_model_name_is_found_with_or_without_its_version_glued_on() -> None:
    known = set(tokenize("results on Falcon2-11B and on the GPT models, and on OPT"))
    asked = question_terms("Falcon models, gpt4, OPT3 and Mistral7", known)
    assert [t.stem for t in asked] == ["falcon2", *tokenize("models"), "gpt", "opt", "mistral7"]


@given(st.text(max_size=80))
def test_a_question_keeps_its_terms_and_takes_only_known_other_stems(text: str) -> None:
    known = set(tokenize("quantization behavior modeled FPGA"))
    own, asked = terms(text), question_terms(text, known)
    assert [t.word for t in asked] == [t.word for t in own]
    assert all(a.stem == o.stem or a.stem in known for a, o in zip(asked, own, strict=True))


@given(TEXTS)
def test_kept_postings_answer_as_the_ones_built_from_the_rows(texts: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        built = PaperTerms.compute(papers_of(texts), lambda _: [])
        built.save(Path(folder))
        kept = PaperTerms.load(Path(folder), len(texts))
        assert kept is not None and kept.kept_postings is not None
        for stem in built.stems:
            assert (
                kept.stem_index().rows([stem]).tolist() == built.stem_index().rows([stem]).tolist()
            )


def test_a_folder_kept_before_the_postings_gets_them_and_a_torn_one_is_rebuilt(
    tmp_path: Path,
) -> None:
    papers = papers_of(["sparse graph mesh", "graph FPGA", "stencil mesh graph"])
    PaperTerms.compute(papers, lambda _: []).save(tmp_path)
    (tmp_path / "terms_postings_values.npy").unlink()  # as an older ingest left it
    before = PaperTerms.load(tmp_path, len(papers))
    assert before is not None and before.kept_postings is None
    assert before.stem_index().rows(tokenize("graph mesh")).tolist() == [0, 2]
    before.keep_postings(tmp_path)
    after = PaperTerms.load(tmp_path, len(papers))
    assert after is not None and after.kept_postings is not None
    assert after.stem_index().rows(tokenize("graph mesh")).tolist() == [0, 2]
    np.save(tmp_path / "terms_postings_values.npy", np.zeros(2, dtype=np.int32))  # torn
    torn = PaperTerms.load(tmp_path, len(papers))
    assert torn is not None and torn.kept_postings is None
    assert torn.stem_index().rows(tokenize("graph")).tolist() == [0, 1, 2]


def test_a_folder_that_refuses_the_postings_still_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    papers = papers_of(["sparse graph mesh", "graph FPGA"])
    PaperTerms.compute(papers, lambda _: []).save(tmp_path)
    (tmp_path / "terms_postings_values.npy").unlink()
    kept = PaperTerms.load(tmp_path, len(papers))
    assert kept is not None

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(30, "Read-only file system")  # unlink too: EROFS, not ENOENT

    monkeypatch.setattr(np, "save", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)
    kept.keep_postings(tmp_path)  # logs, and builds them in memory instead
    assert kept.stem_index().rows(tokenize("graph")).tolist() == [0, 1]
