"""Which named papers a question sets aside."""

from __future__ import annotations

import re

import pytest

from retrieval.query.known_papers import set_aside, without_known


def spans(text: str, name: str) -> list[tuple[str, int, int]]:
    return [(name, m.start(), m.end()) for m in re.finditer(re.escape(name), text)]


@pytest.mark.parametrize(
    ("question", "aside"),
    [
        ("Besides Allo, which papers design accelerators?", True),
        ("other than Allo, any accelerator languages?", True),
        ("Allo aside, what else is on accelerators?", True),
        ("We know Allo. Is there another accelerator language?", True),
        ("Allo is listed; is there also one on HLS?", True),
        ("Is there a second accelerator paper? I already know Allo.", True),
        ("the follow-up to Allo: is it listed?", True),
        ("which paper by the same group as Allo does HLS?", True),
        ("No, Allo isn't it. I mean a language for quantum circuits.", True),
        ("Allo is not the one I mean; which other accelerator paper is?", True),
        ("It's Allo, isn't it?", False),  # a tag that checks a guess
        ("Allo isn't it?", False),
        ("Allo isnt it. I mean a language for quantum circuits.", True),
        ("Allo isn't the one on quantum circuits?", False),  # a guess checked
        ("the accelerator language is Allo isn't it", False),
        ("Allo isn't the one I'd cite, right?", False),
        ("every accelerator paper, including Allo", False),
        ("I know Allo. List every accelerator language, Allo included.", False),
        ("Is Allo in the list? Is there also one on HLS?", False),  # asked about too
        ("Which paper proposes Allo and also compares it to HLS?", False),
        ("We use Allo. Which second-order methods are listed?", False),
        ("Allo is great. Which year is it from?", False),
        ("Allo composes accelerators. Which other tools does it beat?", False),
    ],
)
def test_a_named_paper_is_set_aside_when_the_question_asks_beyond_it(
    question: str, aside: bool
) -> None:
    assert set_aside(question, spans(question, "Allo")) == ({"Allo"} if aside else set())


def test_what_is_left_is_what_is_asked() -> None:
    question = "What else has Zhang written besides Allo?"
    assert without_known(question, spans(question, "Allo")) == "What has Zhang written ?"
