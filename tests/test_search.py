"""What a user sees from ``ask``: the right papers, verbatim quotes, abstentions, filters."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval import fusion
from retrieval.engine import Engine
from retrieval.errors import QueryError
from retrieval.models import Filters
from retrieval.search import check_question


def titles(answer) -> list[str]:
    return [r.paper.title for r in answer.results + answer.more]


@pytest.mark.parametrize("mode", ["bm25", "vector", "hybrid"])
def test_specific_question_finds_its_paper_in_every_mode(engine: Engine, mode: str) -> None:
    answer = engine.ask("one-shot post-training weight quantization of GPT models", mode=mode)
    assert not answer.abstained and answer.mode == mode
    assert titles(answer)[0].startswith("GPTQ")


def test_hybrid_finds_what_only_the_words_give_away(engine: Engine) -> None:
    # The GPTQ abstract never says "LLM"; vector search alone prefers an LLM-formats paper.
    answer = engine.ask("which papers quantize LLMs to 4 bits?")
    assert titles(answer)[0].startswith("GPTQ")


def test_snippet_is_a_verbatim_sentence_with_marked_terms(engine: Engine) -> None:
    answer = engine.ask("how many GPU hours does it take to quantize a 175 billion model?")
    top = answer.results[0]
    abstract = engine.searcher.index.papers[top.paper.id].abstract
    assert top.snippet.text in abstract
    assert "four GPU hours" in top.snippet.text
    assert "**GPU hours**" in top.snippet.marked and "**quantize**" in top.snippet.marked
    asked = {"gpu", "hours", "quantize", "175", "billion", "models"}
    for start, end in top.snippet.highlights:
        assert set(top.snippet.text[start:end].casefold().split()) <= asked


def test_every_returned_snippet_is_verbatim(engine: Engine) -> None:
    for question in ["graph neural networks", "weather and climate", "sparse formats"]:
        answer = engine.ask(question)
        for result in answer.results + answer.more + answer.closest:
            abstract = engine.searcher.index.papers[result.paper.id].abstract
            assert result.snippet.text and result.snippet.text in abstract


def test_topic_question_returns_every_clearly_relevant_paper(engine: Engine) -> None:
    answer = engine.ask("papers on adversarial attacks or robustness for graph models")
    found = titles(answer)
    assert {t.split(":")[0] for t in found} == {"GARNET", "SAGMAN"}


def test_unanswerable_question_abstains_and_lists_three_closest(engine: Engine) -> None:
    answer = engine.ask("earthquake detection from seismic waveforms with deep learning")
    assert answer.abstained and not answer.results
    assert len(answer.closest) == 3 and all(r.snippet.text for r in answer.closest)


def test_filters_restrict_results(engine: Engine) -> None:
    answer = engine.ask("quantization", filters=Filters(year_from=2024, year_to=2024))
    assert answer.results and all(r.paper.year == 2024 for r in answer.results + answer.more)
    answer = engine.ask("graph", filters=Filters(subject="cs.DC"))
    assert all("cs.DC" in [s.code for s in r.paper.subjects] for r in answer.results + answer.more)
    answer = engine.ask("quantization", filters=Filters(author="Torsten Hoefler"))
    assert titles(answer) and all("GPTQ" in t for t in titles(answer)[:1])
    assert all(r.paper.authors == ("Torsten Hoefler",) for r in answer.results + answer.more)


def test_question_naming_an_author_gets_the_author_summary(engine: Engine) -> None:
    answer = engine.ask("how many Zhiru Zhang papers do you have?")
    assert answer.author is not None and answer.author.count == 18
    topical = engine.ask("Hoefler's papers on quantization")
    assert topical.author is None and titles(topical)[0].startswith("GPTQ")
    assert topical.filters.author == "Torsten Hoefler"


def test_results_respect_k_and_keep_the_rest_as_more(engine: Engine) -> None:
    answer = engine.ask("graph neural networks", k=2)
    assert len(answer.results) == 2 and answer.more


@pytest.mark.parametrize("question", ["", "   ", "\n\t"])
def test_empty_question_is_refused(engine: Engine, question: str) -> None:
    with pytest.raises(QueryError, match="ask a question"):
        engine.ask(question)


def test_ten_thousand_character_question_is_refused(engine: Engine) -> None:
    with pytest.raises(QueryError, match="10,000 characters long"):
        engine.ask("x" * 10_000)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=600))
def test_any_text_is_either_a_question_or_a_clear_refusal(text: str) -> None:
    try:
        cleaned = check_question(text, 500)
    except QueryError as error:
        assert str(error)
    else:
        assert cleaned == cleaned.strip() and 0 < len(cleaned) <= 500


@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=120).filter(lambda s: s.strip()))
def test_asking_anything_never_crashes(engine: Engine, text: str) -> None:
    answer = engine.ask(text)
    assert answer.abstained or answer.results or answer.author is not None
    assert len(answer.closest) == (3 if answer.abstained else 0)


def test_rrf_matches_its_formula() -> None:
    fused = fusion.rrf([["a", "b"], ["b", "c"]], k=60)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["a"] == pytest.approx(1 / 61) and fused["c"] == pytest.approx(1 / 62)
    assert fusion.ranking(fused) == ["b", "a", "c"]


def test_convex_combination_and_normalization() -> None:
    lexical = fusion.normalize_max({"a": 10.0, "b": 5.0, "c": 0.0})
    vector = fusion.normalize_max({"a": 0.0, "b": 1.0}, floor=-1.0)
    assert lexical == {"a": 1.0, "b": 0.5, "c": 0.0} and vector == {"a": 0.5, "b": 1.0}
    fused = fusion.convex(lexical, vector, weight=0.25)
    assert fused["a"] == pytest.approx(0.25 * 0.5 + 0.75 * 1.0)
    assert fused["c"] == pytest.approx(0.0)
    with pytest.raises(ValueError, match="unknown fusion"):
        fusion.fuser("max", 0.5, 60)


def test_top_k_returns_largest_first() -> None:
    import numpy as np

    values = np.array([0.1, 0.9, 0.5, 0.7])
    assert fusion.top_k(values, 2).tolist() == [1, 3]
    assert fusion.top_k(values, 10).tolist() == [1, 3, 2, 0]
