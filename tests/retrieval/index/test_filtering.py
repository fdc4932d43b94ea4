"""The filter index lets through exactly the papers ``matches`` does, and no scan is left."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.engine import Engine
from retrieval.index.filtering import FilterIndex, matches
from retrieval.ingest.corpus import load_corpus
from retrieval.models import Filters
from retrieval.search import retrievers
from tests.conftest import CORPUS

PAPERS = {p.id: p for p in load_corpus([CORPUS]).papers}
INDEX = FilterIndex(list(PAPERS.values()), np.arange(len(PAPERS)))  # a "chunk" per paper
CODES = sorted({c for p in PAPERS.values() for c in p.subjects})
AUTHORS = sorted({a for p in PAPERS.values() for a in p.authors})
SUBJECT = st.one_of(
    st.sampled_from(CODES),
    st.sampled_from(CODES).map(str.upper),
    st.sampled_from(["cs", "CS", "math", "stat", "cs.*", " , ", "cs.LG, cs.DC", "q-bio"]),
    st.text(max_size=12),
)
AUTHOR = st.one_of(st.sampled_from(AUTHORS), st.text(max_size=20))
YEAR = st.none() | st.integers(2000, 2030)


@settings(max_examples=300, deadline=None)
@given(YEAR, YEAR, st.none() | SUBJECT, st.none() | AUTHOR, st.booleans())
def test_the_filter_index_agrees_with_matches(
    year_from: int | None,
    year_to: int | None,
    subject: str | None,
    author: str | None,
    either: bool,
) -> None:
    chosen = Filters(
        year_from=year_from, year_to=year_to, subject=subject, author=author, either=either
    )
    expected = {pid for pid, paper in PAPERS.items() if matches(paper, chosen)}
    allowed = INDEX.allowed(chosen)
    assert allowed.papers == expected
    assert [bool(b) for b in allowed.chunks] == [pid in expected for pid in PAPERS]


@pytest.mark.parametrize(
    "chosen",
    [
        Filters(year_from=2020, year_to=2022),
        Filters(subject="cs.DC"),
        Filters(author="Torsten Hoefler"),
        Filters(subject="cs", year_from=2023),
    ],
)
@pytest.mark.parametrize("exact_chunks", [retrievers.EXACT_CHUNKS, 0])  # 0: over-fetch
@pytest.mark.parametrize("gather_share", [1, 10**6])  # copy the allowed rows out, or not
def test_filtered_answers_hold_only_allowed_papers_and_their_best_ones(
    fake_engine: Engine,
    chosen: Filters,
    exact_chunks: int,
    gather_share: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(retrievers, "EXACT_CHUNKS", exact_chunks)
    monkeypatch.setattr(retrievers, "GATHER_SHARE", gather_share)
    searcher = fake_engine.searcher
    weights = {"graph": 1.0, "spars": 1.0, "quantiz": 1.0}
    vector = searcher._embed("graph sparse quantization")
    signals = searcher.signals(weights, vector, "hybrid", chosen)
    allowed = {pid for pid, p in searcher.index.papers.items() if matches(p, chosen)}
    assert signals and set(signals) <= allowed
    # Exact scoring over the allowed chunks: the best allowed paper by cosine is found.
    best = max(allowed, key=lambda pid: searcher.retrievers.cosine(pid, vector))
    assert max(signals, key=lambda pid: signals[pid].cosine) == best


def test_either_lets_a_paper_through_by_its_year_or_its_subject() -> None:
    both = Filters(year_from=2022, year_to=2022, subject="cs.DC")
    either = Filters(year_from=2022, year_to=2022, subject="cs.DC", either=True)
    dated = {pid for pid, p in PAPERS.items() if p.year == 2022}
    filed = {pid for pid, p in PAPERS.items() if "cs.DC" in p.subjects}
    assert INDEX.allowed(both).papers == dated & filed
    assert INDEX.allowed(either).papers == dated | filed != dated & filed
    # with no year set, "either" changes nothing: the subject alone
    assert INDEX.allowed(Filters(subject="cs.DC", either=True)).papers == filed
