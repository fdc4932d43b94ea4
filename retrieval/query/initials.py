"""Acronyms a question types that the corpus never writes, read as the title words
whose initials spell them: "MoE" as "Mixture-of-Experts", "NMT" as "Neural Machine
Translation", when a listed title has those words and no abstract writes the acronym.

An acronym the corpus lacks makes a question presume a paper the list lacks ("No listed
paper mentions X"), yet a list may hold the paper under its long form only. So a word
typed with two capitals or more (``typed_initials``: "NMT", "MoE", "CoT"), three letters
or more, that no abstract or title writes, is looked up in the titles: a run of as many
words, joined by spaces or hyphens, whose first letters spell it in order. A capital
stands for a word of content ("Neural", not "of"), a small letter for any word ("of" in
"Mixture-of-Experts"). When one spelling is the commonest such run, the acronym is read
as it, and the answer says so; two as common, or none, leave the acronym as typed, as
does a question that spells it out itself ("spiking neural networks (SNNs)"). The
titles decide; no acronym is listed here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cached_property, lru_cache

from retrieval.text import fold, stopwords

MIN_LETTERS = 3  # "KV", "ML": two letters spell too many runs of any title
MAX_LETTERS = 6
MIN_CAPITALS = 2  # "MoE", "CoT"; "Moe" is a name
LOOKUPS = 1024  # acronyms whose reading is kept (``TitleInitials.spelled``)
TYPED = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")
DEFINED = re.compile(r"\s*\)")
GAP = r"[ \t-]+"  # words of one run: not across a colon or a line


def typed_initials(word: str) -> str | None:
    """Return a word typed as an acronym, a plural "s" dropped ("NMTs" -> "NMT"), or None."""
    acronym = word[:-1] if word.endswith("s") and sum(c.isupper() for c in word) > 1 else word
    capitals = sum(c.isupper() for c in acronym)
    fits = MIN_LETTERS <= len(acronym) <= MAX_LETTERS and acronym[:1].isupper()
    return acronym if fits and capitals >= MIN_CAPITALS and acronym.isalpha() else None


class TitleInitials:
    """The titles of a corpus, to read the acronyms its abstracts never write."""

    def __init__(self, titles: Callable[[], Iterable[str]], words: frozenset[str]) -> None:
        self._titles = titles  # read at the first acronym the corpus lacks
        self._known = words
        self.spelled = lru_cache(maxsize=LOOKUPS)(self._spelled)

    @cached_property
    def _text(self) -> str:
        """Return every title, one a line (built at the first acronym looked up)."""
        return "\n".join(self._titles())

    def expand(self, text: str) -> tuple[str, dict[str, str]]:
        """Return the text with each acronym the corpus lacks written as its title words,
        and what each acronym was read as."""
        read: dict[str, str] = {}
        for found in reversed(list(TYPED.finditer(text))):
            acronym = typed_initials(found.group())
            if acronym is None or self._written(found.group(), acronym):
                continue
            if DEFINED.match(text, found.end()) and text[: found.start()].rstrip().endswith("("):
                continue  # the question spells it out itself: "spiking neural nets (SNNs)"
            spelling = self.spelled(acronym)
            if spelling is not None:
                read[found.group()] = spelling
                text = f"{text[: found.start()]}{spelling}{text[found.end() :]}"
        return text, read

    def _written(self, typed: str, acronym: str) -> bool:
        return any(fold(form) in self._known for form in (typed, acronym, f"{acronym}s"))

    def _spelled(self, acronym: str) -> str | None:
        """Return the commonest title run the acronym's letters start, or None."""
        words = [rf"{re.escape(letter)}[^\W\d_]*" for letter in acronym]
        pattern = re.compile(rf"(?<![\w-])({GAP.join(words)})(?![\w-])", re.I)
        stop = stopwords()
        runs: Counter[str] = Counter()
        spellings: dict[str, Counter[str]] = {}
        for found in pattern.finditer(self._text):
            run = re.split(GAP, found.group(1))
            if any(c.isupper() and fold(w) in stop for c, w in zip(acronym, run, strict=True)):
                continue  # a capital stands for a word of content: not "Towards", "and"
            key = fold(" ".join(run))
            runs[key] += 1
            spellings.setdefault(key, Counter())[found.group(1)] += 1
        ranked = runs.most_common(2)
        if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
            return None  # none, or two as common: no single spelling was meant
        return spellings[ranked[0][0]].most_common(1)[0][0]
