"""Scoring answers per type and style, and what counts as handling an author question."""

from __future__ import annotations

import pytest

from retrieval.config import DATA
from retrieval.engine import Engine
from retrieval.errors import QueryError
from retrieval.evaluation.scoring import Report, author_handled, evaluate, load_questions, score
from retrieval.models import UNSURE, Answer, PaperRef, Result, Snippet

TITLES = {"p1": "Alpha Paper", "p2": "Beta Paper", "p3": "Gamma Paper"}


def result(pid: str, author: str = "Ada Lovelace") -> Result:
    ref = PaperRef(pid, TITLES[pid], 2024, (author,), (), "https://x")
    return Result(ref, 0.5, Snippet("s", "s", ()))


def test_multi_questions_are_scored_on_results_and_more() -> None:
    report = Report("hybrid")
    row = {"id": "m1", "type": "multi", "style": "list", "question": "which?",
           "gold": ["Alpha Paper", "Beta Paper"]}  # fmt: skip
    answer = Answer("q", "hybrid", False, (result("p1"),), more=(result("p2"), result("p3")))
    score(report, row, answer, TITLES)
    assert report.metric("multi", "R") == 1.0 and report.metric("multi", "P") == pytest.approx(
        2 / 3, abs=1e-3
    )
    assert report.metric("multi", "P@1") == 1.0  # the paper listed first is a gold one


def test_a_list_led_by_a_wrong_paper_scores_zero_at_one() -> None:
    report = Report("hybrid")
    row = {"id": "m1", "type": "multi", "question": "which?", "gold": ["Alpha Paper"]}
    score(report, row, Answer("q", "hybrid", False, (result("p3"), result("p1"))), TITLES)
    assert report.metric("multi", "P@1") == 0.0 and report.metric("multi", "R") == 1.0


def test_a_paper_question_scores_r_at_1_on_the_paper_listed_first() -> None:
    report = Report("hybrid")
    row = {"id": "p1", "type": "paper", "question": "which?", "gold": ["Alpha Paper"]}
    # The ranking has the gold first, but the reply lists another paper first.
    shown_second = Answer("q", "hybrid", False, (result("p2"), result("p1")), ranking=("p1", "p2"))
    score(report, row, shown_second, TITLES)
    abstained = Answer("q", "hybrid", True, (), ranking=("p1", "p2"))
    score(report, row, abstained, TITLES)
    score(report, row, Answer("q", "hybrid", False, (result("p1"),), ranking=("p1",)), TITLES)
    assert [o.values["R@1"] for o in report.outcomes] == [0.0, 0.0, 1.0]
    assert [o.values["MRR"] for o in report.outcomes] == [1.0, 1.0, 1.0]  # the ranking's


def test_breakdown_reports_each_style_and_the_type_as_a_whole() -> None:
    report = Report("hybrid")
    for n, style in enumerate(["chatty", "chatty", "famous"]):
        row = {"id": f"n{n}", "type": "none", "style": style, "question": "anything?"}
        shown = () if style == "chatty" else (result("p1"),)
        score(report, row, Answer("q", "hybrid", style == "chatty", shown), TITLES)
    rows = {(r["type"], r["style"]): r for r in report.breakdown()}
    assert rows[("none", "chatty")]["abstain"] == 1.0 and rows[("none", "famous")]["abstain"] == 0.0
    assert rows[("none", "all")]["n"] == 3


def test_a_reply_that_lists_no_paper_as_an_answer_counts_as_abstaining() -> None:
    # An author's card saying none of theirs is from the year asked shows no paper as
    # the answer: for an unanswerable question that is flagged, not answered as if sure;
    # for a question one paper answers, it wrongly abstained.
    card = Answer("q", "hybrid", False, (), notes=("No listed paper by X is from 2024.",))
    sure = Answer("q", "hybrid", False, (result("p1"),), ranking=("p1",))
    report = Report("hybrid")
    for n, answer in enumerate((card, sure)):
        score(report, {"id": f"n{n}", "type": "none", "question": "?"}, answer, TITLES)
        row = {"id": f"p{n}", "type": "paper", "question": "?", "gold": ["Alpha Paper"]}
        score(report, row, answer, TITLES)
    summary = report.summary()
    assert summary["none_flagged_rate"] == 0.5 and summary["none_abstain_rate"] == 0.5
    assert summary["paper_wrongly_abstained"] == 0.5 and summary["R@1"] == 0.5


def test_an_author_question_is_handled_by_the_card_or_a_list_of_only_their_papers() -> None:
    only = Answer("q", "hybrid", False, (result("p1"), result("p2")))
    mixed = Answer("q", "hybrid", False, (result("p1"), result("p2", "Someone Else")))
    assert author_handled(only, "Ada Lovelace") and not author_handled(mixed, "Ada Lovelace")
    assert not author_handled(Answer("q", "hybrid", True, ()), "Ada Lovelace")


def test_a_right_paper_said_to_be_no_sure_match_is_counted_as_unsure() -> None:
    def ask(question: str) -> Answer:
        notes = (UNSURE,) if "maybe" in question else ()
        return Answer(question, "hybrid", False, (result("p1"),), ranking=("p1",), notes=notes)

    rows = [
        {"id": "sure", "type": "paper", "question": "alpha?", "gold": ["Alpha Paper"]},
        {"id": "unsure", "type": "paper", "question": "maybe alpha?", "gold": ["Alpha Paper"]},
    ]
    report = evaluate(rows, ask, "hybrid", TITLES)
    assert [o.values["unsure"] for o in report.outcomes] == [0.0, 1.0]
    assert report.summary()["paper_right_but_unsure"] == 0.5


def test_a_question_papercord_refuses_is_scored_as_an_abstention() -> None:
    def ask(question: str) -> Answer:
        if len(question) > 500:
            raise QueryError("that question is 600 characters long; ask in at most 500")
        return Answer(question, "hybrid", False, (result("p1"),), ranking=("p1",))

    rows = [
        {"id": "long", "type": "paper", "question": "x" * 600, "gold": ["Alpha Paper"]},
        {"id": "ok", "type": "paper", "question": "alpha?", "gold": ["Alpha Paper"]},
    ]
    report = evaluate(rows, ask, "hybrid", TITLES)
    assert [o.values["false_abstain"] for o in report.outcomes] == [1.0, 0.0]


@pytest.mark.parametrize(
    "name",
    [
        "dev.jsonl",
        "dev2.jsonl",
        "blind-a.jsonl",
        "blind-b.jsonl",
        "blind-c.jsonl",
        "blind-h.jsonl",
        "blind-k.jsonl",
        "blind-m.jsonl",
        "blind-n.jsonl",
        "blind-p.jsonl",
        "blind-q.jsonl",
        "blind-r.jsonl",
        "blind-s.jsonl",
        "blind-t.jsonl",
    ],
)
def test_every_shipped_question_set_loads_and_names_only_listed_papers(
    engine: Engine, name: str
) -> None:
    # A corpus change that renames a paper must not silently turn a gold title into a miss.
    titles = set(engine.titles().values())
    rows = load_questions(DATA / "eval" / name)
    assert rows and all(set(row.get("gold", [])) <= titles for row in rows)
