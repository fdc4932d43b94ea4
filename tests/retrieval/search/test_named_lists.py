"""A list question's named names: every paper that writes one is in the list."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.engine import Engine
from retrieval.models import UNSURE
from retrieval.search.named_lists import listed_names, mentioned


def titles_writing(engine: Engine, name: str) -> set[str]:
    """Return the titles of the listed papers whose title or abstract writes a name."""
    return {
        paper.title
        for paper in engine.searcher.index.papers.values()
        if re.search(rf"(?<!\w){name}(?!\w)", f"{paper.title}. {paper.abstract}")
    }


def test_names_with_two_capitals_or_a_digit_are_read_plain_capitals_are_not() -> None:
    names = listed_names("Which Transformers use PyTorch, HLS or an A100?", lambda _: True)
    assert names == ["PyTorch", "HLS", "A100"]
    assert listed_names("papers on HLS", lambda name: name != "HLS") == []  # not in the corpus


@pytest.mark.parametrize(
    ("question", "names"),
    [("which papers report accuracy on ImageNet or CIFAR-10?", ("ImageNet", "CIFAR")),
     ("which papers run experiments on OPT models?", ("OPT",)),
     ("which papers build their tools on top of PyTorch?", ("PyTorch",))],
)  # fmt: skip
def test_every_paper_that_writes_a_named_name_is_listed(
    engine: Engine, question: str, names: tuple[str, ...]
) -> None:
    answer = engine.ask(question)
    listed = {r.paper.title for r in answer.results + answer.more}
    for paper in engine.searcher.index.papers.values():
        text = f"{paper.title}. {paper.abstract}"
        if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", text) for n in names):
            assert paper.title in listed


@pytest.mark.parametrize(
    ("question", "name"),
    [("Which papers here mention PyTorch?", ["PyTorch"]),
     # a name of several words is mentioned by its rarest word that is a name ("(A100)");
     # the sentence after the ask names GPUs, which it does not ask to be mentioned
     ("Which ones name-drop the NVIDIA A100? Our lab runs on those GPUs.", ["A100"]),
     # the maker's name with an owner's mark is part of the name, not a second one
     ("Which papers mention NVIDIA's A100?", ["A100"]),
     # of a code's name, its rarest capitalized word ("CPU" alone had added SAGE)
     ("Which papers mention Intel's CPU?", ["Intel"]),
     ("Which papers mention a GPU?", ["GPUs?"]),  # either number: "GPU" or "GPUs"
     ("Which papers mention both PyTorch and FPGAs?", ["PyTorch", "FPGAs?"]),  # each
     ("Which abstracts mention both PyTorch and ImageNet?", ["PyTorch", "ImageNet"]),
     # "abstracts" are the papers, no topic; they had weighed as one and abstained
     ("Which abstracts mention ImageNet?", ["ImageNet"]),
     ("how many abstracts talk about PyTorch?", ["PyTorch"]),
     # a label before the ask is no topic; the models' doubt about it abstained
     ("Request: every paper whose abstract names PyTorch. List them.", ["PyTorch"]),
     # asked of one paper: the mention had not been read, the paper was an unsure match
     ("does any of the papers mention Megatron at all?", ["Megatron"]),
     ("is there an abstract that mentions Megatron?", ["Megatron"]),
     ("Which paper mentions Megatron?", ["Megatron"])],
)  # fmt: skip
def test_a_list_of_papers_mentioning_a_name_is_those_that_write_it(
    engine: Engine, question: str, name: list[str]
) -> None:
    # Papers the models chose for the words around the name, but not writing it, were listed.
    answer = engine.ask(question)
    writing = set.intersection(*(titles_writing(engine, n) for n in name))
    assert writing and {r.paper.title for r in answer.results + answer.more} == writing


@pytest.mark.parametrize(
    "question",
    ["Request: list every paper that mentions PyTorch.", "Which paper mentions Megatron?"],
)
def test_the_papers_that_write_a_name_asked_for_are_no_unsure_match(
    engine: Engine, question: str
) -> None:
    # whether an abstract writes a name is read, not guessed: the label's words (or the
    # one paper asked for) had made the answer model doubt: "Not a sure match"
    answer = engine.ask(question)
    assert answer.results and UNSURE not in answer.notes


def test_a_topic_asked_before_the_mention_keeps_the_list_to_the_topic() -> None:
    assert mentioned("which papers mention the A100? I run them") == " the A100"
    assert mentioned("do any mention Initech’s X9 board?") == " Initech X9 board"
    assert mentioned("which graph papers mention PyTorch?") is None  # graph papers, too
    assert mentioned("papers on graphs") is None
    # "mention" that asks nothing of the papers
    assert mentioned("I mentioned GPUs before - which papers put LLMs on FPGAs?") is None
    assert mentioned("Not to mention the cost, which papers save energy?") is None
    assert mentioned("Which papers don't mention GPUs?") is None


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=120))
def test_any_question_reads_without_error(question: str) -> None:
    assert all(name in question for name in listed_names(question, lambda _: True))


def test_a_name_many_list_papers_write_does_not_list_them_all(engine: Engine) -> None:
    # "LLMs": the papers that say it but are not about quantizing are left to the models.
    answer = engine.ask("which papers quantize LLMs to 4 bits?")
    assert not any(
        r.paper.title.startswith("Radial Networks") for r in answer.results + answer.more
    )


def test_a_comparison_keeps_to_the_papers_it_names(engine: Engine) -> None:
    answer = engine.ask(
        "Allo vs the FPGA spatial acceleration LLM paper: both put GPT-2 on custom hardware"
    )
    assert answer.matched == 2


@pytest.mark.parametrize(
    ("question", "name"),
    [("Which papers don't mention ImageNet?", "ImageNet"),
     ("how many abstracts do not mention PyTorch?", "PyTorch"),
     ("the ones that never name-drop ImageNet, please", "ImageNet")],
)  # fmt: skip
def test_a_list_of_papers_not_mentioning_a_name_is_those_that_do_not_write_it(
    engine: Engine, question: str, name: str
) -> None:
    # the papers writing the name had been listed: the opposite of what was asked
    answer = engine.ask(question)
    others = {p.title for p in engine.searcher.index.papers.values()} - titles_writing(engine, name)
    assert {r.paper.title for r in answer.results + answer.more} == others
    assert answer.matched == len(others) and UNSURE not in answer.notes


def test_a_negated_mention_within_filters_no_paper_of_which_writes_it_lists_them_all(
    engine: Engine,
) -> None:
    # none within the filters writes it: the ask had fallen to the search, which said no
    # paper within them is about "mention ImageNet" and listed papers beyond them
    within = {
        p.title
        for p in engine.searcher.index.papers.values()
        if p.year == 2023 and "cs.LG" in p.subjects and "ImageNet" not in p.abstract
    }
    answer = engine.ask("which cs.LG papers from 2023 don't mention ImageNet?")
    assert within and {r.paper.title for r in answer.results + answer.more} == within


def test_a_negated_mention_is_read_only_where_it_asks() -> None:
    assert mentioned("which papers don't mention ImageNet?", negated=True) == " ImageNet"
    assert mentioned("which papers don't mention ImageNet?") is None
    assert mentioned("Not to mention the cost, which papers save energy?", negated=True) is None
    assert mentioned("which graph papers don't mention PyTorch?", negated=True) is None


@pytest.mark.parametrize(
    ("question", "year"),
    [("papers from 2022. Which mention weather?", 2022),
     ("which papers mention weather?", None),
     ("Any abstracts that mention quantization? From 2023.", 2023)],
)  # fmt: skip
def test_papers_mentioning_one_common_word_are_those_that_write_it(
    engine: Engine, question: str, year: int | None
) -> None:
    # a sentence of years before the ask had lost a paper whose title says "Weather"
    word = re.search(r"mention (\w+)", question)[1][:6]  # "quanti" of any of its forms
    writing = {
        paper.title
        for paper in engine.searcher.index.papers.values()
        if word in f"{paper.title}. {paper.abstract}".casefold() and year in (None, paper.year)
    }
    answer = engine.ask(question)
    assert writing and {r.paper.title for r in answer.results + answer.more} == writing
    assert UNSURE not in answer.notes


@pytest.mark.parametrize(
    ("question", "name"),
    [("Which papers contain ImageNet experiments?", "ImageNet"),
     ("for our chart I need every paper here that reports results on ImageNet", "ImageNet")],
)  # fmt: skip
def test_a_doubted_list_naming_a_thing_keeps_to_the_papers_writing_it(
    engine: Engine, question: str, name: str
) -> None:
    # papers the models chose for "experiments" and "results" had been listed beside them
    answer = engine.ask(question)
    assert {r.paper.title for r in answer.results + answer.more} == titles_writing(engine, name)


def test_a_name_only_the_background_says_does_not_narrow_the_list(engine: Engine) -> None:
    answer = engine.ask(
        "My friend posted: 'stop benchmarking on ImageNet already'. Which papers here "
        "forecast the weather?"
    )
    shown = [r.paper.title for r in answer.results + answer.more]
    assert any("ENS-10" in title for title in shown)


def test_a_list_of_a_kind_named_by_its_acronym_is_not_kept_to_another_name(
    engine: Engine,
) -> None:
    # "LLMs" is a kind the abstracts define; the list had been kept to the papers writing
    # "GPT", and lost the t-distribution paper on LLMs
    answer = engine.ask("Shopping list: every paper about LLMs. Bonus points if they mention GPT.")
    assert any(r.paper.title.startswith("Learning from Students") for r in answer.results)
