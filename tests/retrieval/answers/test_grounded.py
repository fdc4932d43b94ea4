"""The grounded summary against a fake OpenAI-compatible server that can misbehave.

Each misbehaviour must leave the plain answer exactly as it is without [llm], with one
log line saying why.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace

import pytest

from retrieval.answers import grounded
from retrieval.config import ChromaSettings, LlmSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.models import UNSURE, Answer
from tests.conftest import FakeEmbedder
from tests.fake_llm import FakeLlm, fake_llm

QUESTION = "which papers quantize language model weights to a few bits?"


@pytest.fixture(scope="module")
def llm() -> Iterator[FakeLlm]:
    with fake_llm() as server:
        yield server


@pytest.fixture(scope="module")
def engine(fake_engine: Engine, fake_embedder: FakeEmbedder, llm: FakeLlm) -> Iterator[Engine]:
    """The fake engine's index, with [llm] pointing at the fake server."""
    settings = LlmSettings(base_url=llm.url, model="fake", timeout=0.5, api_key_env="FAKE_KEY")
    chroma = ChromaSettings(path=fake_engine.chroma.path)
    engine = Engine(RetrievalSettings(), chroma, fake_embedder, llm=settings)
    yield engine
    engine.close()


@pytest.fixture
def plain(fake_engine: Engine) -> Answer:
    answer = fake_engine.ask(QUESTION)
    assert len(answer.results) >= 2 and not answer.abstained
    return answer


def summarized(engine: Engine, llm: FakeLlm, mode: str, plain: Answer) -> Answer:
    llm.mode = mode
    answer = engine.summarize(engine.ask(QUESTION), 3)
    assert replace(answer, elapsed_ms=0) == replace(
        plain, elapsed_ms=0, summary=answer.summary, notes=answer.notes
    )
    return answer


def test_a_good_reply_is_shown_with_its_citations(
    engine: Engine, llm: FakeLlm, plain: Answer, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = summarized(engine, llm, "good", plain)
    assert answer.summary is not None
    assert answer.summary.text.startswith('The first paper says "')
    assert answer.summary.text.endswith("about this [1]. Another shown paper addresses it too [2].")
    assert [c.number for c in answer.summary.citations] == [1, 2]
    assert [c.paper for c in answer.summary.citations] == [r.paper for r in plain.results[:2]]
    sent = llm.requests[-1]
    assert sent["model"] == "fake" and sent["max_tokens"] == 300 and sent["temperature"] == 0
    prompt = sent["messages"][-1]["content"]
    assert plain.results[0].snippet.text in prompt and plain.results[0].paper.id not in prompt
    assert answer.notes == plain.notes


def test_the_key_is_read_from_the_named_environment_variable(
    fake_engine: Engine, fake_embedder: FakeEmbedder, llm: FakeLlm, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_KEY", "sk-test-123")
    settings = LlmSettings(base_url=llm.url, model="fake", api_key_env="FAKE_KEY")
    keyed = Engine(RetrievalSettings(), ChromaSettings(path=fake_engine.chroma.path),
                   fake_embedder, llm=settings)  # fmt: skip
    llm.mode = "good"
    keyed.summarize(keyed.ask(QUESTION), 3)
    keyed.close()
    assert llm.authorizations[-1] == "Bearer sk-test-123"


@pytest.mark.parametrize(
    ("mode", "why"),
    [
        ("unshown_key", "summary dropped: it cites [ZZ9Q], which is not a shown paper"),
        ("misquote", "summary dropped: the quote 'solves the problem completely' is not in"),
        ("no_citation", "summary dropped: a sentence cites no paper: 'It is widely used.'"),
        ("slow", "summary left out: no reply within 0.5 s"),
        ("429", "summary left out: rate limited (HTTP 429)"),
        ("500", "summary left out: HTTP 500 from"),
    ],
)
def test_each_misbehaviour_falls_back_to_the_plain_answer(
    engine: Engine,
    llm: FakeLlm,
    plain: Answer,
    caplog: pytest.LogCaptureFixture,
    mode: str,
    why: str,
) -> None:
    with caplog.at_level(logging.WARNING, logger="retrieval.engine"):
        answer = summarized(engine, llm, mode, plain)
    assert answer.summary is None and answer.notes == plain.notes
    (line,) = [r.getMessage() for r in caplog.records if r.name == "retrieval.engine"]
    assert line.startswith(why)


def test_a_declining_reply_makes_the_answer_not_a_sure_match(
    engine: Engine, llm: FakeLlm, plain: Answer
) -> None:
    answer = summarized(engine, llm, "decline", plain)
    assert answer.summary is None and answer.notes == (*plain.notes, UNSURE)


def test_without_llm_settings_nothing_is_asked(fake_engine: Engine, plain: Answer) -> None:
    assert fake_engine.llm is None
    assert fake_engine.summarize(plain, 3) is plain


def test_an_abstention_or_author_card_is_never_summarized(engine: Engine, llm: FakeLlm) -> None:
    before = len(llm.requests)
    card = engine.ask("Torsten Hoefler")
    assert card.author is not None and engine.summarize(card, 3) is card
    assert len(llm.requests) == before


def shown(plain: Answer) -> grounded.Shown:
    abstracts = {r.paper.id: f"Prefix. {r.snippet.text} Suffix." for r in plain.results}
    return grounded.shown_papers(plain, 3, abstracts)


def test_check_accepts_citations_after_the_full_stop_and_lists(plain: Answer) -> None:
    papers = shown(plain)
    a, b = papers.keys[:2]
    words = " ".join(papers.results[1].snippet.text.split()[:3])
    summary = grounded.check(f"Both do it. [{a}, {b}] One says “{words}”. [{b}]", papers)
    assert summary.text == f"Both do it. [1, 2] One says “{words}”. [2]"


def test_check_refuses_a_quote_from_a_paper_the_sentence_does_not_cite(plain: Answer) -> None:
    papers = shown(plain)
    a, b = papers.keys[:2]
    words = " ".join(papers.results[1].snippet.text.split()[:4])
    with pytest.raises(grounded.Rejected, match="not in the abstract of a paper it cites"):
        grounded.check(f'One says "{words}" [{a}]. Fine [{b}].', papers)


def test_check_refuses_more_than_four_sentences(plain: Answer) -> None:
    papers = shown(plain)
    text = " ".join(f"Sentence {n} [{papers.keys[0]}]." for n in range(5))
    with pytest.raises(grounded.Rejected, match="5 sentences"):
        grounded.check(text, papers)
