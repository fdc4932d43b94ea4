"""Find listed authors by family name through dictionaries, not by walking every name.

A question word may be an author's family name when it is equal, or one edit away
for names of six letters or more (questions themselves are read by
``retrieval.query.names.AuthorNames``; ``by_family`` serves ``Lookup.resolve_author``).
Checking every
author for every word costs authors x words per question (2k papers: ~6k names).
Here each family name is stored under itself and under each of its one-letter
deletions (SymSpell): two words are at most one edit apart only if they share such a
key, so a word's candidates are found with len(word) + 1 dictionary lookups, and
the exact rule (Levenshtein <= 1) is then applied to those few.

    # "hoefler" -> keys hoefler, oefler, hefler, hofler, ... (8 keys)
    # "hofler" (a typo) -> keys hofler, ofler, ... -> shares "hofler" -> candidate
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rapidfuzz import utils
from rapidfuzz.distance import Levenshtein

from retrieval.text import WORD

TYPO_MIN_LENGTH = 6  # shorter family names must match exactly


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class AuthorIndex:
    """Authors by family name (exact and one edit away), and by folded family name."""

    def __init__(self, authors: Sequence[str]) -> None:
        self.authors = list(authors)
        self._order = {name: n for n, name in enumerate(self.authors)}
        self._exact: dict[str, list[str]] = defaultdict(list)  # family -> authors
        self._near: dict[str, set[str]] = defaultdict(set)  # deletion key -> families
        self._folded_family: dict[str, list[str]] = defaultdict(list)
        for author in self.authors:
            parts = [p.casefold() for p in WORD.findall(author)]
            family = parts[-1] if parts else ""
            self._exact[family].append(author)
            if len(family) >= TYPO_MIN_LENGTH:
                for key in {family, *_deletions(family)}:
                    self._near[key].add(family)
            folded = utils.default_process(author).split()
            if folded:
                self._folded_family[folded[-1]].append(author)

    def candidates(self, question: str) -> list[str]:
        """Return, in listed order, every author whose family name a question word may be."""
        found: set[str] = set()
        for word in {m.group().casefold() for m in WORD.finditer(question)}:
            found.update(self._exact.get(word, ()))
            for key in {word, *_deletions(word)}:
                for family in self._near.get(key, ()):
                    if Levenshtein.distance(word, family) <= 1:
                        found.update(self._exact[family])
        return sorted(found, key=self._order.__getitem__)

    def by_family(self, words: set[str]) -> list[str]:
        """Return the authors whose folded family name is one of these folded words."""
        hits = {a for w in words for a in self._folded_family.get(w, ())}
        return sorted(hits, key=self._order.__getitem__)
