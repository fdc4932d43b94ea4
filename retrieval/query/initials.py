"""Acronyms a question types that the corpus never writes, read as the title words
whose initials spell them: "MoE" as "Mixture-of-Experts", "PTQ" as "Post-Training
Quantization", when a listed title has those words and no abstract writes the acronym.

An acronym the corpus lacks makes a question presume a paper the list lacks ("No listed
paper mentions X"), yet a list may hold the paper under its long form only. So a word
typed with two capitals or more (``typed_initials``: "PTQ", "MoE", "CoT"), three letters
or more, that no abstract or title writes, is looked up in the titles: a run of as many
words, joined by spaces or hyphens, whose first letters spell it in order. A capital
stands for a word of content ("Neural", not "of"), a small letter for any word ("of" in
"Mixture-of-Experts"). The run must be a term, not a title's wording that happens to
spell the letters: a whole noun phrase (it ends the title, or a colon or a function word
follows: "Sparse Neural Network Kernels" holds no "SNN") that its paper's abstract
says again, or says less its first word ("machine translation" for "Neural Machine
Translation": NMT), or another paper uses ("RDMA Communication Protocols" is said once,
in its title, and "communication protocols" nowhere: no "RCP").

The commonest such run is read, and the answer says so and is never sure: the letters
may stand for other words. Two runs as common, none, or a question that spells the
acronym out itself ("automatic mixed precision (AMP)") leave it as typed. The titles
decide; no acronym is listed here. They are joined at the first acronym the corpus lacks
(10k papers: 0.7 MB), and a reading takes a scan of them (15 ms), kept per acronym.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cached_property, lru_cache
from itertools import islice
from typing import Protocol

from retrieval.index.vocabulary import joined_words
from retrieval.text import fold, stopwords

MIN_LETTERS = 3  # "KV", "ML": two letters spell too many runs of any title
MAX_LETTERS = 6
MIN_CAPITALS = 2  # "MoE", "CoT"; "Moe" is a name
MIN_HEAD = 2  # words of a title's term whose head, less its first word, may stand for it
LOOKUPS = 1024  # acronyms whose reading is kept (``TitleInitials.spelled``)
TYPED = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")
GAP = r"[ \t-]+"  # words of one run: not across a colon or a line
NEXT = re.compile(r"[ \t]+([^\W\d_]+)")  # the title's next word, if the phrase goes on


def typed_initials(word: str) -> str | None:
    """Return a word typed as an acronym, a plural "s" dropped ("NMTs" -> "NMT"), or None."""
    acronym = word[:-1] if word.endswith("s") and sum(c.isupper() for c in word) > 1 else word
    capitals = sum(c.isupper() for c in acronym)
    fits = MIN_LETTERS <= len(acronym) <= MAX_LETTERS and acronym[:1].isupper()
    return acronym if fits and capitals >= MIN_CAPITALS and acronym.isalpha() else None


class Titled(Protocol):
    """A listed paper, as far as its acronyms are read: its title and abstract."""

    @property
    def title(self) -> str: ...

    @property
    def abstract(self) -> str: ...


class TitleInitials:
    """The titles of a corpus, to read the acronyms its abstracts never write."""

    def __init__(
        self,
        papers: Callable[[], Sequence[Titled]],
        words: frozenset[str],
        holders: Callable[[str], int] = lambda phrase: 0,
    ) -> None:
        self._papers = papers  # read at the first acronym the corpus lacks
        self._known = words
        self._holders = holders  # how many papers hold a phrase (``phrase_holders``)
        self.spelled = lru_cache(maxsize=LOOKUPS)(self._spelled)

    @cached_property
    def _listed(self) -> tuple[Sequence[Titled], str, list[int]]:
        """Return the papers, their titles one a line, and where each line starts (built
        at the first acronym looked up)."""
        papers = self._papers()
        titles = [" ".join(p.title.split()) for p in papers]
        starts = [0]
        for title in titles[:-1]:
            starts.append(starts[-1] + len(title) + 1)
        return papers, "\n".join(titles), starts

    def expand(self, text: str) -> tuple[str, dict[str, str]]:
        """Return the text with each acronym the corpus lacks written as its title words,
        and what each acronym was read as."""
        read: dict[str, str] = {}
        for found in reversed(list(TYPED.finditer(text))):
            acronym = typed_initials(found.group())
            if acronym is None or self._written(found.group(), acronym):
                continue
            if _run(acronym).search(text):
                continue  # the question spells it out itself: "mixed precision (AMP)"
            spelling = self.spelled(acronym)
            if spelling is not None:
                read[found.group()] = spelling
                text = f"{text[: found.start()]}{spelling}{text[found.end() :]}"
        return text, read

    def _written(self, typed: str, acronym: str) -> bool:
        return any(fold(form) in self._known for form in (typed, acronym, f"{acronym}s"))

    def _spelled(self, acronym: str) -> str | None:
        """Return the commonest title run the acronym's letters start, or None."""
        papers, text, starts = self._listed
        stop = stopwords()
        runs: Counter[str] = Counter()
        spellings: dict[str, Counter[str]] = {}
        first: dict[str, Titled] = {}  # the first paper whose title has the run
        for found in _run(acronym).finditer(text):
            run = re.split(GAP, found.group(1))
            if any(c.isupper() and fold(w) in stop for c, w in zip(acronym, run, strict=True)):
                continue  # a capital stands for a word of content: not "Towards", "and"
            if not _phrase_ends(text, found.end(), stop):
                continue  # "High-Performance Large" of "... Large Language Models"
            key = " ".join(fold(w) for w in run)
            runs[key] += 1
            spellings.setdefault(key, Counter())[found.group(1)] += 1
            first.setdefault(key, papers[bisect_right(starts, found.start()) - 1])
        # the two commonest terms, not title wording its abstract and no other paper uses
        terms = islice(((k, n) for k, n in runs.most_common() if self._term(k, first[k])), 2)
        ranked = list(terms)
        if not ranked or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
            return None  # none, or two as common: no single spelling was meant
        return spellings[ranked[0][0]].most_common(1)[0][0]

    def _term(self, phrase: str, paper: Titled) -> bool:
        """Return True when a title's phrase is a term: its paper's abstract says it
        again, or its head (all but the first word, two words or more: "machine
        translation" of "Neural Machine Translation"), or another paper uses it too."""
        words = phrase.split()
        said = f" {joined_words(paper.abstract)} "
        heads = [phrase] + ([" ".join(words[1:])] if len(words) > MIN_HEAD else [])
        return any(f" {head} " in said for head in heads) or self._holders(phrase) > 1


def _run(acronym: str) -> re.Pattern[str]:
    """Return a pattern for a run of words whose first letters spell the acronym."""
    words = [rf"{re.escape(letter)}[^\W\d_]*" for letter in acronym]
    return re.compile(rf"(?<![\w-])({GAP.join(words)})(?![\w-])", re.I)


def _phrase_ends(text: str, at: int, stop: frozenset[str]) -> bool:
    """Return True when a title's noun phrase ends at ``at``: at the title's end, a colon
    or comma, or before a function word ("Graph Neural Networks on ..."). An
    acronym names a whole phrase: "Sparse Neural Network Kernels" holds no "SNN"."""
    after = NEXT.match(text, at)
    return after is None or not after.group(1) or fold(after.group(1)) in stop
