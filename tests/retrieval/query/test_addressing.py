"""Terms of address set apart in a chat message are no part of what it asks."""

from __future__ import annotations

import pytest

from retrieval.query.addressing import without_vocatives

LISTED = frozenset({"bot", "graph", "weather"})


def _read(text: str) -> str:
    return " ".join(without_vocatives(text, LISTED.__contains__).split())


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Folks, any graph papers?", "any graph papers?"),
        ("which papers, my friend, are from 2023?", "which papers are from 2023?"),
        ("which papers are on weather, mate?", "which papers are on weather ?"),
        ("Hey guys, which papers are on weather?", "which papers are on weather?"),
        ("Thanks. Everyone, which graph papers are new?", "Thanks. which graph papers are new?"),
        ("how many graph papers (buddy) are there?", "how many graph papers are there?"),
        ("Team, how many graph papers are there?", "how many graph papers are there?"),
        ("Ladies and gentlemen, any graph papers?", "any graph papers?"),
        ("Dear assistant, any graph papers?", "any graph papers?"),
    ],
)
def test_a_term_of_address_set_apart_is_dropped(typed: str, read: str) -> None:
    assert _read(typed) == read


@pytest.mark.parametrize(
    "typed",
    [
        "papers about friends and family networks",  # not set apart
        "Hey bot, any graph papers?",  # a word the list writes
        "which papers have a colleagues graph?",
        "guys",  # nothing else is left
        "which papers by Hoefler's team, from 2023, are on graphs?",  # a word before it
    ],
)
def test_a_word_of_address_not_used_as_one_stays(typed: str) -> None:
    assert _read(typed) == typed
