"""How a reply to an answer becomes a question (pure rules, no Discord)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.followup import continues, follow_up, narrowed, question_id, year_filters
from retrieval.engine import Engine
from retrieval.models import UNSURE, Answer, Filters
from tests.bot.test_render import result


def test_which_of_those_from_2023_keeps_the_earlier_papers_of_that_year() -> None:
    got = follow_up("quantization", Filters(), ["p1", "p2"], "and which of those are from 2023?")
    assert got.question == "quantization" and got.within == ("p1", "p2")
    assert (got.filters.year_from, got.filters.year_to) == (2023, 2023)


def test_what_about_a_year_asks_the_earlier_question_again() -> None:
    got = follow_up("quantization", Filters(subject="cs.LG"), ["p1"], "what about 2024?")
    assert got.question == "quantization" and got.within is None
    assert got.filters == Filters(year_from=2024, year_to=2024, subject="cs.LG")


def test_a_new_topic_is_a_new_question_with_the_earlier_filters() -> None:
    got = follow_up("quantization", Filters(author="Zhiru Zhang"), ["p1"], "and graph databases?")
    assert got.question == "and graph databases?" and got.filters.author == "Zhiru Zhang"


def test_year_words() -> None:
    assert year_filters("since 2022", Filters())[0] == Filters(year_from=2022)
    assert year_filters("before 2023", Filters())[0] == Filters(year_to=2022)
    assert year_filters("after 2022 until 2024", Filters())[0] == Filters(2023, 2024)
    # Read as a question's years are: a range, and a count is not a year.
    assert year_filters("and 2022-2023?", Filters())[0] == Filters(2022, 2023)
    assert year_filters("the ones on 2048 GPUs", Filters()) == (Filters(), "the ones on 2048 GPUs")
    listed = Filters(2022, 2024, years=(2022, 2024))
    assert year_filters("and since 2023?", listed)[0] == Filters(2023, 2024)


def test_question_id_comes_from_the_answer_buttons() -> None:
    assert question_id(["pc:abs:p0123456789ab", "pc:fb:42:up"]) == 42
    assert question_id(["pc:more:7:3"]) == 7 and question_id(["other"]) is None


def test_which_of_those_with_a_topic_asks_the_topic_among_them() -> None:
    # "which of those are about graphs?" asked the earlier question again: the whole list.
    got = follow_up("papers from 2024", Filters(), ["p1", "p2"], "which of those are about graphs?")
    assert got.question == "graphs" and got.within == ("p1", "p2")
    by = follow_up("quantization", Filters(), ["p1"], "and which of those are by zhang?")
    assert by.question == "by zhang" and by.within == ("p1",)


def _list_answer() -> Answer:
    return Answer("graph papers", "hybrid", False, (result("Graphs", "We study graphs."),))


LIST = "list"
CARD = "card"
ABSTAINED = "abstained"


@pytest.mark.parametrize(
    ("line", "after", "follows"),
    [
        # refers back: those, them, of/among these, an opening "and", years alone
        ("and which of those are from 2023?", LIST, True),
        ("which of these are from 2024?", LIST, True),
        ("any of them about FPGAs?", LIST, True),
        ("among these, which ones use GPUs", LIST, True),
        ("And graph databases?", LIST, True),
        ("but only the 2022 ones", CARD, True),
        ("what about 2024?", CARD, True),
        ("2023 only?", LIST, True),
        # "what about X" continues a list...
        ("what about graph databases?", LIST, True),
        ("how about sparse attention", LIST, True),
        # ...but names its own topic, paper or author after a card or an abstention
        ("what about the BERT paper, is it in the list?", CARD, False),
        ("what about the GPTQ paper, is it listed?", LIST, False),
        ("how about 'Attention Is All You Need'?", LIST, False),
        ("what about zhang?", CARD, False),
        ("what about graph databases?", ABSTAINED, False),
        # a line that names its own subject and does not refer back starts anew
        ("papers by Zhiru Zhang", LIST, False),
        ("which of these papers use FPGAs?", LIST, False),
        ("is the Transformer paper listed?", LIST, False),
        ("tell me about weather prediction", LIST, False),
    ],
)
def test_a_line_continues_the_last_answer_only_when_it_refers_back(
    line: str, after: str, follows: bool, fake_engine: Engine
) -> None:
    earlier = _list_answer()
    if after == CARD:
        earlier = replace(earlier, author=fake_engine.author("hoefler"))
    elif after == ABSTAINED:
        earlier = replace(earlier, abstained=True, results=(), closest=earlier.results)
    assert continues(line, earlier) is follows
    assert continues(line, None) is False  # nothing to continue


def test_an_empty_narrowing_says_none_of_those_and_shows_them() -> None:
    # It printed "Not a sure match: these are the closest papers", "Filters: 2023" and
    # then no paper at all.
    those = (result("Old One", "We study graphs."), result("Old Two", "We study graphs."))
    those = tuple(replace(r, paper=replace(r.paper, id=f"p{n}")) for n, r in enumerate(those))
    asked = Answer(
        "graph papers",
        "hybrid",
        False,
        (result("Another", "We study graphs."),),  # matches 2023, but is none of those
        filters=Filters(2023, 2023),
        notes=(UNSURE,),
    )
    got = narrowed(asked, ("p0", "p1"), "from 2023", those, Filters())
    assert got.notes == ("None of those is from 2023; these ones, from other years, are:",)
    assert [r.paper.title for r in got.results] == ["Old One", "Old Two"]
    assert not got.abstained and got.filters == Filters()  # not "Filters: 2023" over them
    bare = narrowed(asked, ("p0", "p1"), "from 2023")  # a Discord reply: no papers at hand
    assert bare.abstained and bare.notes == ("None of those is from 2023.",)
    topic = follow_up("quantization", Filters(), ["p0"], "which of those are about graphs?")
    assert topic.narrows == "about “graphs”"
    years = follow_up("quantization", Filters(), ["p0"], "and which of those are from 2023?")
    assert years.narrows == "from 2023"
