"""Questions typed in Pig Latin are read back into the words they move around."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.pig_latin import PigLatin
from tests.retrieval.shown import shown, writes

LIST_WRITES = writes(["which", "papers", "paper", "use", "graph", "graphs", "quantum", "and"])


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("ichwhay aperspay useway aphgray odelsmay?", "which papers use graph models?"),
        ("Ichwhay aperspay areway aboutway uantumqay?", "Which papers are about quantum?"),
        # names and codes left as typed stay
        ("ichwhay aperspay useway GNNs onway A100 ipschay?", "which papers use GNNs on A100 chips?"),
    ],
)  # fmt: skip
def test_a_message_in_pig_latin_is_read_back(typed: str, read: str) -> None:
    assert PigLatin(LIST_WRITES, frozenset()).read(typed) == read


@pytest.mark.parametrize(
    "text",
    [
        "any paper today on array layouts for display hardware?",  # English words in "ay"
        "okay, which graph papers came out in May?",
        "ay ay ay, which papers?",
    ],
)
def test_english_with_words_ending_in_ay_stays_as_typed(text: str) -> None:
    assert PigLatin(LIST_WRITES, frozenset()).read(text) == text


def test_a_question_in_pig_latin_finds_what_it_asks(engine: Engine) -> None:
    # Before, no word of it was read: it abstained, or listed papers chosen at random.
    asked = "ichwhay aperspay areway aboutway uantumqay omputerscay?"
    answer = engine.ask(asked)
    plain = engine.ask("which papers are about quantum computers?")
    assert shown(answer) == shown(plain) and shown(plain)
    assert answer.notes[0] == "Read as “which papers are about quantum computers?”."
    counted = engine.ask("owhay anymay aperspay areway omfray 2023?")
    of_2023 = sum(p.year == 2023 for p in engine.searcher.index.papers.values())
    assert f"{of_2023} listed papers match." in counted.notes
