"""Chat shorthand written without vowels: "pls list pprs abt sprs frmts" is "please
list papers about sparse formats".

People typing fast drop a word's vowels and keep its first letter ("pls", "abt",
"ntwrk", "qntztn"). In a question read as English, such a word is read as the word it
abbreviates when:

- it is typed in lower case, three letters or longer, with no vowel after its first
  letter ("pls", not "PLS" or "gpu"), and the corpus does not use it as a word ("gnn",
  "llm" and "hls" stay as typed);
- a word with the same letters once the vowels after the first are gone is an English
  stop word ("about", "please", "papers") or, for a typed word of four letters or more,
  a word of the corpus (the most common one); three-letter acronyms ("vlm", "rng",
  "svd", "ptr") would otherwise turn into everyday words ("volume", "range");
- that word is at least ``MIN_DROPPED`` letters longer (with one vowel gone it is as
  often another word or an abbreviation: "int", "smth") and ``SHORTHAND_GAP`` more
  common on the Zipf scale ("pls" 3.7, "please" 5.6; "cnn" 4.3 is no "canon").

A word cut short ("perf", "topo", "sched", "infra", "protos") is read as the corpus
words it begins when they are all one word's forms (one stem: "performance",
"performed"), it is ``MIN_CUT`` letters or longer and is no everyday English word, nor
one with an "s" (``EVERYDAY_ZIPF``: "alters", "demos"): "comm" begins "communication" and
"community", and stays as typed.

A word whose final "g" is dropped and marked ("prunin'", "lookin'", "NOTHIN'") is read
as the word with it when that is the more common in English.

The words come from the stop-word list and the corpus; none is written here.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable
from functools import cache, cached_property

from retrieval.index.vocabulary import zipf
from retrieval.text import stem, stopwords

SHORTHAND_GAP = 1.5  # Zipf points a full word must be more common than its shorthand
MIN_LETTERS = 3
MIN_DROPPED = 2  # one vowel dropped is as often another word: "int", "smth", "als"
VOWELS = frozenset("aeiou")
MIN_CUT = 4  # letters of a word cut short: "var", "gen", "net" are too many words' starts
CUT_OFF = 3  # letters the full word has past the cut, at least ("quantum" is no "quant")
EVERYDAY_ZIPF = 3.5  # a typed word this common is a word of its own ("arch", "sync")
# A typed word, not a possessive: "shor's algorithm" names a person, cut short or not.
TYPED = re.compile(r"(?<![\w@#$-])[a-z]{3,}(?![\w-]|['’]s\b)")
DROPPED_G = re.compile(r"(?<![\w'’])([^\W\d_]+[iI][nN])['’](?![\w'’])")


def _with_g(typed: re.Match[str]) -> str:
    """Return a word typed without its final "g" with it ("prunin'" -> "pruning"), when
    that is the commoner word, else as typed ("Berlin'" in a quote stays)."""
    word = typed[1]
    full = word + ("G" if word.isupper() else "g")
    return full if zipf(full.lower()) > zipf(word.lower()) else typed[0]


def skeleton(word: str) -> str:
    """Return a word's first letter and the consonants after it ("paper" -> "ppr")."""
    return word[0] + "".join(c for c in word[1:] if c not in VOWELS)


@cache
def _framing() -> dict[str, str]:
    """Return the stop words of more than three letters by skeleton ("ppr": "paper")."""
    found: dict[str, str] = {}
    for word in sorted(stopwords(), key=lambda w: (-zipf(w), w)):
        if word.isalpha() and len(word) > MIN_LETTERS:
            found.setdefault(skeleton(word), word)
    return found


class Shorthand:
    """Reads vowel-less chat shorthand against one corpus's words."""

    def __init__(self, corpus_words: Iterable[str]) -> None:
        self.corpus = frozenset(corpus_words)

    @cached_property
    def _corpus_forms(self) -> dict[str, list[str]]:
        """Return the corpus's words by skeleton (built on the first shorthand read)."""
        found: dict[str, list[str]] = {}
        for word in self.corpus:
            if word.isalpha() and len(word) > MIN_LETTERS:
                found.setdefault(skeleton(word), []).append(word)
        return found

    def expand(self, text: str) -> str:
        """Return a text with each shorthand word written out."""
        text = DROPPED_G.sub(_with_g, text)
        return TYPED.sub(lambda m: self.word(m.group()) or m.group(), text)

    @cached_property
    def _sorted(self) -> list[str]:
        """Return the corpus's words in order, to find those a cut word begins."""
        return sorted(w for w in self.corpus if w.isalpha())

    def word(self, typed: str) -> str | None:
        """Return the word a typed shorthand stands for, or None when it is not one."""
        if typed in self.corpus:
            return None
        if any(c in VOWELS for c in typed[1:]):
            return self.cut(typed)
        form = skeleton(typed)
        ours = self._corpus_forms.get(form) if len(typed) > MIN_LETTERS else None
        full = max(ours, key=lambda w: (zipf(w), w)) if ours else _framing().get(form)
        if full is None or len(full) - len(typed) < MIN_DROPPED:
            return None
        if zipf(full) - zipf(typed) < SHORTHAND_GAP:
            return None
        return full

    def cut(self, typed: str) -> str | None:
        """Return the corpus word a word cut short begins ("perf" -> "performance"), or
        None when it begins no corpus word, or several words' forms."""
        base = typed.removesuffix("s") if len(typed) > MIN_CUT else typed
        if len(base) < MIN_CUT or max(zipf(typed), zipf(base)) >= EVERYDAY_ZIPF:
            return None
        words = self._sorted
        found = []
        for word in words[bisect_left(words, base) :]:
            if not word.startswith(base):
                break
            if len(word) - len(base) >= CUT_OFF:
                found.append(word)
        if not found or len({stem(w) for w in found}) > 1:
            return None
        return max(found, key=lambda w: (zipf(w), w))
