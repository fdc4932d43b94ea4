"""Where two topics meet: "at the intersection of A and B", "the overlap between A and
B", "the crossroads of A and B" ask for papers about both A and B
(``retrieval.answers.both``). The word for the place names no topic: searched, "overlap"
and "intersection", which no abstract here writes, weighed more than A and B.
"""

from __future__ import annotations

import re

MEETING = re.compile(
    r"\b(?:intersection|overlap|crossroads|cross-section)\s+(?:of|between)\s+"
    r"(?P<first>[^,;:?!.()—–]+?)\s+(?:and|&|with)\s+(?P<second>[^,;:?!.()—–]+?)"
    r"\s*(?=[,;:?!.()—–]|$)",
    re.I,
)


def meeting_words(text: str) -> tuple[int, int] | None:
    """Return where the words for the place two topics meet stand ("intersection of"), or
    None when the text asks for no such place."""
    found = MEETING.search(text)
    return (found.start(), found.start("first")) if found else None
