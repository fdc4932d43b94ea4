"""An acronym no listed paper writes is read as the title words whose initials spell it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from retrieval.engine import Engine
from retrieval.models import UNSURE
from retrieval.query.initials import TitleInitials, typed_initials


@dataclass(frozen=True)
class Listed:
    title: str
    abstract: str


PAPERS = [
    Listed("Sparse Mixture-of-Experts for Vision", "A mixture of experts routes each patch."),
    Listed("Fast Neural Machine Translation", "We speed up neural machine translation."),
    Listed("Robust Graph Learning", "Robust graph learning under attack."),
    Listed("Sparse Neural Network Kernels", "Sparse neural networks run fast."),
    Listed("Spiking Neural Network Hardware", "Spiking neural network chips."),
    Listed("Tools and Methods", "Tools and methods for tools."),
    Listed("Efficient Packet Routing Protocols", "We route packets with new protocols."),
    Listed("Binarized Speech Recognition", "We binarize the weights for speech recognition."),
]
WORDS = frozenset({"gnn", "sparse", "mixture", "experts"})


def _read(question: str) -> tuple[str, dict[str, str]]:
    return TitleInitials(lambda: PAPERS, WORDS).expand(question)


@pytest.mark.parametrize(
    ("typed", "acronym", "words"),
    [
        ("any MoE papers?", "MoE", "Mixture-of-Experts"),  # a small letter for "of"
        ("which paper speeds up NMT", "NMT", "Neural Machine Translation"),
        ("RGLs on a budget", "RGLs", "Robust Graph Learning"),  # a plural "s" dropped
        # its abstract says the title's term less the first word: "speech recognition"
        ("any BSR work?", "BSR", "Binarized Speech Recognition"),
    ],
)
def test_an_acronym_the_corpus_lacks_is_read_as_title_words(
    typed: str, acronym: str, words: str
) -> None:
    assert _read(typed) == (typed.replace(acronym, words), {acronym: words})


@pytest.mark.parametrize(
    "typed",
    [
        "GNN papers",  # the corpus writes it
        "SNN papers",  # "Sparse Neural Network" goes on ("Inference"): no whole phrase
        "TAM papers",  # a capital stands for a word of content, not "and"
        "PRP papers",  # title wording its abstract never says again
        "Moe papers",  # one capital: a name, not an acronym
        "KV caches",  # two letters spell too many runs
        "machine translation, as in neural machine translation (NMT)",  # spelled out
        "XYZ papers",  # no title spells it
    ],
)
def test_other_acronyms_are_left_as_typed(typed: str) -> None:
    assert _read(typed) == (typed, {})


def test_a_title_phrase_another_paper_uses_is_a_term() -> None:
    # Its own abstract never says "packet routing protocols"; a second paper does.
    initials = TitleInitials(lambda: PAPERS, WORDS, holders=lambda phrase: 2)
    assert initials.expand("PRP papers") == (
        "Packet Routing Protocols papers",
        {"PRP": "Packet Routing Protocols"},
    )


def test_two_runs_as_common_leave_the_acronym_as_typed() -> None:
    papers = [Listed("Graph Neural Nets", "graph neural nets"), Listed("Great New Nodes", "")]
    papers += [Listed("Giant Neural Networks", "giant neural networks")]
    assert TitleInitials(lambda: papers, WORDS).expand("GNN papers") == ("GNN papers", {})


@pytest.mark.parametrize(
    ("question", "title"),
    [("the Spatial MoE paper", "Spatial Mixture-of-Experts"),
     ("Binarized NMT: 1-bit weights for translation", "Binarized Neural Machine Translation")],
)  # fmt: skip
def test_an_acronym_typed_beside_another_word_of_its_title_is_a_sure_reading(
    engine: Engine, question: str, title: str
) -> None:
    # The title is named twice over; the answer had said "Not a sure match" at P 0.9999
    answer = engine.ask(question)
    assert answer.results[0].paper.title == title and UNSURE not in answer.notes
    assert answer.notes[0].startswith("Read “")
    # a word of another title beside it is no such evidence
    assert UNSURE in engine.ask("binarized MoE").notes


def test_typed_initials_reads_capitals_and_plurals() -> None:
    assert [typed_initials(w) for w in ["MoE", "NMTs", "CoT", "Moe", "KV", "moe"]] == [
        "MoE", "NMT", "CoT", None, None, None,
    ]  # fmt: skip


def test_a_question_with_an_acronym_only_a_title_spells_finds_that_paper(engine: Engine) -> None:
    # It said no listed paper mentions "MoE", though one is titled with its words. The
    # reading is a guess, so the answer is not sure.
    answer = engine.ask("Are there any MoE papers?")
    assert not answer.abstained and answer.results
    assert answer.results[0].paper.title == "Spatial Mixture-of-Experts"
    assert answer.notes[0] == "Read “MoE” as “Mixture-of-Experts”, from a listed title."
    assert UNSURE in answer.notes
    # "machine translation" is all its abstract says of "Neural Machine Translation"
    translation = engine.ask("papers on NMT")
    assert translation.results[0].paper.title == "Binarized Neural Machine Translation"
    assert UNSURE in translation.notes
    # in other languages too: the reading had been for English questions only
    for asked in ["artículos sobre NMT", "Gibt es Arbeiten zu NMT?", "articles sur la NMT ?"]:
        other = engine.ask(asked)
        assert other.results[0].paper.title == "Binarized Neural Machine Translation"
        assert other.notes[0] == translation.notes[0]
    # a note that leads into the papers ("these ones, from other years, are:") is last
    dated = engine.ask("is there a paper on NMT from 2024?")
    assert dated.notes[-1].endswith("are:") and dated.results
    unlisted = engine.ask("Are there any RLHF papers?")  # no title spells it
    assert unlisted.abstained and "RLHF" in unlisted.notes[0]


def test_phrase_holders_counts_the_papers_holding_a_phrase_word_by_word(engine: Engine) -> None:
    index = engine.router.searcher.index
    assert index.phrase_holders("RDMA communication protocols") == 1  # its title only
    assert index.phrase_holders("post-training quantization") >= 2
    assert index.phrase_holders("quantization post-training") == 0  # not in that order
