"""Framing words typed with a slip: "wich papres are abotu graphs?", "what did Hoefler
wirte on weather?", "shwo me the Allo paper", read with the words meant.

The rules that read a question key on the words that frame it ("which", "papers",
"about", "write", "show"). One slip in such a word hides what is asked: "papres" asks for
no list, and "wirte" becomes part of the topic ("None of Hoefler's papers is about
“wirte weather”"). The search reads slips of the corpus's own words
(``retrieval.index.vocabulary``); this reads slips of the framing words, before any rule does.

A word is read as the framing word it is a slip of when:

- the question reads as English (``language.detect``), and the word is no function word
  of the other languages the question readers know ("oder", "sich", "haben");
- it is written in small letters, or with a capital first ("Wich"): capitals throughout
  or inside make an acronym or a name;
- it has ``MIN_LETTERS`` letters or more, as the word meant does: shorter words are one
  edit from too many others ("vit" from "it");
- the corpus does not write it, no listed author is so named, and English hardly writes
  it (below ``SLIP_ZIPF``: "abotu" 1.4, "wirte" 0; not "codec" 2.7, "bert" 3.5);
- exactly one framing word (``framing_words``) is one edit from it, a swap of neighbours
  counting as one, with the same first letter ("swin" is no "win"; "wich" is as near
  "with" as "which", and stays as typed).

The framing words are the stop words and the asking words the question readers already
hold; none is written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from retrieval.index.vocabulary import zipf
from retrieval.query.asking import FRAMING, FRAMING_WORDS
from retrieval.query.language import detect, framing
from retrieval.text import stopwords

MIN_LETTERS = 4
SLIP_ZIPF = 2.0  # as ``vocabulary.TYPO_ZIPF``: "anyting" 1.7; "codec" 2.7 is a word
WORD = re.compile(r"(?<![\w'’-])[^\W\d_]+(?![\w'’-])")  # a word of letters alone


@cache
def framing_words() -> dict[str, list[str]]:
    """Return the framing words of ``MIN_LETTERS`` letters or more, by first letter."""
    words: dict[str, list[str]] = {}
    for word in sorted(stopwords() | FRAMING | FRAMING_WORDS):
        if len(word) >= MIN_LETTERS and word.isalpha():
            words.setdefault(word[0], []).append(word)
    return words


@cache
def foreign_words() -> frozenset[str]:
    """Return the function words of the other languages ``data/framing.json`` holds."""
    return frozenset(w for markers, mapping in framing().values() for w in (*markers, *mapping))


class FramingSlips:
    """Reads framing words typed with a slip against what one corpus writes."""

    def __init__(self, writes: Callable[[str], bool], names: frozenset[str]) -> None:
        self.writes = writes  # a lower-case word the listed papers write
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with each slip of a framing word written as the word meant
        (see the module docstring)."""
        if detect(text) != "en":
            return text
        return WORD.sub(lambda m: self.meant(m.group()) or m.group(), text)

    def meant(self, typed: str) -> str | None:
        """Return the framing word a typed word is a slip of, in its case, or None."""
        folded = typed.lower()
        if len(typed) < MIN_LETTERS or typed[1:] != folded[1:]:
            return None
        if self.writes(folded) or folded in self.names or zipf(folded) >= SLIP_ZIPF:
            return None
        if folded in foreign_words():
            return None
        near = process.extract(
            folded, framing_words().get(folded[0], ()), scorer=OSA.distance, score_cutoff=1,
            limit=2,
        )  # fmt: skip
        if len(near) != 1:
            return None
        word = str(near[0][0])
        return word.capitalize() if typed[0].isupper() else word
