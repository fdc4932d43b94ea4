"""Lines a message quotes from the list, and web addresses, are not what it asks."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.models import Answer
from retrieval.query.pasted import Addresses, bibtex_entries, folded, own_lines

LISTED = "gptq accurate post training quantization for generative pre trained transformers"
CORPUS = frozenset({"dace", "a100", "github", "com", "data", "latest", "results"})
TITLES = {
    folded(t) for t in ("GPTQ: Accurate Post-Training Quantization", "Neural Graph Databases")
}


def listed(words: str) -> bool:
    return words in LISTED


def titles(answer: Answer) -> list[str]:
    return [r.paper.title for r in answer.results]


@pytest.mark.parametrize(
    ("message", "read"),
    [
        (  # the bot's reply quoted, and a question of the asker's own
            "> **GPTQ: Accurate Post-Training Quantization** (2023)\nand which one uses "
            "fixed-point numbers on FPGAs?",
            "and which one uses fixed-point numbers on FPGAs?",
        ),
        (  # the asker's context stays
            "> JPEG is at the floor of bits per pixel\nwhich paper argues otherwise?",
            "> JPEG is at the floor of bits per pixel\nwhich paper argues otherwise?",
        ),
        (  # a listed title of three words, numbered as in a reply
            "> 1. Neural Graph Databases (2022)\nanything on quantum computers instead?",
            "anything on quantum computers instead?",
        ),
        (  # the own line names nothing the corpus writes: it asks about the quote
            "> GPTQ: Accurate Post-Training Quantization for\ngot the full ref?",
            "> GPTQ: Accurate Post-Training Quantization for\ngot the full ref?",
        ),
        (  # a question about the quoted paper keeps it
            "> GPTQ: Accurate Post-Training Quantization for\nhow many bits?",
            "> GPTQ: Accurate Post-Training Quantization for\nhow many bits?",
        ),
        (  # "they" points back: the title is put there
            "> Neural Graph Databases\nwhich datasets did they use?",
            "which datasets did Neural Graph Databases use?",
        ),
        (  # "similar" points back: similar to the title
            "> Neural Graph Databases\nanything similar?",
            "anything similar to Neural Graph Databases?",
        ),
        (  # others than the quoted paper: set aside by its name
            "> GPTQ: Accurate Post-Training Quantization\nany other quantization papers?",
            "any other quantization papers besides GPTQ?",
        ),
        (  # "the X one" asks for another paper
            "> Neural Graph Databases\nwhat year was the quantization one?",
            "what year was the quantization one?",
        ),
        (  # the own line points back at the quote: the title is put there
            "> **GPTQ: Accurate Post-Training Quantization** (2023)\nany others like this?",
            "any others like GPTQ: Accurate Post-Training Quantization?",
        ),
    ],
)
def test_only_lines_quoted_from_the_list_are_left_out(message: str, read: str) -> None:
    assert own_lines(message, listed, TITLES.__contains__) == read


@pytest.mark.parametrize(
    ("message", "read"),
    [
        ("https://github.com/spcl/dace which papers build on this?", "dace which papers build on this?"),
        ("www.example.com/en/latest/a100 papers on it", "a100 papers on it"),
        ("www.example.com/2024/football-results.html any papers?", " any papers?"),  # everyday
        ("anything from https://arxiv.org/list/cs.CV/recent ?", "anything from cs.CV ?"),
        ("https://arxiv.org/abs/2209.01346 is this listed?", " is this listed?"),
    ],
)  # fmt: skip
def test_an_address_is_read_as_the_path_words_the_corpus_writes(message: str, read: str) -> None:
    assert Addresses(CORPUS.__contains__).read(message) == read


def test_a_quoted_reply_does_not_filter_or_answer_the_new_question(engine: Engine) -> None:
    # The quoted title answered, and its "(2023)" became a year filter.
    quoted = "> **GPTQ: Accurate Post-Training Quantization for Generative Pre-trained "
    quoted += "Transformers** (2023)\n"
    asked = "which paper trains fixed-point quantization for deep learning on FPGAs?"
    assert titles(engine.ask(quoted + asked))[:1] == titles(engine.ask(asked))[:1]
    assert not engine.ask(quoted + asked).filters.years


@pytest.mark.parametrize(
    ("message", "read"),
    [
        (
            "@article{frantar22, title={{GPTQ}: Accurate Quantization},\n author={Frantar, "
            "Elias and Hoefler, Torsten}, journal={arXiv preprint arXiv:2210.17323},\n "
            "year={2022}}\nis this listed?",
            "GPTQ: Accurate Quantization. Elias Frantar, Torsten Hoefler.\nis this listed?",
        ),
        (  # a field of its own words stays; where and when go
            "got this one? @misc{x, title={Allo}, note={an accelerator language}, year=2024}",
            "got this one? Allo. an accelerator language.",
        ),
        (  # "and others" is no one; an author the listing does not name is left out
            "@misc{x, title={Allo}, author={Chen, Hongzheng and Zhang, Zhiru and others}}",
            "Allo. Zhiru Zhang.",
        ),
        ("@here {not an entry}", "@here {not an entry}"),
        ("@misc{open, title={no end", "@misc{open, title={no end"),
    ],
)
def test_a_bibtex_entry_is_read_as_what_its_fields_say(message: str, read: str) -> None:
    assert bibtex_entries(message, lambda name: name != "Hongzheng Chen") == read


def test_a_pasted_entry_finds_its_paper_without_its_year_or_venue(engine: Engine) -> None:
    # Its year became a filter (a preprint's year is often not the listed one), and its
    # journal a name: "No listed paper is the “arXiv” paper".
    entry = (
        "@article{frantar2022gptq,\n  title={{GPTQ}: Accurate Post-Training Quantization for "
        "Generative Pre-trained Transformers},\n  author={Frantar, Elias and Hoefler, "
        "Torsten},\n  journal={arXiv preprint arXiv:2210.17323},\n  year={2022}\n}\n"
        "is this in the list?"
    )
    answer = engine.ask(entry)
    assert titles(answer)[:1] == [t for t in titles(engine.ask("GPTQ")) if "GPTQ" in t][:1]
    assert not answer.filters.years and not any("arXiv" in note for note in answer.notes)
