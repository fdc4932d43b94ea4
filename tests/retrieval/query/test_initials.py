"""An acronym no listed paper writes is read as the title words whose initials spell it."""

from __future__ import annotations

import pytest

from retrieval.engine import Engine
from retrieval.query.initials import TitleInitials, typed_initials

TITLES = [
    "Sparse Mixture-of-Experts for Vision",
    "Fast Neural Machine Translation on Phones",
    "Robust Graph Learning",
    "Sparse Neural Network Inference",
    "Spiking Neural Network Hardware",
    "Tools and Methods",
]
WORDS = frozenset({"gnn", "sparse", "mixture", "experts"})


def _read(question: str) -> tuple[str, dict[str, str]]:
    return TitleInitials(lambda: TITLES, WORDS).expand(question)


@pytest.mark.parametrize(
    ("typed", "acronym", "words"),
    [
        ("any MoE papers?", "MoE", "Mixture-of-Experts"),  # a small letter for "of"
        ("which paper speeds up NMT", "NMT", "Neural Machine Translation"),
        ("RGLs on a budget", "RGLs", "Robust Graph Learning"),  # a plural "s" dropped
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
        "SNN papers",  # two titles spell it as often: no single reading
        "TAM papers",  # a capital stands for a word of content, not "and"
        "Moe papers",  # one capital: a name, not an acronym
        "KV caches",  # two letters spell too many runs
        "spiking nets (SNNs)",  # the question spells it out itself
        "XYZ papers",  # no title spells it
    ],
)
def test_other_acronyms_are_left_as_typed(typed: str) -> None:
    assert _read(typed) == (typed, {})


def test_typed_initials_reads_capitals_and_plurals() -> None:
    assert [typed_initials(w) for w in ["MoE", "NMTs", "CoT", "Moe", "KV", "moe"]] == [
        "MoE", "NMT", "CoT", None, None, None,
    ]  # fmt: skip


def test_a_question_with_an_acronym_only_a_title_spells_finds_that_paper(engine: Engine) -> None:
    # It said no listed paper mentions "MoE", though one is titled with its words.
    answer = engine.ask("Are there any MoE papers?")
    assert not answer.abstained and answer.results
    assert answer.results[0].paper.title == "Spatial Mixture-of-Experts"
    assert answer.notes[0] == "Read “MoE” as “Mixture-of-Experts”, from a listed title."
    unlisted = engine.ask("Are there any RLHF papers?")  # no title spells it
    assert unlisted.abstained and "RLHF" in unlisted.notes[0]
