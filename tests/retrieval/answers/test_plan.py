"""Which route a question takes, and the filters it reads: a table, on the fake engine.

Each row is a question written for this table, the options set with it, the route the
router must take, and the filters it must apply. A new kind of question adds a row.
"""

from __future__ import annotations

import pytest

from retrieval.answers.listing import Request
from retrieval.answers.routes import ROUTES
from retrieval.engine import Engine
from retrieval.models import Filters

HOEFLER, ZHANG = "Torsten Hoefler", "Zhiru Zhang"
NONE = Filters()

PLANS = [
    # question, options, route, filters applied
    ("thank you so much!", NONE, "thanks", NONE),
    ("papers filed under cs.XY", NONE, "unknown-subject", NONE),
    ("papers not from 2022, 2023 or 2024", NONE, "no-year-left", None),
    ("which titles start with 'Understanding'?", NONE, "titles", NONE),
    ("papers similar to Polynormer", NONE, "similar", NONE),
    ("which papers build on Polynormer?", NONE, "builds-on", NONE),
    (
        "is 'Deep Residual Learning for Image Recognition' in the list?",
        NONE,
        "unlisted-title",
        NONE,
    ),
    ("which papers released their code?", NONE, "code", NONE),
    ("which paper has the most authors?", NONE, "author-count", NONE),
    ("Zhang's papers with the fewest co-authors", NONE, "author-count", Filters(author=ZHANG)),
    ("what has Hoefler worked on?", NONE, "author", Filters(author=HOEFLER)),
    (
        "Zhang's papers from 2024 on graphs",
        NONE,
        "author",
        Filters(year_from=2024, year_to=2024, author=ZHANG),
    ),
    ("graph papers", Filters(author=ZHANG), "author", Filters(author=ZHANG)),
    ("the ResNet paper", NONE, "unlisted-paper", NONE),
    ("Can you summarize Zhang's SlimNet paper?", NONE, "unlisted-name", Filters(author=ZHANG)),
    ("what did the RoboSched work find?", NONE, "unlisted-name", NONE),
    ("I read about RoboSched. Is there a paper on it?", NONE, "unlisted-name", NONE),
    (
        "Hoefler's QuokkaNet topology: what does it cost?",
        NONE,
        "unlisted-name",
        Filters(author=HOEFLER),
    ),
    ("papers by Wei Zhang", NONE, "unknown-author", NONE),
    ("日本語の質問です", NONE, "unreadable", NONE),
    ("which subjects are there?", NONE, "overview", NONE),
    ("papers from 2023", NONE, "listing", Filters(year_from=2023, year_to=2023)),
    ("the oldest papers", NONE, "listing", NONE),
    ("cs.DC papers", NONE, "listing", Filters(subject="cs.DC")),
    # arXiv's own word for a paper's first subject asks for no topic
    ("papers whose primary category is cs.DC", NONE, "listing", Filters(subject="cs.DC")),
    ("quantization of large language models", NONE, "search", NONE),
    ("graph neural networks from 2024", NONE, "search", Filters(year_from=2024, year_to=2024)),
    ("hello?", NONE, "search", NONE),
]


@pytest.mark.parametrize(("question", "options", "route", "filters"), PLANS)
def test_a_question_takes_its_route(
    fake_engine: Engine, question: str, options: Filters, route: str, filters: Filters | None
) -> None:
    plan = fake_engine.router.plan(Request(question, 5, "hybrid", options))
    assert plan.route.name == route
    if filters is not None:
        assert plan.reading.filters == filters


def test_every_route_has_a_row_in_the_table() -> None:
    assert {route.name for route in ROUTES} == {row[2] for row in PLANS}


def test_the_search_route_comes_last_and_takes_anything(fake_engine: Engine) -> None:
    assert ROUTES[-1].name == "search"
    names = [route.name for route in ROUTES]
    assert len(names) == len(set(names))


def test_a_route_note_is_said_first(fake_engine: Engine) -> None:
    answer = fake_engine.ask("is 'Deep Residual Learning for Image Recognition' in the list?")
    assert (
        answer.notes[0]
        == "No listed paper is titled “Deep Residual Learning for Image Recognition”."
    )


def test_a_name_no_listed_paper_mentions_is_said_with_the_authors_closest(
    fake_engine: Engine,
) -> None:
    answer = fake_engine.ask("Can you summarize Zhang's SlimNet paper?")
    assert answer.abstained and not answer.results
    assert (
        answer.notes[0] == "No listed paper mentions “SlimNet”; the closest papers by Zhiru Zhang:"
    )
    assert answer.closest and all("Zhiru Zhang" in r.paper.authors for r in answer.closest)


@pytest.mark.parametrize(
    "question",
    [
        "we prototype on SlimNet boards; which papers quantize language models to 4 bits?",
        "which papers study the robustness of graph neural networks?",
        "tell me about the GPTQ paper",
        # a name only in a sentence before the ask, which points at a person, not at it
        "Doing an MSc with Zhiru Zhang. Which of his papers are listed?",
        "Our lab runs SlimNet clusters. Which papers quantize language models?",
    ],
)
def test_a_name_in_passing_or_a_listed_name_is_not_a_presumption(
    fake_engine: Engine, question: str
) -> None:
    assert (
        fake_engine.router.plan(Request(question, 5, "hybrid", NONE)).route.name != "unlisted-name"
    )
