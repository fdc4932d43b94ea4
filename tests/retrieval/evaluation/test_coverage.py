"""Unanswered questions are grouped by the topic terms they share."""

from __future__ import annotations

from retrieval.evaluation.coverage import group_questions


def test_questions_on_one_topic_group_and_framing_words_do_not() -> None:
    groups = group_questions(
        [
            "which papers predict earthquakes?",
            "earthquake prediction papers",
            "papers on protein folding",
            "any work on earthquake prediction with satellites?",
            "protein folding with transformers",
            "papers about quantum chemistry",
        ]
    )
    assert [(g.words, g.count) for g in groups] == [
        (("predict", "earthquakes"), 3),
        (("protein", "folding"), 2),
        (("quantum", "chemistry"), 1),
    ]
    assert groups[0].example == "which papers predict earthquakes?"


def test_at_most_ten_groups_largest_first() -> None:
    questions = [f"papers on topic{n}" for n in range(12)] + ["topic11 again?", "topic11"]
    groups = group_questions(questions)
    assert len(groups) == 10 and groups[0].count == 3 and groups[0].words == ("topic11",)
    assert [g.words for g in groups[1:3]] == [("topic0",), ("topic1",)]


def test_questions_of_framing_words_only_are_skipped() -> None:
    assert group_questions(["any papers?", "which work?"]) == []
