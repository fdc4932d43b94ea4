"""A headline in title case is read as text: its capitals mark no names."""

from __future__ import annotations

import pytest

from retrieval.query.named_things import untitled


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Tiny Chips Learn To Share Their Memory With Each Other",
         "tiny chips learn to share their memory with each other"),
        ("Why Your H100 Cluster Sits Empty At Night", "why your H100 cluster sits empty at night"),
        ("Is Graph of Thoughts listed?", "Is Graph of Thoughts listed?"),  # a name, not a headline
        ("papers by Zhiru Zhang and Torsten Hoefler", "papers by Zhiru Zhang and Torsten Hoefler"),
    ],
)  # fmt: skip
def test_a_stretch_in_title_case_is_read_in_lower_case(text: str, read: str) -> None:
    assert untitled(text) == read
