"""Quoted words a question discusses (a headline) or puts beside its ask: not a title.

Every question here was written for these tests.
"""

from __future__ import annotations

from retrieval.engine import Engine
from tests.retrieval.shown import shown


def test_a_quoted_headline_is_searched_as_what_it_says(engine: Engine) -> None:
    answer = engine.ask(
        "“Graph Transformers Finally Scale To Millions Of Nodes” - which listed paper is this about?"
    )
    assert shown(answer)[0].startswith("Polynormer")
    assert not any(note.startswith("No listed paper") for note in answer.notes)


def test_a_quoted_aside_before_an_author_ask_is_no_title(engine: Engine) -> None:
    answer = engine.ask(
        '"Spring Roundup For The Whole Lab" - for the newsletter: '
        "which years are Zhiru Zhang's listed papers from?"
    )
    assert answer.filters.author == "Zhiru Zhang" and not answer.abstained
    assert not any(note.startswith("No listed paper") for note in answer.notes)
