"""A question typed as a Prolog or Datalog goal is read as the English question it asks."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.logic_goals import read_goals
from tests.retrieval.shown import shown


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("?- setof(P, about(P, sparse_tensors), Ps).", "which papers about sparse tensors?"),
        (
            "?- paper(P), uses(P, 'FPGA'), year(P, Y), Y >= 2023.",  # a quoted atom in capitals
            "which papers uses FPGA, from 2023 on?",
        ),
        (
            "```prolog\n% reading list for Monday\n?- findall(T, (paper(P), studies(P, routing),"
            "\n    \\+ about(P, wireless), title(P, T)), Ts).\n```",
            "reading list for Monday\nwhich papers studies routing, not about wireless?",
        ),
        (
            "Quick count please:\n?- aggregate_all(count, (paper(P), written_by(P, 'Ada Li')), N).",
            "Quick count please:\nhow many papers written by Ada Li?",
        ),
        ("?- paper(P), year(P, Y), Y < 2023, length(L, N).", "how many papers before 2023?"),
    ],
)
def test_a_goal_is_read_as_an_english_question(typed: str, read: str) -> None:
    assert read_goals(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "which papers use f(x) = max(0, x) as the activation?",  # a call, but no goal
        "what does :- mean in Prolog?",  # a goal's mark, but no call
        "papers on logic programming from 2023",
        "Which paper(s) by Ada Li cover routing? :-)",  # a smiley and a plural, no goal
        "Note:- list the author(s) of sparse(x) kernels",
        "SELECT count(*) FROM papers WHERE year = 2023 :-(",
        "?- paper(P), title(P, T).",  # a goal that says nothing
    ],
)
def test_text_without_a_goal_is_left_as_typed(typed: str) -> None:
    assert read_goals(typed) == typed


def test_a_goal_gets_the_answer_of_its_question(engine: Engine) -> None:
    # Read as words, "setof", "P" and "Ps" were a topic no paper has: it abstained.
    typed = "?- setof(P, about(P, quantization), Ps)."
    answer, asked = engine.ask(typed), engine.ask("which papers about quantization?")
    assert not answer.abstained and shown(answer) == shown(asked)
    listed = engine.ask("?- paper(P), subject(P, 'cs.ET').")
    assert listed.results and {r.paper.subjects[0].code for r in listed.results} == {"cs.ET"}
