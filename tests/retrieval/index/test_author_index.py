"""The author dictionary: family names exactly, and one edit away for long ones."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from retrieval.index.author_index import TYPO_MIN_LENGTH, AuthorIndex


def test_by_family_matches_folded_family_names() -> None:
    index = AuthorIndex(["Torsten Hoefler", "Zhiru Zhang", "Wei Zhang", "Ada Lovelace"])
    assert index.by_family({"zhang"}) == ["Zhiru Zhang", "Wei Zhang"]
    assert index.by_family({"t", "hoefler"}) == ["Torsten Hoefler"]
    assert index.by_family({"nobody"}) == []


names = st.text(alphabet="abcdefgh", min_size=1, max_size=8)


@given(st.lists(names, min_size=1, max_size=30), names)
def test_candidates_are_exactly_the_close_family_names(families: list[str], word: str) -> None:
    authors = [f"Given {f.capitalize()}" for f in dict.fromkeys(families)]
    index = AuthorIndex(authors)
    close = [
        a
        for a in authors
        if (f := a.split()[-1].casefold()) == word
        or (len(f) >= TYPO_MIN_LENGTH and Levenshtein.distance(word, f) <= 1)
    ]
    assert index.candidates(f"papers by {word} please") == close
