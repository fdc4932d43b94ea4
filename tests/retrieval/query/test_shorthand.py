"""Chat shorthand without vowels is read as the words it stands for."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.shorthand import Shorthand

CORPUS = ["quantization", "network", "sparse", "tensor", "formats", "gnn", "llm", "hls"]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("pprs", "papers"),
        ("ppr", "paper"),
        ("sprs", "sparse"),
        ("pls", "please"),
        ("abt", "about"),
        ("ntwrk", "network"),  # the corpus's own words too
        ("qntztn", "quantization"),
        ("frmts", "formats"),
    ],
)
def test_a_word_without_its_vowels_is_read_as_the_word(typed: str, meant: str) -> None:
    assert Shorthand(CORPUS).word(typed) == meant


@pytest.mark.parametrize(
    "typed",
    [
        "gnn", "llm", "hls",  # the corpus uses them as they are
        "cnn", "rnn", "dnn", "ssd", "dsl", "fft", "sql",  # acronyms, not shorthand
        "int", "smth",  # one vowel short of another word
        "vlm", "rng", "svd", "ptr", "lst",  # three letters: only stop words are read
        "gpu", "rdma",  # vowels inside: written as meant
    ],
)  # fmt: skip
def test_acronyms_and_words_one_vowel_short_stay_as_typed(typed: str) -> None:
    assert Shorthand(CORPUS).word(typed) is None


def test_a_shorthand_question_is_searched_in_full_words(fake_engine: Engine) -> None:
    intent = fake_engine.router.intents.read("pls list pprs abt sprs tnsr frmts")
    assert intent.plural
    assert "sparse tensor formats" in intent.search_text
