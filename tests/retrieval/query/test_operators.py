"""Search-engine operators are read as the words they stand for."""

from __future__ import annotations

import pytest

from retrieval.query.operators import without_operators


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("quantization -transformer", "quantization, not about transformer"),
        ('graph -"neural network" -GNN', "graph, not about neural network, GNN"),
        ("-LLM papers on FPGAs", "papers on FPGAs, not about LLM"),
        ("intitle:python", "with python in the title"),
        ('intitle:"graph neural" 2023', "with graph neural in the title 2023"),
    ],
)
def test_operators_become_words(typed: str, read: str) -> None:
    assert without_operators(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "state-of-the-art GPT-2 quantization",
        "papers from 2020 -2022",  # a year is no word to leave out
        "- a list item, then a question",
        "e-mail spam filters",
        "what is in the title of GPTQ?",
    ],
)
def test_hyphens_and_dashes_that_are_no_operator_stay(typed: str) -> None:
    assert without_operators(typed) == typed
