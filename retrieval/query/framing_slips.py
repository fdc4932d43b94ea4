"""Framing words typed with a slip: "wich papres are abotu graphs?", "what did Hoefler
wirte on weather?", "shwo me the Allo paper", read with the words meant.

The rules that read a question key on the words that frame it ("which", "papers",
"about", "write", "show"). One slip in such a word hides what is asked: "papres" asks for
no list, and "wirte" becomes part of the topic ("None of Hoefler's papers is about
“wirte weather”"). The search reads slips of the corpus's own words
(``retrieval.index.vocabulary``); this reads slips of the framing words, before any rule
does.

A word is read as the framing word it is a slip of when:

- the question reads as English (``language.detect``), and the word is no function word
  of the other languages the question readers know ("oder", "sich", "haben");
- it is written in small letters, with a capital first only where a sentence starts
  ("Papres on graphs?"; "papers by Papen" names someone), or in capitals in a message
  mostly shouted ("SHWO ME PAPRES ON GRAPHS"; "GTPQ" elsewhere is an acronym), or in
  capitals in a word of ``STRESSED_LETTERS`` or more ("which papers MENTOIN GPUs?");
- it has ``MIN_LETTERS`` letters or more, as the word meant does: shorter words are one
  edit from too many others ("vit" from "it");
- the corpus does not write it nor a word one edit from it ("wheather" is as near
  "weather" as "whether": the search reads it), no listed author is so named, and
  English writes it seldom (below ``SLIP_ZIPF``) and far less than the word meant
  (``RARER_BY``): "thre" 2.2 against "there" 6.9, "abotu" 1.4; not "codec" 2.7 against
  "codes" 4.6;
- one framing word (``framing_words``) is one edit from it, a swap of neighbours
  counting as one, with the same first letter ("swin" is no "win"); of several, the one
  a swap reaches ("waht": "what", not "want"). "wich" is as near "with" as "which", and
  stays as typed.

The framing words are the stop words, the asking words and the verbs that say what a
list is about ("mentoin", "dicsuss", "invovle") that the question readers already hold;
none is written here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA, Levenshtein

from retrieval.index.vocabulary import zipf
from retrieval.query.asking import ABOUT_VERB_WORDS, FRAMING_TERMS
from retrieval.query.language import detect, framing
from retrieval.text import stopwords

MIN_LETTERS = 4
SLIP_ZIPF = 3.0  # "thre" 2.2, "abut" 2.5; "teh" is too short
RARER_BY = 3.0  # Zipf the word meant is above the slip: "codec" 2.7 is no slip of "codes" 4.6
SHOUTED = 0.6  # share of a message's words in capitals that makes it shouted
# A word this long in capitals is stressed ("which papers MENTOIN PyTorch?"), not an acronym:
# acronyms are mostly shorter ("GTPQ", "HLS", "RDMA")
STRESSED_LETTERS = 6
WORD = re.compile(r"(?<![\w'’-])[^\W\d_]+(?![\w'’-])")  # a word of letters alone
SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n)[\"'“‘(\[]?$")


@cache
def framing_words() -> dict[str, list[str]]:
    """Return the framing words of ``MIN_LETTERS`` letters or more, by first letter."""
    words: dict[str, list[str]] = {}
    for word in sorted(stopwords() | FRAMING_TERMS | ABOUT_VERB_WORDS):
        if len(word) >= MIN_LETTERS and word.isalpha():
            words.setdefault(word[0], []).append(word)
    return words


@cache
def foreign_words() -> frozenset[str]:
    """Return the function words of the other languages ``data/framing.json`` holds."""
    return frozenset(w for markers, mapping in framing().values() for w in (*markers, *mapping))


class FramingSlips:
    """Reads framing words typed with a slip against what one corpus writes."""

    def __init__(
        self,
        writes: Callable[[str], bool],
        names: frozenset[str],
        typo_of: Callable[[str], str | None] = lambda _: None,
    ) -> None:
        self.writes = writes  # a lower-case word the listed papers write
        self.names = names  # lower-case words of the listed authors' names
        self.typo_of = typo_of  # the corpus word a word is a typo of, if one is

    def read(self, text: str) -> str:
        """Return a message with each slip of a framing word written as the word meant
        (see the module docstring). The language is read only for a message with a
        slip: most have none, and ``detect`` costs as much as the rest."""
        found = list(WORD.finditer(text))
        capitals = sum(m.group().isupper() for m in found if len(m.group()) > 1)
        shouted = capitals >= SHOUTED * max(1, len(found))

        def meant(match: re.Match[str]) -> str:
            typed = match.group()
            if typed.isupper() and len(typed) > 1:
                stressed = shouted or len(typed) >= STRESSED_LETTERS
                word = self.meant(typed.lower()) if stressed else None
                return word.upper() if word else typed
            if typed[0].isupper() and not SENTENCE_START.search(text[: match.start()]):
                return typed  # a name: "papers by Papen"
            word = self.meant(typed.lower())
            return (word.capitalize() if typed[0].isupper() else word) if word else typed

        read = WORD.sub(meant, text)
        return read if read != text and detect(text) == "en" else text

    def meant(self, typed: str) -> str | None:
        """Return the framing word a word in small letters is a slip of, or None."""
        if len(typed) < MIN_LETTERS or typed != typed.lower():
            return None
        if self.writes(typed) or typed in self.names or typed in foreign_words():
            return None
        if self.typo_of(typed) is not None:
            return None  # as near a word of the list ("wheather"): the search reads it
        common = zipf(typed)
        if common >= SLIP_ZIPF:
            return None
        near = [
            str(word)
            for word, _, _ in process.extract(
                typed, framing_words().get(typed[0], ()), scorer=OSA.distance, score_cutoff=1
            )
            if zipf(str(word)) - common >= RARER_BY
        ]
        if len(near) > 1:  # a swap of neighbours is the likelier slip: "waht" is "what"
            near = [word for word in near if Levenshtein.distance(typed, word) == 2]
        return near[0] if len(near) == 1 else None
