"""A correction made in the message is read in place of what it corrects."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.corrections import Corrections
from tests.retrieval.shown import shown

CORPUS = frozenset({"graph", "transformers", "weather", "climate", "quantum", "gpus", "fpgas"})
CORRECTIONS = Corrections(CORPUS.__contains__, frozenset({"torsten", "hoefler", "zhang"}))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # the correction's first word is written before it: from its last place on
        ("list the quantum papers, er, I mean the weather ones", "list the weather ones"),
        ("papers by Hoefler... wait no, by Zhang", "papers by Zhang"),
        ("papers on graphs, or rather on graph transformers", "papers on graph transformers"),
        ("which ones use FPGAs... scratch that, which ones use GPUs", "which ones use GPUs"),
        # a number: the last number before it
        ("the 2023 one on quantum — sorry, 2022", "the 2022 one on quantum"),
        ("papers from 2023, wait no, 2024, on graphs", "papers from 2024, on graphs"),
        ("the 2022 graph paper — sorry, 2024 — on GPUs?", "the 2024 graph paper on GPUs?"),
        # otherwise the last run of topic words
        ("which papers are on quantum? sorry, weather", "which papers are on weather"),
        ("quantum papers um I mean weather papers", "weather papers"),
        ("papers on the quantum (I mean weather) side", "papers on the weather side"),
        ("papers on weather, oops, climate", "papers on climate"),
        ("a Hoefler paper, sorry, Zhang paper on graphs", "a Zhang paper on graphs"),
        # the phrase corrected ends where another part starts
        ("papers by Zhang on graphs — sorry, by Hoefler", "papers by Hoefler on graphs"),
        # a "not" goes with what is corrected
        ("not the quantum one, I mean the weather one", "the weather one"),
        ("I don't mean the quantum one, I mean the weather one", "the weather one"),
        # pointing back narrows, read beside what came before
        ("the graph ones — I mean the ones by Zhang", "the graph ones, by Zhang"),
        (
            "the 2024 papers, or rather the weather ones among them",
            "the 2024 papers, the weather ones",
        ),
        # pointing back at a part said before replaces it
        ("graph papers by Zhang, I mean the ones by Hoefler", "graph papers by Hoefler"),
        ("Hoefler's graph papers, I mean Zhang's", "Zhang's graph papers"),
        ("graph papers for quantum — sorry, I mean for weather", "graph papers for weather"),
        ("papers on graph transformers, nvm, what about weather?", "what about weather?"),
        # the sentence said again
        (
            "quantum papers by Hoefler. Sorry, weather papers by Hoefler",
            "weather papers by Hoefler",
        ),
        # other markers: a bare filler, "nvm", a star, "make that" after "actually"
        ("anything on weather? er, on quantum", "anything on quantum"),
        ("any quantum papers — nvm, any weather papers", "any weather papers"),
        ("weather papers from 2023 *2022", "weather papers from 2022"),
        ("who wrote the quantm paper? *quantum", "who wrote the quantum paper?"),
        ("graph papers from 2024 — actually, make that 2023", "graph papers from 2023"),
        ("quantum papers... make that the weather one", "the weather one"),
        # owning up before the fix
        ("papers on graphs. Sorry, typo: weather", "papers on weather"),
        ("graph papers— wait, I said it wrong, I meant weather", "weather papers"),
    ],
)
def test_a_correction_replaces_what_it_corrects(typed: str, read: str) -> None:
    assert CORRECTIONS.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "Sorry, which papers are about graphs?",  # nothing before it
        "which papers are about graphs, sorry if this is basic",  # an apology
        "papers on graphs, sorry, I am new here",  # a clause
        "papers on quantum, I mean from 2023",  # adds a filter, corrects nothing
        "what is the quantum paper about? I mean in simple words",
        "papers on graphs (sorry, toddler wants juice) ok back",  # names nothing listed
        "graph papers? I mean, which ones run the weather models on GPUs?",  # a new ask
        "is that what you mean by graphs?",  # no marker: inside a clause
        "2023 graph papers, I mean, the robust ones",  # "I mean" narrows: nothing to replace
        "graph papers, um, what about weather?",  # a filler before a new ask
        "any papers on quantum? (not the weather ones, I mean the circuits as such)",
    ],
)
def test_other_messages_are_left_as_typed(typed: str) -> None:
    assert CORRECTIONS.read(typed) == typed


def test_a_corrected_author_gets_that_authors_papers(engine: Engine) -> None:
    typed = "papers by Torsten Hoefler... wait no, by Zhiru Zhang"
    plain = "papers by Zhiru Zhang"
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert shown(answer) == shown(asked)
    assert all("Zhiru Zhang" in r.paper.authors for r in answer.results)
    assert f"Read as “{plain}”." in answer.notes


def test_a_corrected_topic_searches_the_correction_alone(engine: Engine) -> None:
    answer = engine.ask("list the quantum papers, er, I mean the weather ones")
    titles = " ".join(shown(answer)).lower()
    assert "weather" in titles and "quantum" not in titles
