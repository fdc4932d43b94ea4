"""Why a result matched: the words of the question, its meaning, or both."""

from __future__ import annotations

import pytest

from retrieval.models import PaperRef, Result
from retrieval.search.decision import Signals
from retrieval.search.explain import explained
from retrieval.search.snippets import mark

SENTENCE = "We quantize weights to 4 bits and keep accuracy."


def result() -> Result:
    paper = PaperRef("p000000000000", "A Title", 2024, ("A. Author",), (), "https://arxiv.org/x")
    return Result(paper, 0.5, mark(SENTENCE, {"quantiz": 1.0, "bit": 1.0}))


@pytest.mark.parametrize(
    ("bm25", "vector_rank", "why"),
    [(3.2, 1, "both"), (3.2, None, "keyword"), (3.2, 40, "keyword"), (0.0, 2, "meaning")],
)
def test_the_tag_names_the_retrievers_that_found_the_paper(
    bm25: float, vector_rank: int | None, why: str
) -> None:
    signals = Signals(bm25=bm25, cosine=0.5, coverage=0.0, bm25_rank=1, vector_rank=vector_rank)
    assert explained(result(), signals).why == why


def test_matched_terms_are_the_quoted_words_as_the_abstract_writes_them() -> None:
    signals = Signals(bm25=1.0, cosine=0.5, coverage=0.5, bm25_rank=1, vector_rank=1)
    tagged = explained(result(), signals)
    assert tagged.terms == ("quantize", "bits")
    assert all(term in SENTENCE for term in tagged.terms)


def test_a_result_without_signals_is_left_as_it_was() -> None:
    assert explained(result(), None) == result()
