"""Fuzz what users type: questions, filters, titles and names through the ``Engine``.

Inputs hold arbitrary Unicode, lone surrogates, control characters and terminal escapes,
markdown and mentions. Only papercord's own errors may escape; an answer must be what a
user can be shown: its question clean, its JSON encodable as UTF-8, its quotes verbatim
from the abstracts, no more papers than asked for.
"""

from __future__ import annotations

import json
import random
from typing import get_args

import pytest
from hypothesis import example, given

from retrieval.config import Mode
from retrieval.engine import Engine
from retrieval.models import Answer, Filters, to_jsonable
from retrieval.userinput import clean
from tests.fuzzing import budget, hostile, only_ours, seeds

pytestmark = pytest.mark.fuzz

MODES: tuple[Mode, ...] = get_args(Mode)
SUBJECTS = [None, "cs.LG", "CS.lg", "quant-ph", "cs", "not a code!!", "", "cs.LG\x1b[0m"]
AUTHORS = [None, "hoefler", "Zhiru Zhang", "T. Hoefler", "nobody at all", "", "@everyone"]
PINNED = ["\ud800", "caf\udce9 GPTQ", "GPTQ \x1b[31mquantization\x1b[0m\x07", "**[x](y)** <@1>"]


def check(answer: Answer, engine: Engine, k: int | None) -> None:
    """Assert what the CLI, the console and Discord need of an answer."""
    assert clean(answer.question) == answer.question and answer.question.strip()
    assert len(answer.results) <= (k or engine.settings.results)
    json.dumps(to_jsonable(answer), ensure_ascii=False).encode("utf-8")  # strict: no surrogates
    papers = engine.searcher.index.papers
    for result in (*answer.results, *answer.more, *answer.closest):
        assert result.snippet.text in papers[result.paper.id].abstract


QUESTIONS = [
    "which papers quantize LLMs to 4 bits?", "stencil computations on FPGAs",
    "graph neural networks robustness", "how many Hoefler papers?", "Zhiru Zhang's accelerators",
]  # fmt: skip


def decorated(rng: random.Random) -> str:
    """A real question with hostile pieces inserted between its words."""
    words = rng.choice(QUESTIONS).split()
    for _ in range(rng.randint(1, 4)):
        words.insert(rng.randint(0, len(words)), hostile(rng, 2))
    return " ".join(words)


def ask_randomly(engine: Engine, seed: int) -> None:
    rng = random.Random(seed)
    question = rng.choice([hostile(rng, 8), decorated(rng), PINNED[seed % len(PINNED)]])
    low = rng.choice([None, None, 1991, 2023, 2024, 0, 99999])
    high = rng.choice([None, None, 2022, 2024, 2100, -5])
    filters = Filters(
        year_from=low, year_to=high,
        subject=rng.choice([None, None, None, *SUBJECTS, hostile(rng, 2)]),
        author=rng.choice([None, None, None, *AUTHORS, hostile(rng, 2)]),
    )  # fmt: skip
    k = rng.choice([None, 1, 3, 25])
    mode = rng.choice([None, *MODES])
    answer = only_ours(lambda: engine.ask(question, k=k, mode=mode, filters=filters))
    if answer is not None:
        check(answer, engine, k)


@budget("questions through Engine.ask (fake model)", 1500)
@given(seed=seeds)
@example(seed=0)
def test_questions_through_ask(fake_engine: Engine, seed: int) -> None:
    ask_randomly(fake_engine, seed)


@budget("questions through Engine.ask (ONNX model)", 200)
@given(seed=seeds)
@example(seed=0)
def test_questions_through_ask_with_the_real_tokenizer(engine: Engine, seed: int) -> None:
    # The real tokenizer is where a lone surrogate raised TypeError: TextEncodeInput.
    ask_randomly(engine, seed)


@budget("titles through Engine.paper", 1200)
@given(seed=seeds)
def test_titles_through_paper(fake_engine: Engine, seed: int) -> None:
    rng = random.Random(seed)
    titles = list(fake_engine.titles().values())
    query = rng.choice([hostile(rng), rng.choice(titles)[: rng.randint(0, 40)] + hostile(rng, 2)])
    detail = only_ours(lambda: fake_engine.paper(query))
    if detail is not None:
        assert detail.paper.title in titles and len(detail.related) <= 3
        json.dumps(to_jsonable(detail), ensure_ascii=False).encode("utf-8")


@budget("names through Engine.author", 1200)
@given(seed=seeds)
def test_names_through_author(fake_engine: Engine, seed: int) -> None:
    rng = random.Random(seed)
    name = rng.choice([hostile(rng), rng.choice(AUTHORS[1:]) + hostile(rng, 2), "hoefler"])
    summary = only_ours(lambda: fake_engine.author(name))
    if summary is not None:
        assert summary.name in {"Torsten Hoefler", "Zhiru Zhang"} and summary.count == 18
        json.dumps(to_jsonable(summary), ensure_ascii=False).encode("utf-8")
