"""Letters a dialect drops and marks by an apostrophe are put back."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.dropped_letters import DroppedLetters
from tests.retrieval.shown import shown

CORPUS = frozenset({"hardware", "synthesis", "high", "training"})
DROPPED = DroppedLetters(CORPUS.__contains__, frozenset({"torsten", "hoefler"}))


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        (
            "'as anyone read up on 'igh-level synthesis?",
            "has anyone read up on high-level synthesis?",
        ),
        ("searchin' for 'ardware papers", "searchin' for hardware papers"),  # "g": shorthand
        ("'ow many did 'oefler write?", "how many did hoefler write?"),  # a listed name
        ("’OW ABOUT ’IGH-LEVEL SYNTHESIS", "HOW ABOUT HIGH-LEVEL SYNTHESIS"),  # capitals kept
    ],
)
def test_a_message_dropping_letters_is_read_with_them_back(typed: str, read: str) -> None:
    assert DROPPED.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "papers whose title has 'and' or 'art' in it",  # quoted words
        "rock 'n' roll and 'em",  # a set phrase; "hem" is no word meant
        "the 'graph mining' papers, 'ave a look",  # one word alone
        "Hoefler's papers on spatial computing, and Zhang's",  # possessives
    ],
)
def test_quotes_and_possessives_are_left_as_typed(typed: str) -> None:
    assert DROPPED.read(typed) == typed


def test_a_question_dropping_letters_gets_the_answer_of_its_plain_words(engine: Engine) -> None:
    typed = "'as anyone got a paper on 'igh-level synthesis for FPGAs?"
    plain = "has anyone got a paper on high-level synthesis for FPGAs?"
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert not answer.abstained and shown(answer) == shown(asked)
    assert answer.notes[0] == f"Read as “{plain}”."
