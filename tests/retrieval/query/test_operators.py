"""Search-engine operators are taken out of a question and read as what they ask for."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.operators import Operators, read_operators


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("quantization -transformer", Operators("quantization", ("transformer",))),
        ('graph -"neural network" -GNN', Operators("graph", ("neural network", "GNN"))),
        ("-LLM papers on FPGAs", Operators("papers on FPGAs", ("LLM",))),
        ("weather papers -ENS-10", Operators("weather papers", ("ENS-10",))),
        ("graph papers -intitle:transformer", Operators("graph papers", ("transformer",))),
        ("quantization −transformer", Operators("quantization", ("transformer",))),
        ("papers on graphs -2023", Operators("papers on graphs", (), ("2023",))),
        ("-transformer -graph", Operators("papers", ("transformer", "graph"))),
        ("intitle:python", Operators("with python in the title")),
        ('intitle:"graph neural" 2023', Operators("with graph neural in the title 2023")),
        # a query language's "not equal"
        ('subject != "cs.LG"', Operators('subject not cs.LG"')),
        ("year<>2023", Operators("year not 2023")),
        ("category ≠ cs.DC", Operators("category not cs.DC")),
    ],
)
def test_operators_are_read(typed: str, read: Operators) -> None:
    assert read_operators(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "state-of-the-art GPT-2 quantization",
        "papers from 2020 -2022",  # a range of years
        "- a list item, then a question",
        "papers on:\n-quantization\n-pruning",  # a list typed with dashes
        "papers on: -quantization -pruning",  # the same list, its lines joined
        "which papers compile with -O3 or -march=native?",
        '"state -of-the-art" quantization',  # in quotes: text
        "e-mail spam filters",
        "what is in the title of GPTQ?",
    ],
)
def test_hyphens_and_dashes_that_are_no_operator_stay(typed: str) -> None:
    assert read_operators(typed) == Operators(" ".join(typed.split()))


@pytest.mark.parametrize(
    ("question", "left_out"),
    [('how many papers: author == "Zhiru Zhang" AND subject != "cs.LG"', "cs.LG"),
     ("count rows where subject <> 'cs.DC'", "cs.DC")],
)  # fmt: skip
def test_not_equal_leaves_a_subject_out(engine: Engine, question: str, left_out: str) -> None:
    # "!=" had been dropped, and the subject it leaves out was the one kept
    answer = engine.ask(question)
    shown = answer.results + answer.more
    assert shown and not any(left_out == s.code for r in shown for s in r.paper.subjects)
