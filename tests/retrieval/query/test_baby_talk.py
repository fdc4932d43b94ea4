"""Words typed in baby talk ("w" for "r" and "l") are read as the words they spell."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.baby_talk import BabyTalk
from tests.retrieval.shown import shown

CORPUS = frozenset({"graph", "neural", "network", "networks", "language", "model", "models"})
NAMES = frozenset({"torsten", "hoefler"})
BABY = BabyTalk(lambda word: word in CORPUS, lambda word: word in CORPUS, NAMES)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("pwease wist the gwaph neuwal netwowks", "please list the graph neural networks"),
        (
            "Is thewe a papew on wawge wanguage modews?",
            "Is there a paper on large language models?",
        ),
        ("what did Towsten Hoefwew wwite?", "what did Torsten Hoefler write?"),  # listed names
        ("SHOW ME EVEWY PAPEW", "SHOW ME EVERY PAPER"),  # capitals kept
    ],
)
def test_a_message_in_baby_talk_is_read_as_the_words_it_spells(typed: str, read: str) -> None:
    assert BABY.read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "wow, which papers cover network flows?",  # English words with a w stay
        "the Kowalski paper on Wuhan traffic",  # names that spell nothing
        "is papew a typo?",  # one word alone: a slip, not a way of writing
        "uwu owo >w< any graph papers?",  # faces spell no word
        "Ewa and Wouter asked for WLM and HWS papers",  # names and acronyms
        "Wie viele Papers über Wetter hat er geschrieben?",  # German nouns have capitals
    ],
)
def test_words_with_a_w_are_left_as_typed(typed: str) -> None:
    assert BABY.read(typed) == typed


def test_a_question_in_baby_talk_gets_the_answer_of_its_plain_words(engine: Engine) -> None:
    typed, plain = (
        "which papews quantize wawge wanguage modews?",
        "which papers quantize large language models?",
    )
    answer, asked = engine.ask(typed), engine.ask(plain)
    assert not answer.abstained and shown(answer) == shown(asked)
    assert answer.notes[0] == f"Read as “{plain}”."
