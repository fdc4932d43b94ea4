"""How a reply to an answer becomes a question (pure rules, no Discord)."""

from __future__ import annotations

from bot.followup import follow_up, question_id, year_filters
from retrieval.models import Filters


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
