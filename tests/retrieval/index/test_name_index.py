"""The vocabulary search behind autocomplete finds what a test of every word finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz import fuzz

from retrieval.index.name_index import LIKE, NameIndex, Words

LETTERS = st.text(alphabet="abcdeéxyz1", min_size=1, max_size=9)


@given(st.lists(LETTERS, unique=True, max_size=30), LETTERS)
def test_words_found_by_search_are_the_words_a_scan_finds(vocabulary: list[str], run: str) -> None:
    words = Words(vocabulary)
    assert words.containing(run) == [n for n, w in enumerate(vocabulary) if run in w]
    assert words.starting(run) == [n for n, w in enumerate(vocabulary) if w.startswith(run)]
    assert words.like(run) == [n for n, w in enumerate(vocabulary) if fuzz.ratio(run, w) >= LIKE]
    assert words.containing("") == words.starting("") == list(range(len(vocabulary)))


def test_a_title_with_a_word_like_a_typo_is_suggested() -> None:
    titles = [f"paper number {n} on stencils" for n in range(3500)]  # past whole scoring
    titles[1234] = "sparse tensor formats for graph analytics"
    index = NameIndex(titles)
    assert index.complete("sprase tensr", 5)[0] == 1234
    assert index.complete("tensor form", 5) == [1234]
