"""Names typed with a slip ("Polynomer", "Sagmann", "GTPQ"), read as the corpus spells them.

A name the corpus never uses makes a question presume a paper the list lacks: "No listed
paper mentions X". A name typed from memory is often one letter off the listed one. So a
name-like word of the question (``named_things.candidates``: capitalized or written like
a name, not an everyday word) that the corpus does not use is read as a corpus word when
that word is:

- rare in English (below ``COMMON_ZIPF``): a name, not a word ("Noize" is not "noise");
- spelled with the same first letter, and one edit away (a swap of neighbours is one),
  two from eight letters ("ProbGraf"); a name of six letters two edits from a listed one
  is as often another name ("OpenMP", "OpenAI");
- for a name in capitals, an acronym (in the plural too: "GANs"), reached without
  replacing a letter: "GTPQ" is "GPTQ" and "FLIQ" is "FLIQS", but "TPU" is not "GPU",
  "FINN" not "FFNN", "GANs" not "GNNs";
- closer than any other such word.

Only letters are compared: "GPT-4" or "ResNet50" differ from a listed name by a number,
which makes them other names, not slips. Only English questions are read so: German
writes every noun with a capital ("Inferenz"). The words come from the corpus; none is
written here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from functools import cached_property

from rapidfuzz import process
from rapidfuzz.distance import OSA, Indel

from retrieval.index.vocabulary import zipf
from retrieval.query.named_things import COMMON_ZIPF, candidates
from retrieval.text import fold

MIN_LETTERS = 4  # "Alo" for "Allo": shorter names are abbreviations, too many alike
LONG = 8  # a word of this many letters may carry two slips


def budget(word: str) -> int:
    """Return the edits a typed word of this length may carry."""
    return 2 if len(word) >= LONG else 1


class NameSpelling:
    """The corpus's rare words by length, to find the one a mistyped name meant."""

    def __init__(self, words: Iterable[str]) -> None:
        self._known = frozenset(words)

    @cached_property
    def _by_length(self) -> dict[int, list[str]]:
        """Return the corpus words by length (built at the first name the corpus lacks:
        95 ms at 100k papers, which a start need not pay)."""
        by_length: dict[int, list[str]] = defaultdict(list)
        for word in sorted(self._known):  # how common each is: asked of the few near one
            if len(word) >= MIN_LETTERS - 1 and word.isalpha():
                by_length[len(word)].append(word)
        return by_length

    def correct(self, text: str, people: Collection[str] = frozenset()) -> str:
        """Return the text with each mistyped name written as the corpus writes it; the
        words of people's names (``people``, folded) are theirs: ``retrieval.query.names``
        reads their slips."""
        for name, start, end in reversed(candidates(text, people)):
            meant = self.meant(name)
            if meant is not None:
                text = f"{text[:start]}{_cased(meant, name)}{text[end:]}"
        return text

    def meant(self, name: str) -> str | None:
        """Return the corpus word a typed name is a slip of, or None."""
        typed = fold(name)
        if len(typed) < MIN_LETTERS or not typed.isalpha() or typed in self._known:
            return None
        allowed = budget(typed)
        acronym = name.isupper() or (name.endswith("s") and name[:-1].isupper())  # "GANs"
        near: list[tuple[int, str]] = []
        for length in range(len(typed) - allowed, len(typed) + allowed + 1):
            words = [w for w in self._by_length.get(length, []) if w[0] == typed[0]]
            for word, distance, _ in process.extract(
                typed, words, scorer=OSA.distance, score_cutoff=allowed, limit=None
            ):
                if acronym and not _unreplaced(typed, word, int(distance)):
                    continue
                if zipf(word) < COMMON_ZIPF:
                    near.append((int(distance), word))
        near.sort()
        if not near or (len(near) > 1 and near[1][0] == near[0][0]):
            return None  # none, or two as near: no single word was meant
        return near[0][1]


def _unreplaced(typed: str, word: str, distance: int) -> bool:
    """Return True when ``word`` is ``typed`` with letters added, dropped or swapped, and
    none replaced by another."""
    swapped = sorted(typed) == sorted(word) and distance == 1
    return swapped or Indel.distance(typed, word) == distance


def _cased(word: str, typed: str) -> str:
    """Return a corpus word (folded) in the typed word's case: "GTPQ" -> "GPTQ"."""
    if typed.isupper():
        return word.upper()
    if typed.endswith("s") and typed[:-1].isupper():  # "GTPQs" -> "GPTQs"
        return word[:-1].upper() + "s" if word.endswith("s") else word.upper()
    return word[0].upper() + word[1:] if typed[:1].isupper() else word
