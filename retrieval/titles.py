"""Papers named in a question by their title: "compare SAGMAN and GARNET", "the Allo paper".

A paper's *name* is read from its own title: the part before a colon when it is short
("GPTQ", "ENS-10", "Noise in the Clouds"), or the whole title when that is short
("Spatial Mixture-of-Experts"). A question names a paper when it contains that name as
whole words, case-insensitively - except a one-word name that is also an ordinary
English word ("Sage"), which must be written with the title's capitals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

from rapidfuzz import fuzz

from retrieval.names import fold

MAX_NAME_WORDS = 4  # "Noise in the Clouds" is a name; a whole sentence-long title is not
COMMON_ZIPF = 3.0  # one-word names at least this common in English must match in case


def short_name(title: str) -> str | None:
    """Return the name a title gives its paper, or None when it has none."""
    head, colon, _ = title.partition(":")
    name = head.strip() if colon else title.strip()
    return name if 0 < len(name.split()) <= MAX_NAME_WORDS else None


@cache
def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


class TitleNames:
    """The names of a corpus's papers, to find the ones a question mentions."""

    def __init__(self, titles: Mapping[str, str]) -> None:
        # Indexed by the name's first word, so a question only tries names it could hold.
        self._by_first: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
        for pid, title in titles.items():
            name = short_name(title)
            words = re.findall(r"[^\W_]+", name) if name else []
            if not words:
                continue
            single_common = len(words) == 1 and _zipf(fold(words[0])) >= COMMON_ZIPF
            flags = 0 if single_common else re.IGNORECASE
            gap = r"[\s\-_/]*"
            pattern = r"(?<![^\W_])" + gap.join(re.escape(w) for w in words) + r"(?![^\W_])"
            entry = (pid, re.compile(pattern, flags))
            self._by_first.setdefault(fold(words[0]), []).append(entry)

    def named_in(self, question: str) -> frozenset[str]:
        """Return the ids of the papers the question names."""
        words = {fold(w) for w in re.findall(r"[^\W_]+", question)}
        return frozenset(
            pid
            for word in words
            for pid, pattern in self._by_first.get(word, ())
            if pattern.search(question)
        )


WORD_MATCH = 85  # rapidfuzz ratio for a typed word to count as a title word ("trainig")
PREFIX_LETTERS = 4  # or the typed word starts a title word: "quant" -> "quantization"
STOP = frozenset(
    ["a", "an", "and", "at", "by", "for", "from", "in", "is", "of", "on", "or", "the", "to", "with"]
)


def title_words(folded: str) -> list[str]:
    """Return the words of a folded title or query, without the shortest stop words."""
    return [w for w in re.findall(r"[^\W_]+", folded) if w not in STOP]


def word_coverage(query: list[str], title: list[str]) -> float:
    """Return the share of the query's words that a title has (typos, prefixes allowed).

    "attention is all you need" against "Hop-Wise Graph Attention ..." is 0.5: the title
    has "attention" but nothing like "need" - so it is not the paper that was meant.
    """
    if not query:
        return 0.0
    found = 0
    for word in query:
        if any(
            word == t
            or (len(word) >= PREFIX_LETTERS and t.startswith(word))
            or (len(word) >= 4 and fuzz.ratio(word, t) >= WORD_MATCH)
            for t in title
        ):
            found += 1
    return found / len(query)
