"""Words typed in leetspeak: "wh1ch p4p3rs us3 GNNs?" is "which papers use GNNs?".

Some people write letters as the digits that look like them: 4 for "a", 3 for "e", 0 for
"o", 1 for "i" or "l", 5 for "s", 7 for "t", 8 for "b", 9 for "g". Read as typed, such a
word is no word at all, and a message of them finds nothing. A word is read as the word
its letters spell when:

- it mixes letters and digits, and is no ordinal ("4th") and no word the corpus writes
  ("A100", "fp16", "MobileNetV2" stay as typed);
- reading each digit as a letter it stands for spells a word the corpus writes, a
  listed author's name, or an everyday English word (``WORD_ZIPF``); of several
  spellings ("1" as "i" or "l"), the one the corpus writes, else the commonest;
- the message is in leetspeak: ``MIN_WORDS`` such words or more have a digit between
  letters and three letters or five characters ("p4p3rs", "wh1ch", "5p4714l"). One
  alone ("B2B", "h2o") is a name. A number before a unit ("5ms", "5am"), an index after
  a name ("top5", "SE3") or a short name ("L40S", "p4d") may spell a word ("sms", "tops",
  "see", "laos"), and tells nothing.

In leetspeak, a word with a digit between letters may spell a rarer English word
(``LEET_ZIPF``: "arX1v"); a word of one letter spells a stop word only ("m3" -> "me",
"0f" -> "of"; "3D" stays). The spelled word keeps the typed word's case ("H03FL3R" ->
"HOEFLER", "T0rst3n" -> "Torsten"). Digits alone ("4 all", "2 bits") may be amounts, and
stay.

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
INSIDE = re.compile(r"[^\W\d_]\d+[^\W\d_]")  # a digit between letters: "p4p3rs"
ORDINAL = re.compile(r"\d*(?:1st|2nd|3rd|\dth)", re.I)  # not "4nd", leetspeak's "and"
MIN_TELLING = 3  # letters of a word that tells leetspeak ("p4d", "L40S" do not)
MIN_TELLING_LENGTH = 5  # or characters: "5p4714l"


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
        found = {word: spelled for word in typed if _tells(word) and (spelled := self.word(word))}
        if len(found) < MIN_WORDS:
            return text
        for word in typed - found.keys():
            common = LEET_ZIPF if INSIDE.search(word) else WORD_ZIPF
            if spelled := self.word(word, common) or _stop_word(word):
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


def _tells(typed: str) -> bool:
    """Return True for a word that tells leetspeak: a digit between its letters, and
    long enough to be no short name."""
    long = _letters(typed) >= MIN_TELLING or len(typed) >= MIN_TELLING_LENGTH
    return long and bool(INSIDE.search(typed))


def _stop_word(typed: str) -> str | None:
    """Return the stop word a word of letters and digits spells ("m3" -> "me"), or None;
    a number is none ("4" is no "a")."""
    if not _letters(typed):
        return None
    return next((w for w in spellings(typed) if w.lower() in stopwords()), None)
