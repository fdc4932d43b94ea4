"""An "h" a dialect drops, marked by an apostrophe: "'as anyone got a paper on 'igh-level
synthesis?" is "has anyone got a paper on high-level synthesis?".

Written Cockney or Yorkshire speech drops the "h" that opens a word, and often the "g"
that ends "-ing" ("lookin'", put back by ``retrieval.query.shorthand``), and marks each
with an apostrophe. Read as typed, "'igh" and "'ardware" are no words, and a message of
them finds little. A word is read with its "h" back when:

- an apostrophe opens it, after no letter, and none closes it ("'and'" quotes a word),
  and "h" before it spells a word the corpus writes, a listed author's name, or a common
  English word (``H_ZIPF``: "'ow" -> "how", "'oefler" -> "hoefler"; "'em" is no "hem");
- the message drops so ``MIN_WORDS`` letters or more, an "h" or a marked "g": one
  alone ("'art'", "rock 'n' roll") is a quote or a set phrase.

The words come from the corpus, the author list and a word-frequency list; none is
written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retrieval.index.vocabulary import zipf
from retrieval.query.shorthand import DROPPED_G

H_DROPPED = re.compile(r"(?<![^\W\d_])['’]([^\W\d_]+)(?![\w'’-]*['’](?!\w))")
H_ZIPF = 3.5  # "how" 6.4, "hole" 4.3; not "hem" 3.2 ("'em" is "them")
MIN_WORDS = 2  # letters dropped so in one message


class DroppedLetters:
    """Reads words with a dropped letter against what one corpus writes."""

    def __init__(self, writes: Callable[[str], bool], names: frozenset[str]) -> None:
        self.writes = writes  # a lower-case word the listed papers write as it is
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with its dropped letters put back, or as it is when it
        drops fewer than ``MIN_WORDS`` (see the module docstring)."""
        found = sum(1 for m in H_DROPPED.finditer(text) if self._word("h" + m[1]))
        if not found or found + len(DROPPED_G.findall(text)) < MIN_WORDS:
            return text
        return H_DROPPED.sub(lambda m: self._h(m[1]) if self._word("h" + m[1]) else m[0], text)

    def _word(self, spelled: str) -> bool:
        folded = spelled.lower()
        return self.writes(folded) or folded in self.names or zipf(folded) >= H_ZIPF

    @staticmethod
    def _h(rest: str) -> str:
        """Return a word with its "h" back, in its case: "'oefler" -> "hoefler",
        "'OW" -> "HOW"."""
        return "H" + rest if rest.isupper() and len(rest) > 1 else "h" + rest
