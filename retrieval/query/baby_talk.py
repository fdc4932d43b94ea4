"""Words typed in baby talk, with a "w" for an "r" or an "l": "wist the papews on
gwaph neuwal netwowks" is "list the papers on graph neural networks".

Some people write cute on purpose, the way a small child says its r's and l's. Read as
typed, "papew" and "gwaph" are no words, and a message of them finds little. A word is
read as the word it spells with some of its w's read as "r" or "l" when:

- it is no word the corpus writes, no everyday English word (``WORD_ZIPF``) and no
  listed author's name: "wow", "wave" and "Wei" stay as typed;
- reading some of its w's so spells a word the corpus writes, a listed author's name or
  a common English word (``SPELLED_ZIPF``): "wanguage" -> "language", "wist" -> "list";
  of several, the one the corpus writes, else the commonest ("netwowk" -> "network");
- it is no name: capitalized in mid-sentence ("Ewa", "Wouter"; German's nouns, "Wetter")
  or a short word in capitals ("WLM", "WIP"), it spells a listed author's name or none;
- the message is in baby talk: ``MIN_WORDS`` such words or more. One alone ("Wuhan",
  "Kowalski") is a name or a slip.

The words come from the corpus, the author list and a word-frequency list; none is
written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.index.vocabulary import zipf
from retrieval.query.scanned import spellings

FOR_W = {"w": ("r", "l")}  # what a w may stand for in baby talk
WORD_ZIPF = 3.0  # an everyday English word: typed as meant
SPELLED_ZIPF = 4.0  # a common English word a reading may spell: "list" 4.9, "paper" 5.0
MIN_LETTERS = 3  # a shorter word ("ww", "w/") is a mark or an abbreviation
MIN_WORDS = 2  # words read so in one message
SHORT_CAPITALS = 4  # letters of a word in capitals that may be an acronym ("WLM")
MAX_SPELLINGS = 81  # four w's; a word with more is left as typed
WORD = re.compile(r"[^\W\d_]+")


class BabyTalk:
    """Reads baby talk against what one corpus writes."""

    def __init__(
        self, knows: Callable[[str], bool], writes: Callable[[str], bool], names: frozenset[str]
    ) -> None:
        self.knows = knows  # a lower-case word the listed papers use, or start
        self.writes = writes  # a lower-case word they write as it is
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with each word in baby talk spelled out, or as it is when
        it holds fewer than ``MIN_WORDS`` of them."""
        found = {
            m.group(): spelled
            for m in WORD.finditer(text)
            if (spelled := self.word(m.group())) is not None
            and (not _named(text, m) or spelled.lower() in self.names)
        }
        if len(found) < MIN_WORDS:
            return text
        return WORD.sub(lambda m: found.get(m.group(), m.group()), text)

    def word(self, typed: str) -> str | None:
        """Return the word a word typed in baby talk spells, in its case, or None."""
        folded = typed.lower()
        if "w" not in folded or len(folded) < MIN_LETTERS or folded in self.names:
            return None
        if self.knows(folded) or zipf(folded) >= WORD_ZIPF:
            return None
        ranked = [
            (self.writes(spelled) or spelled in self.names, zipf(spelled), spelled)
            for spelled in spellings(folded, FOR_W, MAX_SPELLINGS)
            if spelled != folded
            and (self.writes(spelled) or spelled in self.names or zipf(spelled) >= SPELLED_ZIPF)
        ]
        if not ranked:
            return None
        best = max(ranked)[2]
        return (
            best.upper() if typed.isupper() else best.capitalize() if typed[0].isupper() else best
        )


def _named(text: str, word: re.Match[str]) -> bool:
    """Return True for a word that may be a name or an acronym, not baby talk: capitalized
    in mid-sentence ("Ewa", "Wouter", "Wetter" in German) or in capitals, four letters or
    fewer ("WLM", "WIP"), in a message not all in capitals."""
    typed = word.group()
    if typed.isupper():
        return len(typed) <= SHORT_CAPITALS and not text.isupper()
    before = text[: word.start()].rstrip()
    return typed[0].isupper() and bool(before) and before[-1] not in ".!?:;\n*>\"'“(-"
