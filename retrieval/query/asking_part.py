"""The asking part of a long question: the sentences that ask, apart from background.

"We run a lab that does A and B. We tried C last year. Has anyone here done D?" asks
about D; A, B and C are the asker's situation. The asking part is found by its form:
from the first sentence that ends with a question mark (or, when none does, the last
sentence) to the end, so a clarification after the question stays with it. It is
apart from a background of at least ``MIN_BACKGROUND`` sentences, and stands alone
when it has words of its own to search for and does not point back into the background
with a pronoun ("is there a paper on this?").

The whole question still ranks the papers (its background breaks ties between them);
whether anything answers is judged on the asking part, so a background sentence that
happens to match a paper cannot make an unanswerable question look answered.
"""

from __future__ import annotations

import re

from retrieval.query.asking import content_words
from retrieval.text import WORDS, sentences

MIN_OWN_WORDS = 3  # content words the asking part needs to be searched alone
MIN_BACKGROUND = 2  # sentences before the ask: one is a lead-in ("I read X. Is there Y?")
# Words that point back into what was said before (English grammar, no topic).
POINTING_BACK = frozenset(
    ("it", "this", "that", "these", "those", "they", "them", "such", "there", "its", "their")
)


def asking_part(text: str) -> str | None:
    """Return the sentences of a question that ask, when the question also has background
    and they stand alone; None when the whole question is to be searched."""
    found = sentences(text)
    first = next((n for n, s in enumerate(found) if s.text.rstrip().endswith("?")), None)
    first = len(found) - 1 if first is None else first
    if first < MIN_BACKGROUND:
        return None
    part = text[found[first].start :].strip()
    words = {w.casefold() for w in WORDS.findall(part)}
    if len(content_words(part)) < MIN_OWN_WORDS or words & (POINTING_BACK - {"there"}):
        return None
    if re.search(r"\bthere\b(?!\s+(?:is|are|a|any)\b)", part, re.I):
        return None  # "over there", not "is there"
    return part
