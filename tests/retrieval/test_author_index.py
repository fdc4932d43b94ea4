"""The author dictionary finds exactly the authors the full scan of mentioned_author finds."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz.distance import Levenshtein

from retrieval.author_index import TYPO_MIN_LENGTH, AuthorIndex
from retrieval.config import DATA
from retrieval.engine import Engine
from retrieval.lookup import mentioned_author


def test_same_mentions_as_scanning_every_author(fake_engine: Engine) -> None:
    lookup = fake_engine.lookup
    lines = (DATA / "eval" / "dev.jsonl").read_text(encoding="utf-8").splitlines()
    questions = [json.loads(line)["question"] for line in lines if line.strip()]
    questions += [
        "how many Hoefler papers?",
        "Hofler's papers on quantization",  # one typo
        "what did torsten hoefler write about graphs",
        "zhiru zhang hls",
        "Zhan's work",  # "zhang" is five letters: no typo allowed
    ]
    mentioned = 0
    for question in questions:
        expected = mentioned_author(lookup.authors, question)
        assert lookup.mentioned(question) == expected, question
        mentioned += expected is not None
    assert mentioned >= 4


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
