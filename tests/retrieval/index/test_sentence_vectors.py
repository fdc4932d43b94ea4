"""Above ``sentence_vectors_up_to`` papers, sentences are embedded only for shown papers.

A corpus that large is built here from the bundled one by setting the limit to 0; the
fake embedder counts every text it embeds.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retrieval.config import ChromaSettings, RetrievalSettings
from retrieval.engine import Engine
from retrieval.index.paper_terms import PaperTerms
from retrieval.models import Paper
from retrieval.text import is_code_sentence, sentences
from tests.conftest import CORPUS, FakeEmbedder

QUESTION = "graph neural networks"  # many matches: results and "more"


@pytest.fixture(scope="module")
def on_demand(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    """The bundled corpus indexed as if it were past the limit."""
    settings = RetrievalSettings(sentence_vectors_up_to=0)
    engine = Engine(
        settings, ChromaSettings(path=tmp_path_factory.mktemp("ondemand")), FakeEmbedder()
    )
    report = engine.ingest([CORPUS])
    assert (report.embedded, report.chunks, report.sentences) == (92, 92, 0)  # none stored
    return engine


def test_ingest_past_the_limit_embeds_chunks_but_no_sentence(on_demand: Engine) -> None:
    index = on_demand.searcher.index
    assert index.sentence_vectors == {}
    assert not on_demand.store.has(index.generation, "sentences")
    assert len(index.sentences) == 36  # split from the abstracts when asked


def test_answers_past_the_limit_embed_the_question_only(on_demand: Engine) -> None:
    """Embedding the shown papers' sentences cost ~300 ms an answer at 100k papers."""
    embedder = on_demand.embedder
    before = embedder.calls
    answer = on_demand.ask(QUESTION, k=3)
    assert answer.results and answer.more
    assert embedder.calls - before == 1
    repeated = on_demand.ask(QUESTION, k=3)
    assert (repeated.results, repeated.more) == (answer.results, answer.more)


def test_sentences_past_the_limit_borrow_the_vector_of_their_chunk(on_demand: Engine) -> None:
    searcher = on_demand.searcher
    index = searcher.index
    for pid in index.paper_ids:
        chunks = [(row, c) for row, c in enumerate(index.chunks) if c.paper_id == pid]
        prepared = searcher.quoter.prepared(pid)
        assert prepared.vectors is not None
        for sentence, vector in zip(index.sentences[pid], prepared.vectors, strict=True):
            holding = [row for row, c in chunks if c.start <= sentence.start < c.end]
            assert any(np.array_equal(vector, index.chunk_vectors[row]) for row in holding)


def test_snippets_past_the_limit_are_verbatim_sentences(on_demand: Engine) -> None:
    answer = on_demand.ask(QUESTION, k=3, quote=on_demand.settings.listed)
    papers = on_demand.searcher.index.papers
    for result in answer.results + answer.more:
        assert result.snippet.text and result.snippet.text in papers[result.paper.id].abstract


def test_the_same_corpus_within_the_limit_gives_the_same_top_papers(
    on_demand: Engine, fake_engine: Engine
) -> None:
    """The chunk cosine stands in for the sentence signal; top answers hold on the fake."""
    for question in ("which papers quantize LLMs to 4 bits?", "stencil computations"):
        here, there = on_demand.ask(question), fake_engine.ask(question)
        assert here.results[:1] and here.results[0].paper == there.results[0].paper


FRAGMENTS = [
    "We release the code.",
    "Code and data are available at https://github.com/x/y.",
    "The implementation is hosted online",
    "open-source solvers such as CPLEX are compared.",
    "This library will be made available as open source.",
    "We study sparse attention",
    "artifacts",
    "released",
    "e.g. the code.",
    "Fig. 3 shows www.example.org results!",
    "\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=30), max_size=8))
def test_skipping_the_split_of_abstracts_without_code_keeps_the_code_fact(
    pieces: list[str],
) -> None:
    """An index splits only abstracts where a code sentence could be; the fact is the same."""
    paper = Paper("p1", "A title", " ".join(pieces), 2024, (), ())
    shortcut = PaperTerms.compute(
        [paper], lambda p: sentences(p.abstract) if is_code_sentence(p.abstract) else []
    )
    assert shortcut.code.tolist() == [code_fact(paper)]


def test_the_bundled_papers_code_facts_are_the_same_with_the_shortcut(
    fake_engine: Engine,
) -> None:
    index = fake_engine.searcher.index
    facts = [code_fact(index.papers[pid]) for pid in index.paper_ids]
    assert index.terms.code.tolist() == facts
    assert any(facts)


def code_fact(paper: Paper) -> bool:
    return any(is_code_sentence(s.text) for s in sentences(paper.abstract))


def test_raising_the_limit_past_the_corpus_adds_sentence_vectors_and_reuses_chunks(
    tmp_path: Path,
) -> None:
    chroma = ChromaSettings(path=tmp_path / "index")
    below = Engine(RetrievalSettings(sentence_vectors_up_to=0), chroma, FakeEmbedder())
    first = below.ingest([CORPUS])
    above = Engine(RetrievalSettings(sentence_vectors_up_to=100), chroma, FakeEmbedder())
    second = above.ingest([CORPUS])
    assert not second.unchanged and second.generation != first.generation
    assert second.embedded == second.sentences == 286  # the chunks' vectors are reused
    assert len(above.searcher.index.sentence_vectors) == 36
