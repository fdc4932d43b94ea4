"""Words typed in Pig Latin: "ichwhay aperspay useway aphgray odelsmay?" is "which papers
use graph models?".

Pig Latin moves a word's opening consonants to its end and adds "ay" ("paper" ->
"aperpay", "which" -> "ichwhay"); a word that opens with a vowel gets "way", "yay",
"hay" or "ay" ("use" -> "useway"). Read as typed, no word of it is one, and a message of
them finds nothing. A word ending in "ay" is read back as the word it spells with the
consonants before "ay" (up to ``MAX_MOVED``) put back in front, or with its vowel
ending taken off, when that spells a word the corpus writes, a listed author's name or
an everyday English word (``WORD_ZIPF``); of several readings, the one the corpus
writes, else the commonest ("andway" is "and", not "wand").

A message is read so when it is in Pig Latin: of its words of ``MIN_LETTERS`` or more,
at least ``SHARE`` end in "ay" and read back, and ``MIN_WORDS`` or more. English writes
few such words ("today", "array", "display"), never most of a message. Words not ending
in "ay" ("GNNs", "A100", "cs.LG") stay as typed, as names and codes are often left so.

The words come from the corpus, the author list and a word-frequency list; none is
written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.index.vocabulary import zipf

WORD_ZIPF = 3.0  # an everyday English word a reading may spell: "paper" 5.0, "wand" 3.3
MIN_LETTERS = 3  # words counted when telling the message's language ("a", "is" are not)
MIN_WORDS = 3  # words read back in one message
SHARE = 0.5  # of its words that must end in "ay" and read back
MAX_MOVED = 4  # consonants moved to a word's end ("schm" of "schmooze")
VOWELS = frozenset("aeiou")
VOWEL_ENDINGS = ("way", "yay", "hay", "ay")  # after a word that opens with a vowel
WORD = re.compile(r"[^\W\d_]+")


class PigLatin:
    """Reads Pig Latin against what one corpus writes."""

    def __init__(self, knows: Callable[[str], bool], names: frozenset[str]) -> None:
        self.knows = knows  # a lower-case word the listed papers use
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message in Pig Latin with each of its words read back, or as it is
        when it is not in Pig Latin."""
        words = [m.group() for m in WORD.finditer(text) if len(m.group()) >= MIN_LETTERS]
        read = {word: back for word in set(words) if (back := self.word(word))}
        count = sum(word in read for word in words)
        if count < MIN_WORDS or count < SHARE * len(words):
            return text
        return WORD.sub(lambda m: self.word(m.group()) or m.group(), text)

    def word(self, typed: str) -> str | None:
        """Return the word a typed word spells in Pig Latin, in its case, or None."""
        folded = typed.casefold()
        if not folded.endswith("ay") or len(folded) < MIN_LETTERS:
            return None
        ranked = []
        for reading in readings(folded):
            if self.knows(reading) or reading in self.names:
                ranked.append((1, zipf(reading), reading))
            elif (frequency := zipf(reading)) >= WORD_ZIPF:
                ranked.append((0, frequency, reading))
        if not ranked:
            return None
        back = max(ranked)[2]
        if typed.isupper():
            return back.upper()
        return back.capitalize() if typed[0].isupper() else back


def readings(folded: str) -> list[str]:
    """Return the words a lower-case Pig Latin word may stand for ("aperpay" ->
    ["paper", ...]): its consonants before "ay" moved back to the front, or a vowel
    ending taken off a word that opens with a vowel."""
    found = []
    if folded[0] in VOWELS:
        found += [folded[: -len(end)] for end in VOWEL_ENDINGS if folded.endswith(end)]
    stem = folded[:-2]
    for moved in range(1, min(MAX_MOVED, len(stem) - 1) + 1):
        tail = stem[-moved:]  # consonants, "qu" among them ("ickquay": "quick")
        if not any(c in VOWELS for c in tail.replace("qu", "")):
            found.append(tail + stem[:-moved])
    return [word for word in found if word]
