"""Acronyms dictated letter by letter are read as the acronyms the corpus writes."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.letter_names import letter_names

CORPUS = frozenset({"fpga", "fpgas", "llm", "llms", "gpu", "gpus", "hls"})


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("anything on eff pee gee ays for ell ell ems?", "anything on FPGAs for LLMs?"),
        ("gee pee you kernels", "GPU kernels"),
        ("the h l s paper", "the HLS paper"),  # single letters
        ("papers on jee pee you s", "papers on GPUs"),
    ],
)
def test_letter_names_that_spell_a_corpus_acronym_are_read_as_it(typed: str, read: str) -> None:
    assert letter_names(typed, CORPUS.__contains__) == read


@pytest.mark.parametrize(
    "typed",
    [
        "see you at the talk",  # "CU" is no acronym the corpus writes
        "why are you asking",
        "gee, pee you",  # a comma ends the run
        "¿visión o de traducción?",  # a letter of a word with an accent is no letter name
    ],
)
def test_other_words_stay_as_typed(typed: str) -> None:
    assert letter_names(typed, CORPUS.__contains__) == typed


def test_a_dictated_acronym_finds_what_it_spells(engine: Engine) -> None:
    dictated = engine.ask("is there anything on eff pee gee ays for large language models")
    typed = engine.ask("is there anything on FPGAs for large language models")
    assert not dictated.abstained
    assert dictated.results[0].paper.id == typed.results[0].paper.id
