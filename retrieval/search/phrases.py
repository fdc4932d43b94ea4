"""Where the corpus writes a phrase: the papers and texts that may hold it, the papers
that write a name a question names, and what the corpus defines an acronym as.

Each reads titles and abstracts through the index's stems first (papers holding every
word, adjacent ones adjacent), then the texts of those few.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import reduce
from itertools import islice, pairwise, product

import numpy as np

from retrieval.index.acronyms import Acronym, definition_in
from retrieval.index.filtering import matches
from retrieval.index.loaded import LoadedIndex
from retrieval.models import Filters
from retrieval.query.asking import content_words
from retrieval.search.named_lists import (
    ALL_OF,
    MAX_HOLDERS,
    forms,
    is_generic,
    is_name,
    listed_names,
    mentioned,
    writing,
)
from retrieval.text import fold, stem_forms, tokenize

MAX_READ = 4 * MAX_HOLDERS  # papers holding a name's rarest word, for its writers to be read
UNREAD = object()  # an acronym not looked up yet (``Phrases.definition``)
DEFINITIONS = 4096  # acronyms whose corpus definition is kept (``Phrases.definition``)
PHRASE_BLOCK = 256  # papers whose stem pairs are tested at once for a phrase


class Phrases:
    """Looks phrases up in one loaded index's titles and abstracts."""

    def __init__(self, index: LoadedIndex) -> None:
        self.index = index
        self._definitions: dict[str, Acronym | None] = {}  # read by ``definition``

    def texts_holding(self, phrase: str) -> Iterator[str]:
        """Return the title and abstract of each paper that may hold ``phrase`` (folded):
        a stem of each of its words, adjacent ones adjacent (stop words left out, as
        ``tokenize`` reads them)."""
        yield from map(self.text_of, self.papers_holding(phrase))

    def text_of(self, pid: str) -> str:
        """Return a paper's title and abstract as one text, as phrases are looked for."""
        paper = self.index.papers[pid]
        return f"{paper.title}. {paper.abstract}"

    def papers_holding(self, phrase: str) -> Iterator[str]:
        """Return the ids of the papers that may hold ``phrase`` (``texts_holding``)."""
        ids = self.index.paper_ids
        groups = stem_forms(phrase)  # none for "but also": then any paper may hold it
        holding = self.index.stems.holding(groups) if groups else np.arange(len(ids))
        # Thousands of papers may hold "graph" and "neural": test their pairs a block at
        # a time, as the caller usually stops at the first text that has the phrase.
        for start in range(0, len(holding), PHRASE_BLOCK):
            rows = holding[start : start + PHRASE_BLOCK]
            for first, second in pairwise(groups):
                pairs = dict.fromkeys(product(first, second), 1.0)
                rows = rows[self.index.terms.pairs_weight(rows, pairs) > 0]
            yield from (ids[row] for row in rows.tolist())

    def writing_names(
        self,
        text: str,
        filters: Filters,
        knows_name: Callable[[str], bool],
        specific: bool = False,
    ) -> list[str]:
        """Return the papers within the filters that write a name the question names
        (``retrieval.search.named_lists``); a name that many papers write adds none. Only names
        whose rarest word at most ``MAX_READ`` papers hold are read at all. ``specific``:
        none when a name is a generic abbreviation (``is_generic``: "ML", "AI") or an
        acronym the abstracts define ("LLMs": a paper about large language models may
        write neither): the question asks about a kind, not only the things it names."""
        holders: list[str] = []
        for name in listed_names(text, knows_name):
            if specific and (is_generic(name) or self.definition(name.removesuffix("s"))):
                return []  # a list of large language models that may contain GPT is no GPT list
            held = self._held(name)
            if held is None or held > MAX_READ:
                continue
            found = writing(name, self._within(name, filters), self.text_of)
            if len(found) <= MAX_HOLDERS:
                holders += found
        return holders

    def _held(self, name: str) -> int | None:
        """Return how many papers hold a name's rarest word, or None when it has none."""
        words = tokenize(name)
        return min(self.index.stems.count(w) for w in words) if words else None

    def _within(self, name: str, filters: Filters) -> Iterator[str]:
        """Return the ids of the papers within the filters that may hold a name."""
        papers = self.index.papers
        return (p for p in self.papers_holding(name) if matches(papers[p], filters))

    def mentioning(
        self,
        text: str,
        filters: Filters,
        knows_name: Callable[[str], bool],
        negated: bool = False,
    ) -> list[str] | None:
        """Return the papers within the filters that write a name the question asks to be
        mentioned (``retrieval.search.named_lists``), in either number ("GPUs", "GPU"),
        or one common word in any form ("weather"); with "and" or "both", each of its
        names; [] when none does. None when it asks none, or more than names, or when a
        name is part of a longer one ("GPT" of "GPT-4V"), or many papers write one.
        ``negated``: a name it asks papers not to mention."""
        asked = mentioned(text, negated)
        if asked is None:
            return None
        found: list[set[str]] = []
        names = listed_names(asked, knows_name)
        rest = content_words(reduce(lambda rest, name: rest.replace(name, " "), names, asked))
        if not names and len(rest) == 1:  # one word: "which mention weather?"
            return self._word_writers(rest[0], filters)
        if rest:
            return None  # more than names: "mention running on 8 GPUs" asks how, too
        for name in names:
            if not re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", asked):
                return None  # a part of a longer name: "GPT" of "GPT-4V"
            # of a code's name, its rarest capitalized word the list writes: "Intel CPU"
            # is Intel's, "Meta OPT" OPT's where no paper writes "Meta"
            coded = any(is_name(w) for w in name.split())
            words = [w for w in name.split() if w[:1].isupper() or is_name(w)] if coded else []
            words = words or [name]
            held = {w: self._held(w) or 0 for w in words}
            word = min(words, key=lambda w: (held[w] == 0, held[w]))
            if held[word] > MAX_READ:  # as ``writing_names``: too many to read
                return None
            allowed = list(self._within(word, filters))
            holders = {pid for form in forms(word) for pid in writing(form, allowed, self.text_of)}
            if len(holders) > MAX_HOLDERS:
                return None
            found.append(holders)
        if not found:
            return None
        chosen = set.intersection(*found) if ALL_OF.search(asked) else set.union(*found)
        return sorted(chosen)

    def writing_phrase(self, phrase: str, filters: Filters) -> set[str] | None:
        """Return the papers within the filters whose title or abstract writes a phrase
        in any case and either number ("Gurobi", "sparse tensors"); None when more than
        ``MAX_READ`` papers hold its words: too many to read."""
        holding = list(islice(self.papers_holding(phrase), MAX_READ + 1))
        if len(holding) > MAX_READ:
            return None
        said = fold(phrase).removesuffix("s")
        pattern = re.compile(rf"(?<!\w){re.escape(said)}s?(?!\w)")
        papers = self.index.papers
        return {
            pid for pid in holding
            if matches(papers[pid], filters) and pattern.search(fold(self.text_of(pid)))
        }  # fmt: skip

    def _word_writers(self, word: str, filters: Filters) -> list[str] | None:
        """Return the papers within the filters that write a common word in any of its
        forms ("weather", "weathers"), or None when none does (a slip the models may
        read) or more than ``MAX_HOLDERS`` do: a topic of the list, not one to read."""
        if not (word.isalpha() and word.islower()) or (self._held(word) or 0) > MAX_READ:
            return None
        holders = sorted(self._within(word, filters))
        return holders if 0 < len(holders) <= MAX_HOLDERS else None

    def definition(self, short: str) -> Acronym | None:
        """Return what the corpus defines an acronym as (``definition_in``), the last
        ``DEFINITIONS`` looked up kept: reading them is most of an acronym's cost."""
        cached = self._definitions.get(short, UNREAD)
        if cached is not UNREAD:
            return cached if isinstance(cached, Acronym) else None
        found = definition_in(short, self.texts_holding)
        if len(self._definitions) >= DEFINITIONS:
            self._definitions.clear()
        self._definitions[short] = found  # another thread may clear it: return our own
        return found
