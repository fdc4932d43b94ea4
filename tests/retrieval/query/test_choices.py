"""The two options of a choice between papers, and what is left: what it is for."""

from __future__ import annotations

import pytest

from retrieval.query.choices import options
from retrieval.text import without_spans


@pytest.mark.parametrize(
    ("question", "first", "second"),
    [
        (
            "For a cheap cluster network, should I read the paper on cloud noise or the one "
            "with a new mesh topology?",
            "the paper on cloud noise",
            "the one with a new mesh topology",
        ),
        (
            "Between the Bloom-filter paper and the graph transformer one, which mines "
            "graphs faster?",
            "the Bloom-filter paper",
            "the graph transformer one",
        ),
        (  # clauses listed with a comma before the "or"
            "Two ways to cut LLM costs: the paper dropping whole layers per token, or the "
            "one with a new number format. Which is for serving?",
            "the paper dropping whole layers per token",
            "the one with a new number format",
        ),
    ],
)
def test_a_choice_between_two_papers_is_read_as_its_two_options(
    question: str, first: str, second: str
) -> None:
    spans = options(question)
    assert spans is not None
    assert [question[a:b].strip() for a, b in spans] == [first, second]


@pytest.mark.parametrize(
    "question",
    [
        "Which paper quantizes GPT models to three or four bits?",  # an amount
        "Is there a paper on clouds or data centers?",  # alternatives of a topic
        "Which papers use FPGAs?",
    ],
)
def test_no_choice_between_papers_is_read_where_none_is_offered(question: str) -> None:
    assert options(question) is None


def test_what_is_left_says_what_the_choice_is_for() -> None:
    question = "For mining graphs fast, is the Bloom-filter paper or the transformer one better?"
    spans = options(question)
    assert spans is not None
    assert " ".join(without_spans(question, spans).split()) == "For mining graphs fast, is or ?"
