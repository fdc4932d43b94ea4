"""Handles a message addresses are left out; those that name what is asked stay."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.handles import without_handles

CORPUS = frozenset({"polynormer", "gptq", "weather"})
AUTHORS = frozenset({"hoefler", "torstenhoefler", "zhiruzhang"})


def read(text: str) -> str:
    return without_handles(
        text, lambda name: name.lower() in CORPUS or name.lower().replace("_", "") in AUTHORS
    )


@pytest.mark.parametrize(
    ("typed", "left"),
    [
        ("is RDMA covered, @LabBot?", "is RDMA covered?"),
        ("cc @zhang_lab_admin papers on quantum computing", "papers on quantum computing"),
        ("papers on weather cc @graph_mining_bot", "papers on weather"),
        ("thoughts @quantum_fan on the GPTQ paper?", "thoughts on the GPTQ paper?"),
    ],
)
def test_a_handle_someone_is_addressed_by_goes(typed: str, left: str) -> None:
    assert read(typed) == left


@pytest.mark.parametrize(
    "typed",
    [
        "who wrote @Polynormer?",  # a word the corpus writes
        "papers by @TorstenHoefler on weather",  # a listed author's whole name
        "anything by @zhiru_zhang?",
        "write to ada@example.org about GPTQ",  # an address
        "`@torch.jit` vs GPTQ",  # code
        "@article{key, title={GPTQ}} listed?",  # a BibTeX entry
    ],
)
def test_a_handle_that_names_what_is_asked_stays(typed: str) -> None:
    assert read(typed) == typed


@pytest.mark.parametrize("typed", ["@GPTQ what bit widths does it reach?", "@GPTQ"])
def test_a_handle_that_names_a_listed_paper_asks_about_it(engine: Engine, typed: str) -> None:
    # An opening handle was removed as the bot's: "@GPTQ" alone was refused.
    assert engine.ask(typed).results[0].paper.title.startswith("GPTQ")


def test_a_handle_inside_a_question_changes_no_answer(engine: Engine) -> None:
    plain = engine.ask("any papers on quantum computing?")
    for typed in ("cc @zhang_lab any papers on quantum computing?",
                  "any papers on quantum computing, @WeatherBot?"):  # fmt: skip
        addressed = engine.ask(typed)
        assert [r.paper.id for r in addressed.results] == [r.paper.id for r in plain.results]
        assert addressed.filters.author is None and not addressed.abstained
