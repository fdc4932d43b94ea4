"""Which named papers a question sets aside."""

from __future__ import annotations

import re

import pytest

from retrieval.query.known_papers import INCLUDED, kept, set_aside, without_kept, without_known


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
        ("We read Allo. Which accelerator papers should we read next?", True),
        ("Allo is great. What's next?", False),  # what comes next, not what to read
        ("Allo composes accelerators. Is Allo the one to read next?", False),  # asked again
        ("Allo composes accelerators. What should I cite next, Allo or Slapo?", False),
        ("Allo composes accelerators. What does the paper try next?", False),
        ("Does Allo do next-token prediction?", False),
    ],
)
def test_a_named_paper_is_set_aside_when_the_question_asks_beyond_it(
    question: str, aside: bool
) -> None:
    assert set_aside(question, spans(question, "Allo")) == ({"Allo"} if aside else set())


def test_what_is_left_is_what_is_asked() -> None:
    question = "What else has Zhang written besides Allo?"
    assert without_known(question, spans(question, "Allo")) == "What has Zhang written ?"


def named(text: str, *names: str) -> list[tuple[str, int, int]]:
    return [span for name in names for span in spans(text, name)]


@pytest.mark.parametrize(
    "question",
    [
        "Which accelerator papers are there besides Allo and Slapo?",
        "apart from Allo, Slapo or UniSparse, any compiler papers?",
        "Allo and Slapo aside, what else is on compilers?",
    ],
)
def test_names_joined_to_one_set_aside_are_set_aside_too(question: str) -> None:
    found = named(question, "Allo", "Slapo", "UniSparse")
    assert set_aside(question, found) == {pid for pid, _, _ in found}


@pytest.mark.parametrize(
    ("question", "keeps", "topic"),
    [
        ("List every compiler paper, Allo and Slapo included.", {"Allo", "Slapo"},
         "List every compiler paper, ."),
        ("all the compiler papers, including Allo", {"Allo"}, "all the compiler papers,"),
        ("compiler papers, Slapo too", {"Slapo"}, "compiler papers,"),
        ("Allo and the other compiler papers", {"Allo"}, "compiler papers"),
        ("Slapo plus every other compiler paper", {"Slapo"}, "compiler paper"),
        ("Which paper compares Allo with Slapo?", set(), None),
    ],
)  # fmt: skip
def test_names_a_list_keeps_are_read_apart_from_its_topic(
    question: str, keeps: set[str], topic: str | None
) -> None:
    found = named(question, "Allo", "Slapo")
    assert kept(question, found) == keeps
    if topic is not None:
        assert without_kept(question, [s for s in found if s[0] in keeps]) == topic


def test_only_included_keeps_a_name_in_a_question_for_one_paper() -> None:
    question = "Is Allo too slow for HLS?"
    assert kept(question, named(question, "Allo")) == {"Allo"}  # read so in a list only
    assert not kept(question, named(question, "Allo"), after=INCLUDED)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # two names in one statement: the sentence goes once, and the ask is intact
        ("We read Allo and Slapo. Which other compiler papers are there?",
         "Which compiler papers are there?"),
        ("Which compiler papers are there besides Allo and Slapo?",
         "Which compiler papers are there ?"),
    ],
)  # fmt: skip
def test_every_name_set_aside_goes_and_only_it(question: str, asked: str) -> None:
    assert without_known(question, named(question, "Allo", "Slapo")) == asked


def test_words_that_set_names_aside_outweigh_words_that_keep_them() -> None:
    question = "Besides Allo and the other compiler papers, what is there on HLS?"
    assert set_aside(question, named(question, "Allo")) == {"Allo"}
    stated = "We discussed Allo and the other compiler papers. Is there another one on HLS?"
    assert set_aside(stated, named(stated, "Allo")) == {"Allo"}


def test_a_comma_alone_joins_no_names() -> None:
    question = "Besides Allo, Slapo is the one I'd pick. What does Slapo propose?"
    assert set_aside(question, named(question, "Allo", "Slapo")) == {"Allo"}
