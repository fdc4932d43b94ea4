"""Words typed in leetspeak: "wh1ch p4p3rs us3 GNNs?" is "which papers use GNNs?".

Some people write letters as the digits that look like them: 4 for "a", 3 for "e", 0 for
"o", 1 for "i" or "l", 5 for "s", 7 for "t", 8 for "b", 9 for "g". Read as typed, such a
word is no word at all, and a message of them finds nothing. A word is read as the word
its letters spell when:

- it mixes letters and digits, two letters at least, and is no ordinal ("4th") and no
  word the corpus writes ("A100", "fp16", "MobileNetV2" stay as typed);
- reading each digit as a letter it stands for spells a word the corpus writes, a
  listed author's name, or an everyday English word (``WORD_ZIPF``); of several
  spellings ("1" as "i" or "l"), the one the corpus writes, else the commonest;
- the message has ``MIN_WORDS`` such words or more: one alone ("B2B", "h2o", "k8s") is
  a name, and leetspeak is seldom one word. In such a message a rarer English word
  counts too (``LEET_ZIPF``: "arX1v"), and a word of one letter and digits is read as a
  stop word only ("m3" -> "me", "0f" -> "of"; "3D" and "1D" stay).

The spelled word keeps the typed word's case ("H03FL3R" -> "HOEFLER", "T0rst3n" ->
"Torsten"). Digits standing alone ("4 all", "2 bits") stay: they may be amounts.

The words come from the corpus, the author list and a word-frequency list; none is
written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import product

from retrieval.index.vocabulary import zipf
from retrieval.text import stopwords

LETTERS_OF = {"0": "o", "1": "il", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"}
MIN_LETTERS = 2  # "3D", "5G" and "x86" are names
MIN_WORDS = 2  # words spelled in digits in one message
WORD_ZIPF = 3.0  # "papers" 4.6, "gui" 3.3: an English word a spelling may be
LEET_ZIPF = 2.0  # in a message in leetspeak: "arxiv" 2.3, "haxor" 0
MAX_SPELLINGS = 64  # a word with more ambiguous digits is left as typed
TYPED = re.compile(r"(?<![\w.])[^\W_]*\d[^\W_]*(?![\w])")
ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.I)


def spellings(typed: str) -> list[str]:
    """Return the words a typed word spells with each digit read as a letter ("p4p3rs" ->
    ["papers"]; "1nt" -> ["int", "lnt"]), in the typed word's case; [] when a digit in
    it stands for no letter, or it has too many readings."""
    options = []
    for char in typed:
        if char.isdigit():
            if char not in LETTERS_OF:
                return []
            options.append(LETTERS_OF[char])
        else:
            options.append(char)
    count = 1
    for option in options:
        count *= len(option)
    if count > MAX_SPELLINGS:
        return []
    upper = typed.isupper()  # digits have no case: "H03FL3R" is in capitals
    return ["".join(c.upper() if upper else c for c in letters) for letters in product(*options)]


class Leetspeak:
    """Reads leetspeak against what one corpus writes."""

    def __init__(self, knows: Callable[[str], bool], names: frozenset[str]) -> None:
        self.knows = knows  # a lower-case word the listed papers use
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with each word typed in leetspeak spelled out, or as it is
        when it holds fewer than ``MIN_WORDS`` of them."""
        typed = {m.group() for m in TYPED.finditer(text)}
        found = {word: spelled for word in typed if (spelled := self.word(word))}
        if len(found) < MIN_WORDS:
            return text
        for word in typed - found.keys():
            if spelled := self.word(word, LEET_ZIPF) or _stop_word(word):
                found[word] = spelled
        return TYPED.sub(lambda m: found.get(m.group(), m.group()), text)

    def word(self, typed: str, common: float = WORD_ZIPF) -> str | None:
        """Return the word a typed word spells in leetspeak, or None when it is none;
        an English word spelled must be as ``common`` as this on the Zipf scale."""
        if _letters(typed) < MIN_LETTERS or ORDINAL.fullmatch(typed) or self.knows(typed.lower()):
            return None
        ranked = []
        for spelled in spellings(typed):
            folded = spelled.lower()
            if self.knows(folded) or folded in self.names:
                ranked.append((1, zipf(folded), spelled))
            elif (frequency := zipf(folded)) >= common:
                ranked.append((0, frequency, spelled))
        return max(ranked)[2] if ranked else None


def _letters(typed: str) -> int:
    return sum(c.isalpha() for c in typed)


def _stop_word(typed: str) -> str | None:
    """Return the stop word a word of one letter and digits spells ("m3" -> "me"), or
    None."""
    if _letters(typed) != 1:
        return None
    return next((w for w in spellings(typed) if w.lower() in stopwords()), None)
