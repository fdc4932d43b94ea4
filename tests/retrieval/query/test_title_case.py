"""A headline in title case or a line in capitals is read as text, "X's a pain" is no
possessive, and a name opening the noun phrase of what is asked is presumed."""

from __future__ import annotations

import pytest

from retrieval.query.named_things import Absent, presumed, unshouted, untitled


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Tiny Chips Learn To Share Their Memory With Each Other",
         "tiny chips learn to share their memory with each other"),
        ("Why Your H100 Cluster Sits Empty At Night", "why your H100 cluster sits empty at night"),
        ("Is Graph of Thoughts listed?", "Is Graph of Thoughts listed?"),  # a name, not a headline
        ("papers by Zhiru Zhang and Torsten Hoefler", "papers by Zhiru Zhang and Torsten Hoefler"),
        # a title typed in a sentence: a headline starts and ends with a capital
        ("Sparsity Is All You Need paper", "Sparsity Is All You Need paper"),
        ("summarize Sparsity Is All You Need", "summarize Sparsity Is All You Need"),
    ],
)  # fmt: skip
def test_a_stretch_in_title_case_is_read_in_lower_case(text: str, read: str) -> None:
    assert untitled(text) == read


@pytest.mark.parametrize(
    ("text", "built_on"),
    [
        ("SlimNet's results: which paper has them?", True),  # a possessive
        ("SlimNet's main idea, in which paper?", True),
        ("SlimNet's a pain to tune, so which papers tune compilers automatically?", False),
        ("SlimNet's not fast enough; which papers speed up graph mining?", False),
    ],
)
def test_s_after_a_name_is_a_possessive_only_before_what_it_owns(text: str, built_on: bool) -> None:
    name = Absent("SlimNet", 0, len("SlimNet"))
    assert presumed(name, text, topic_words=12) == built_on


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("> OPEN CHEST\nwhich paper is inside?", "> open chest\nwhich paper is inside?"),
        ("NOTE TO SELF\ncite the HammingMesh paper", "note to self\ncite the HammingMesh paper"),
        ("GPTQ, HLS, FPGA\nwhich ones?", "GPTQ, HLS, FPGA\nwhich ones?"),  # names stay
        ("> GO WEST\nwhich paper?", "> GO WEST\nwhich paper?"),  # too short to be shouting
    ],
)
def test_a_line_in_capitals_is_read_in_lower_case(text: str, read: str) -> None:
    assert unshouted(text) == read


@pytest.mark.parametrize(
    ("text", "built_on"),
    [
        ("Is the SlimNet tensor algebra compiler listed?", True),
        ("which paper covers the SlimNet-based graph compiler?", True),
        ("SlimNet budges - which paper is this?", False),  # a mark ends the phrase
        ("SlimNet boards run it all; which papers quantize models?", False),
        ("SlimNet for the graph compiler: which paper?", False),  # "for" is no modifier
    ],
)
def test_a_name_opening_the_phrase_of_what_is_asked_is_presumed(text: str, built_on: bool) -> None:
    name = Absent("SlimNet", text.index("SlimNet"), text.index("SlimNet") + len("SlimNet"))
    assert presumed(name, text, topic_words=12) == built_on


@pytest.mark.parametrize(
    ("text", "built_on"),
    [
        ("Our group reads graph compilers weekly. Which listed paper is SlimNet?", True),
        ("so which one was SlimNet, the graph compiler?", True),
        ("Which of these is SlimNet?", True),
        ("Our tool is SlimNet; which papers compile graphs faster?", False),  # no asked noun
    ],
)
def test_a_name_the_asked_paper_is_said_to_be_is_presumed(text: str, built_on: bool) -> None:
    name = Absent("SlimNet", text.index("SlimNet"), text.index("SlimNet") + len("SlimNet"))
    assert presumed(name, text, topic_words=12) == built_on


@pytest.mark.parametrize(
    "text", ["What dataset is SlimNet used with here?", "Which simulator is SlimNet in the work?"]
)
def test_a_name_said_to_be_a_thing_inside_a_longer_ask_is_no_presumed_paper(text: str) -> None:
    name = Absent("SlimNet", text.index("SlimNet"), text.index("SlimNet") + len("SlimNet"))
    assert not presumed(name, text, topic_words=12)
