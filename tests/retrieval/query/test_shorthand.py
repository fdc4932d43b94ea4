"""Chat shorthand without vowels is read as the words it stands for."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import UNSURE
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


CUT_CORPUS = [
    *CORPUS, "performance", "performed", "topology", "scheduling", "schedule",
    "communication", "community", "protocols", "quantum", "alternative", "electronic",
]  # fmt: skip


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("perf", "performance"),  # the most common of one word's forms
        ("topo", "topology"),
        ("sched", "schedule"),
        ("protos", "protocols"),  # a cut word in the plural
        ("quant", "quantization"),  # "quantum" is only two letters past the cut
    ],
)
def test_a_word_cut_short_is_read_as_the_corpus_word_it_begins(typed: str, meant: str) -> None:
    assert Shorthand(CUT_CORPUS).word(typed) == meant


@pytest.mark.parametrize("typed", ["comm", "net", "sync", "mamba", "rdma"])
def test_a_cut_of_several_words_a_short_or_everyday_word_stays_as_typed(typed: str) -> None:
    assert Shorthand(CUT_CORPUS).word(typed) is None


@pytest.mark.parametrize("typed", ["alters", "elects", "demos"])
def test_an_everyday_word_with_an_s_stays_as_typed(typed: str) -> None:
    assert Shorthand([*CUT_CORPUS, "demonstrate"]).word(typed) is None  # not "alternative"


def test_a_question_in_cut_words_finds_its_paper(engine: Engine) -> None:
    found = engine.ask("net topo for big DL trn jobs?")  # abstained before
    assert not found.abstained and found.results[0].paper.title.startswith("HammingMesh")
    sure = engine.ask("RDMA protos pprs?")  # "not a sure match" before
    assert sure.results[0].paper.title.startswith("Efficient RDMA")
    assert UNSURE not in sure.notes


def test_a_possessive_is_a_name_not_a_cut_word() -> None:
    shorthand = Shorthand([*CUT_CORPUS, "shortcuts"])
    assert shorthand.word("shor") == "shortcuts"  # alone it reads as cut short
    assert shorthand.expand("how many qubits for shor's algorithm?") == (
        "how many qubits for shor's algorithm?"
    )


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("any paper on prunin' big models?", "any paper on pruning big models?"),
        ("I be lookin' for SPARSE TRAININ' work", "I be looking for SPARSE TRAINING work"),
        ("processin’-in-memory", "processing-in-memory"),
        # the word without a "g" is the commoner: a quote's closing mark, not a dropped g
        ("the 'Berlin' dataset", "the 'Berlin' dataset"),
        ("cs.LG 'protein'", "cs.LG 'protein'"),
    ],
)
def test_a_word_typed_without_its_final_g_is_read_with_it(typed: str, meant: str) -> None:
    assert Shorthand(CORPUS).expand(typed) == meant


def test_a_paper_set_aside_in_dropped_g_speech_is_set_aside(engine: Engine) -> None:
    # "the quantizin' one" set aside no paper, and GPTQ answered a pruning question
    answer = engine.ask(
        "which paper is about one-shot prunin' of GPT models? not the quantizin' one"
    )
    assert not any(r.paper.title.startswith("GPTQ") for r in answer.results)
