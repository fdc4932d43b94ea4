"""Everyday words in a question get their technical term, so the abstracts' words match."""

from __future__ import annotations

from retrieval.engine import Engine
from retrieval.query.plain_words import Glossary


def test_everyday_phrases_get_their_technical_term_once() -> None:
    glossed = Glossary(lambda word: True).gloss(
        "running chatbots on one graphics card, or two graphics cards"
    )
    assert glossed.count("(GPU)") == 1 and "chatbots (large language model)" in glossed


def test_a_term_the_question_already_says_is_not_added() -> None:
    glossary = Glossary(lambda word: True)
    assert glossary.gloss("a GPU, the graphics card") == "a GPU, the graphics card"


def test_the_first_term_the_corpus_uses_is_taken() -> None:
    # "special-purpose chip" is "ASIC / accelerator": no abstract says "ASIC".
    glossary = Glossary(lambda word: word.casefold() != "asic")
    assert glossary.gloss("a special-purpose chip") == "a special-purpose chip (accelerator)"
    nothing = Glossary(lambda word: False)
    assert nothing.gloss("a special-purpose chip") == "a special-purpose chip"


def test_a_question_in_everyday_words_finds_the_papers(engine: Engine) -> None:
    # "reprogrammable chip" shares no word with "FPGA": it abstained.
    answer = engine.ask("which papers run on a reprogrammable chip?")
    assert not answer.abstained
    found = [r.paper.title for r in (*answer.results, *answer.more)]
    assert len(found) >= 2 and all("FPGA" in engine.searcher.index.papers[r.paper.id].abstract
                                   for r in (*answer.results, *answer.more))  # fmt: skip


def test_a_question_saying_a_term_in_other_words_gets_it(engine: Engine) -> None:
    # The RDMA paper never spells out "RDMA", and MiniLM does not know it: it ranked 5th.
    question = (
        "any overview of how servers can read and write each other's memory straight over "
        "the network, without the CPU?"
    )
    assert engine.searcher.searched(question).endswith("(RDMA)")
    answer = engine.ask(question)  # shown first, as an answer or as the closest paper
    shown = answer.results or answer.closest
    assert shown[0].paper.title == "Efficient RDMA Communication Protocols"


def test_a_short_question_is_not_matched_by_meaning(engine: Engine) -> None:
    # "quantum computing" is close to "quantum internet" (0.67) only by sharing a word.
    assert engine.searcher.searched("quantum computing papers") == "quantum computing papers"


def test_an_everyday_word_with_a_term_is_not_what_the_list_lacks(engine: Engine) -> None:
    # "chatbot" is in no abstract; "large language model" is: it abstained.
    answer = engine.ask("Which papers are about chatbots?")
    assert not answer.abstained and len(answer.results) >= 2
    for result in answer.results:
        abstract = engine.searcher.index.papers[result.paper.id].abstract.casefold()
        assert "language model" in abstract or "llm" in abstract
