"""Candidate theme phrases: word runs that recur across an author's abstracts."""

from __future__ import annotations

from retrieval.answers.key_phrases import candidates

TEXTS = [
    "Sparse Attention for Graph Neural Networks. We train graph neural networks on GPUs.",
    "A graph neural network compiler (GNC). It targets FPGAs, and the results hold.",
    "Mixed-precision training of the graph neural networks used in chemistry.",
]


def test_a_phrase_in_several_texts_comes_first_in_its_most_common_spelling() -> None:
    found = candidates(TEXTS, top=5)
    assert found[0] == ("graph neural networks", ("graph", "neural", "network"))


def test_a_phrase_held_by_one_text_only_is_no_candidate() -> None:
    phrases = [phrase for phrase, _ in candidates(TEXTS, top=100)]
    assert "Sparse Attention" not in phrases and "chemistry" not in phrases
    assert "Mixed-precision training" not in phrases


def test_phrases_stop_at_punctuation_and_never_start_or_end_on_a_stop_word() -> None:
    texts = ["We train models, and graphs hold. Of the models", "We train models; graphs hold"]
    phrases = [phrase for phrase, _ in candidates(texts, top=100)]
    assert "train models" in phrases and "graphs hold" in phrases
    assert not any(p.startswith(("We", "and", "Of")) for p in phrases)  # stop words
    assert "models graphs" not in phrases and "models and graphs" not in phrases  # , and ;


def test_a_hyphenated_word_stays_whole() -> None:
    texts = ["Mixed-precision training helps.", "We study mixed-precision training here."]
    found = {phrase.casefold(): stems for phrase, stems in candidates(texts, 10)}
    assert found["mixed-precision training"] == ("mix", "precis", "train")


def test_top_bounds_the_answer_and_no_text_gives_none() -> None:
    assert len(candidates(TEXTS, top=2)) == 2
    assert candidates([], top=5) == [] and candidates(["", "   "], top=5) == []
