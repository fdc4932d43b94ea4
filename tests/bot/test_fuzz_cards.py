"""Fuzz what the bot shows: autocomplete choices, and every card at Discord's limits.

Cards are built from results with titles, authors, subjects, snippets and abstracts of
hostile text up to many times the limits, and from answers to fuzzed questions. Each
must become an embed Discord accepts (``tests.bot.discord_limits``) and a terminal text
with no control characters; autocomplete must offer at most 25 choices Discord accepts.
"""

from __future__ import annotations

import random
from collections.abc import Coroutine
from types import SimpleNamespace
from typing import Any, TypeVar

import pytest
from hypothesis import example, given

from bot.autocomplete import author_choices, subject_choices, title_choices
from bot.embeds import to_embed
from bot.render import Card, answer_card, author_card, paper_card
from cli.text import card_text
from retrieval.engine import Engine
from retrieval.models import (
    Answer,
    AuthorSummary,
    PaperDetail,
    PaperRef,
    Result,
    Subject,
    SubjectCount,
)
from retrieval.search.snippets import mark
from retrieval.userinput import clean
from tests.bot.discord_limits import violations
from tests.fuzzing import budget, hostile, only_ours, seeds

pytestmark = pytest.mark.fuzz

T = TypeVar("T")


def complete(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits (the autocomplete callbacks) to its result."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    raise AssertionError("the callback waited for something")


@budget("autocomplete", 1400)
@given(seed=seeds)
@example(seed=0)
def test_autocomplete_offers_choices_discord_accepts(fake_engine: Engine, seed: int) -> None:
    rng = random.Random(seed)
    typed = rng.choice([hostile(rng), "", "gptq", "ho", "cs.", "\ud800", "x" * 200])
    interaction: Any = SimpleNamespace(client=SimpleNamespace(engine=fake_engine))
    for callback in (title_choices, author_choices, subject_choices):
        choices = complete(callback(interaction, typed))
        assert len(choices) <= 25
        for choice in choices:
            assert 1 <= len(choice.name) <= 100 and 1 <= len(choice.value) <= 100
            choice.value.encode("utf-8")


def long_text(rng: random.Random) -> str:
    """Hostile text, sometimes many times longer than any Discord limit."""
    text = hostile(rng, 6)
    return text * rng.choice([1, 1, 1, 8, 60]) or "x"


def paper(rng: random.Random) -> PaperRef:
    subjects = tuple(
        Subject(code, long_text(rng), f"https://arxiv.org/list/{code}/recent")
        for code in rng.choices(["cs.LG", "quant-ph", "math.NT", "cond-mat.dis-nn"], k=rng.randint(0, 30))
    )  # fmt: skip
    return PaperRef(
        id=f"p{rng.getrandbits(48):012x}",
        title=long_text(rng),
        year=rng.choice([1991, 2024, 2100]),
        authors=tuple(long_text(rng) for _ in range(rng.randint(1, 60))),
        subjects=subjects,
        url="https://arxiv.org/search/?query=" + "x" * rng.randint(1, 2000),
    )


def result(rng: random.Random) -> Result:
    text = long_text(rng)
    return Result(paper(rng), rng.random(), mark(text, {"quantiz": 1.0, "gptq": 1.0, "x": 1.0}))


def cards(rng: random.Random) -> list[Card]:
    results = tuple(result(rng) for _ in range(rng.randint(0, 25)))
    summary = AuthorSummary(
        name=long_text(rng), count=rng.randint(0, 10**6), year_min=1991, year_max=2100,
        year_counts={year: rng.randint(1, 99) for year in range(1991, 1991 + rng.randint(0, 110))},
        subjects=tuple(SubjectCount(s, rng.randint(1, 99)) for p in (paper(rng),) for s in p.subjects),
        themes=tuple(long_text(rng) for _ in range(rng.randint(0, 10))),
        representative=tuple(paper(rng) for _ in range(rng.randint(0, 25))),
        most_recent=rng.choice([None, paper(rng)]), coverage=long_text(rng),
    )  # fmt: skip
    answer = Answer(
        question=long_text(rng), mode="hybrid", abstained=rng.random() < 0.3,
        results=results[:5], closest=results[5:8], more=results[8:],
        elapsed_ms=rng.uniform(0, 1e9), author=rng.choice([None, None, summary]),
    )  # fmt: skip
    detail = PaperDetail(
        paper(rng), long_text(rng), rng.uniform(0, 100), tuple(paper(rng) for _ in range(3))
    )
    shown, offset = rng.randint(1, 10), rng.choice([0, 3, 24, 1000])
    return [answer_card(answer, shown, offset), paper_card(detail), author_card(summary)]


def check_card(card: Card) -> None:
    """Assert Discord accepts the card's embed and the terminal gets no control characters."""
    embed = to_embed(card).to_dict()
    assert not violations({"embeds": [embed]}), violations({"embeds": [embed]})
    text = card_text(card)
    assert clean(text) == text


@budget("cards at their limits", 500)
@given(seed=seeds)
@example(seed=0)
def test_every_card_at_its_limits(seed: int) -> None:
    for card in cards(random.Random(seed)):
        check_card(card)


def test_cards_of_fuzzed_questions(fake_engine: Engine) -> None:
    """Answers to hostile questions (not only built ones) render within the limits too."""
    rng = random.Random(11)
    for _ in range(50):
        answer = only_ours(lambda: fake_engine.ask(hostile(rng, 8) + " quantization"))
        if answer is not None:
            check_card(answer_card(answer, rng.randint(1, 10)))
