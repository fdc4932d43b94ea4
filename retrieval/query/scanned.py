"""Text as a scan or a printout gives it: "Which papers are about quanti-\nzation?",
"LlST ALL PAPERS ON neura1 netvvorks", "compi|ers", "rnixture of experts".

Text read off a page by OCR, or copied out of a printed PDF, has two faults a reader
skips over and a search does not:

- **A word broken at the end of a line** ("quanti-\nzation"): its halves are no words.
  They are joined when the whole is a word the list's titles and abstracts write or an
  everyday English word (``WORD_ZIPF``), and a half is no English word: "pre-\ntrained"
  and "co-\ndesign" are compounds and keep their hyphen.
- **Characters misread as others that look alike** (``LOOKALIKES``): "vv" for "w", "rn"
  for "m", "cl" for "d", "|" or "1" for "l", "l" for "I", "0" for "o". A word is read as
  the word it spells with its look-alikes read as what they stand for when it is no word
  the corpus writes, no everyday English word and no listed author's name, and the word
  it spells is one the corpus writes as it is or a common English word (``SPELLED_ZIPF``:
  "thern" -> "them", "1arge" -> "large"). A digit or a bar marks a misread word; one of
  letters alone is read only as English hardly writes it, in small letters and
  ``LETTERS_ONLY`` letters or more ("rnodels"; not "clamping", "alms", "plm"), in
  capitals with a small "l" among them ("LlST"; "BLAS", "CLOS" are acronyms), or with a
  capital only as a stop word ("Whlch"; "Dally", "Marla" are names). Digits other than
  a "1" after the letters are a name's version or index ("ERA5", "top5"), and digits
  other than "1" and "0" more than once are leetspeak's (``retrieval.query.leetspeak``,
  read only in a message of such words). A word of digits alone is a number ("101" is
  no "lol"). A word of fewer than three letters may spell a stop word only ("a11":
  "all"), and a word stretched for stress ("hiii") is none misread.

The words come from the corpus, the author list and a word-frequency list; none is
written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from retrieval.index.vocabulary import zipf
from retrieval.text import stopwords

WORD_ZIPF = 3.0  # an everyday English word: "compression" 3.6, "sion" 3.0
SPELLED_ZIPF = 4.0  # a common English word a look-alike spells: "them" 6.3, "mixture" 4.0
MIN_LETTERS = 3  # a shorter word is a name or an abbreviation
MAX_SPELLINGS = 64  # a word with more readings is left as typed
LETTERS_ONLY = 5  # letters of a word misread with no digit or bar in it: "thern"
MISREAD_ZIPF = 2.0  # such a word English uses less: "thern" 1.5; "clamping" 2.9
BROKEN = re.compile(r"([^\W\d_]+)-[ \t]*\r?\n[ \t]*([^\W\d_]+)")
WORD = re.compile(r"(?:[^\W_]|\|)+")
# What each look-alike may stand for, the longest first: a scan reads "m" as "rn".
LOOKALIKES = {
    "vv": ("w",),
    "rn": ("m",),
    "cl": ("d",),
    "|": ("l", "i"),
    "1": ("l", "i"),
    "0": ("o",),
    "l": ("i",),
}
STRETCHED = re.compile(r"([^\W\d_])\1\1")  # "hiii", "sooo": stressed, not misread
LOOKS_LIKE_LETTERS = "10"  # digits a scan reads for letters: "a11", "c0de"
INDEX = re.compile(r"[^\W\d_]\d*[02-9]\d*$")  # digits after the letters, not only "1"s


def joined_at_line_ends(text: str, knows: Callable[[str], bool]) -> str:
    """Return a message with each word broken at a line end made whole again;
    ``knows`` holds for a (lower-case) word the listed papers use."""

    def join(match: re.Match[str]) -> str:
        first, second = match[1], match[2]
        whole = (first + second).lower()
        if all(zipf(half.lower()) >= WORD_ZIPF for half in (first, second)):
            return f"{first}-{second}"  # "pre-trained", "co-design": a compound
        if not (knows(whole) or zipf(whole) >= WORD_ZIPF):
            return f"{first}-{second}"
        return first + second

    return BROKEN.sub(join, text)


class ScannedWords:
    """Reads words misread by a scan against what one corpus writes."""

    def __init__(
        self, knows: Callable[[str], bool], writes: Callable[[str], bool], names: frozenset[str]
    ) -> None:
        self.knows = knows  # a lower-case word the listed papers use, or starts
        self.writes = writes  # a lower-case word they write as it is
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with its words broken at line ends joined and its misread
        words spelled out (see the module docstring)."""
        text = joined_at_line_ends(text, self.knows)

        def spelled(match: re.Match[str]) -> str:
            typed = match.group()
            if typed.isalpha() and self._word(typed.lower(), WORD_ZIPF):
                return typed  # a word as typed, as most are
            return self.word(typed) or typed

        return WORD.sub(spelled, text)

    def word(self, typed: str) -> str | None:
        """Return the word a misread word spells, in its case, or None (see the module
        docstring)."""
        letters = sum(c.isalpha() for c in typed)
        if not letters:
            return None  # a number ("ResNet-101", "100 GPUs"), not "lol" or "ioo"
        digits = [c for c in typed if c.isdigit()]
        if (len(digits) > 1 and set(digits) - set(LOOKS_LIKE_LETTERS)) or INDEX.search(typed):
            return None  # "p4p3r" is leetspeak's; "a11" may be "all"
        case = _case(typed)
        folded = typed.lower()
        if case is None or (folded.isalpha() and self._word(folded, WORD_ZIPF)):
            return None
        if STRETCHED.search(folded) or folded in self.names or len(typed) < MIN_LETTERS:
            return None
        marked = not typed.isalpha()  # a digit or a bar stands for a letter: "Pyth0n"
        if not marked and not self._misread_letters(typed, case):
            return None
        stop_word = letters < MIN_LETTERS or (case == "title" and not marked)
        ranked = [
            (self.writes(spelled), zipf(spelled), spelled)
            for spelled in spellings(folded)
            if spelled != folded
            and spelled.isalpha()
            and (spelled in stopwords() if stop_word else self._spelled(spelled))
        ]
        if not ranked:
            return None
        best = max(ranked)[2]
        return best.upper() if case == "upper" else best.capitalize() if case == "title" else best

    @staticmethod
    def _misread_letters(typed: str, case: str) -> bool:
        """Return True when a word of letters alone may hold letters misread as others: in
        capitals, only a small "l" among them ("LlST"; "BLAS", "CLOS" are acronyms); in
        small letters, a word of ``LETTERS_ONLY`` letters or more that English hardly
        uses (``MISREAD_ZIPF``: "thern", "rnodels"; not "clamping", "clots")."""
        if case == "upper":
            return "l" in typed
        return len(typed) >= LETTERS_ONLY and zipf(typed.lower()) < MISREAD_ZIPF

    def _spelled(self, spelled: str) -> bool:
        """Return True when a spelling is a word: one the corpus writes as it is ("gradle"
        is no "gradie", which only starts "gradient"; "part1" no "parti") or a common
        English word."""
        return zipf(spelled) >= SPELLED_ZIPF or self.writes(spelled)

    def _word(self, folded: str, common: float) -> bool:
        return self.knows(folded) or zipf(folded) >= common


def _case(typed: str) -> str | None:
    """Return how a word is written, its look-alikes aside: "upper" ("LlST"), "title"
    ("Whlch"), "lower", or None for a name with capitals inside ("SlimNet")."""
    kept = [c for c in typed if c.isalpha() and c.lower() not in "il"]
    if not kept:
        return "lower"
    if len(kept) > 1 and all(c.isupper() for c in kept):
        return "upper"
    if any(c.isupper() for c in kept[1:]):
        return None
    return "title" if typed[0].isupper() else "lower"


def spellings(
    folded: str,
    standing_for: Mapping[str, tuple[str, ...]] = LOOKALIKES,
    most: int = MAX_SPELLINGS,
) -> list[str]:
    """Return the words a folded word may stand for, each of its parts in
    ``standing_for`` (longest first) read as itself or as what it stands for; [] past
    ``most`` readings."""
    found = [""]
    position = 0
    while position < len(folded):
        key = next((k for k in standing_for if folded.startswith(k, position)), None)
        if key is None:
            found = [f + folded[position] for f in found]
            position += 1
            continue
        found = [f + option for f in found for option in (key, *standing_for[key])]
        if len(found) > most:
            return []
        position += len(key)
    return found
