"""Framing words typed with a slip are read as the words meant."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.framing_slips import FramingSlips
from tests.retrieval.shown import shown

CORPUS = frozenset({"graph", "transformers", "weather", "codec", "gptq"})
SLIPS = FramingSlips(CORPUS.__contains__, frozenset({"torsten", "hoefler"}))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("what did hoefler wirte on weather?", "what did hoefler write on weather?"),
        ("list the papres abotu graph transformers", "list the papers about graph transformers"),
        ("Shwo me a weather paper", "Show me a weather paper"),  # a capital kept
        ("is tehre anyting on weather?", "is there anything on weather?"),
        ("waht was publsihed on weather?", "what was published on weather?"),  # a swap
        ("who are the auhtors? Papres on graphs!", "who are the authors? Papers on graphs!"),
        ("SHWO ME PAPRES ON GPTQ", "SHOW ME PAPERS ON GPTQ"),  # shouted
        ("which papers mentoin gptq?", "which papers mention gptq?"),  # a verb of asking
        ("papers that dicsuss weather", "papers that discuss weather"),
        ("anything that invovles graph transformers", "anything that involves graph transformers"),
        # one long word in capitals is stressed, not an acronym
        ("which papers MENTOIN gptq?", "which papers MENTION gptq?"),
        ("papers that DICSUSS weather", "papers that DISCUSS weather"),
    ],
)
def test_a_slip_of_a_framing_word_is_read_as_the_word_meant(typed: str, read: str) -> None:
    assert SLIPS.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "wich weather papers?",  # one edit from "which" and from "with" alike
        "the swin paper",  # "win" starts with another letter
        "a video codec paper",  # an English word
        "what did Hoefler write?",  # a listed author
        "the GTPQ paper",  # capitals: an acronym, read by the name checks
        "papers by Papen on graphs",  # a capital inside a sentence: a name
        "papers on grpah transformers",  # a slip of a corpus word: the search reads it
        "Welche Paper haben etwas mit Wetter oder Klima zu tun?",  # not English
    ],
)
def test_other_words_are_left_as_typed(typed: str) -> None:
    assert SLIPS.read(typed) == typed


def test_a_question_with_slips_gets_the_answer_of_its_plain_words(engine: Engine) -> None:
    typed = "any papres by Hoefler abotu weather?"
    plain = "any papers by Hoefler about weather?"
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert not answer.abstained and shown(answer) == shown(asked)
    assert f"Read as “{plain}”." in answer.notes


def test_a_slip_of_a_verb_of_mentioning_still_lists_the_papers_naming_it(engine: Engine) -> None:
    answer = engine.ask("which papers mentoin ImageNet?")
    assert not answer.abstained
    assert shown(answer) == shown(engine.ask("which papers mention ImageNet?"))


@pytest.mark.parametrize(
    ("typed", "plain"),
    [("which papers DISCUSS weather?", "which papers discuss weather?"),
     ("papers that MENTOIN weather", "papers that mention weather"),
     ("WHICH papers are ABOUT graph transformers?", "which papers are about graph transformers?")],
)  # fmt: skip
def test_framing_words_stressed_in_capitals_are_read_as_the_words(
    engine: Engine, typed: str, plain: str
) -> None:
    # "DISCUSS" had been read as a name no paper writes, and the question abstained
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert not answer.abstained and shown(answer) == shown(asked)


def test_a_slip_as_near_a_word_of_the_list_is_left_to_the_search(engine: Engine) -> None:
    # "wheather" had been read as "whether", which no paper is about, and abstained
    answer = engine.ask("which papers mention wheather?")
    assert not any(note.startswith("Read as") for note in answer.notes)
    assert any("Weather" in title for title in shown(answer))
