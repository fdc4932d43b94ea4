"""Find a listed author named in free text: full or family name, typos, any language.

The names come from the corpus; nothing here knows any particular author. A family name
matches exactly, or within one edit (optimal string alignment, so "zhnag" is one
transposition from "zhang") when it is five letters or longer and the typed word is not
an ordinary English word. A given name next to the family name makes a match certain and
lets a short family name ("Wu") match at all, and belongs to the mention: "Zhiru Zhang's
papers" names the author in "Zhiru Zhang's"; so does one written after it ("Zhang
Zhiru"). A given name alone names an author when no other listed author has it, no
abstract uses it as a word, and it is rare in English ("Torsten", not "Mark"). A whole
name written as one word, as a handle is ("@TorstenHoefler"), names its author, unless
it is a word ("T. He" written as one word is "the").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA

from retrieval.text import WORDS, fold

FUZZY_MIN_LETTERS = 5  # "zhang" tolerates one edit; "wu" never does
MISSPELLED_GIVEN = 2  # edits of a listed author's given name that still name them
COMMON_ZIPF = 3.5  # typed words at least this common in English are never fuzzy names
WORD_ZIPF = 4.5  # a lowercase family name this common ("young") is read as a word
POSSESSIVE = re.compile(r"^(?:['’]s|['’])")
# A name found in a question: author, first and last word, exact, another person's.
Span = tuple[str, int, int, bool, bool]
# Words written before a name that are not given names ("Prof Zhang", "Herr Hoefler").
TITLES = ("dr", "prof", "professor", "mr", "mrs", "ms", "miss", "sir", "herr", "frau", "mister",
          "doktor", "profesor", "professeur", "monsieur", "madame", "mx")  # fmt: skip
# Words a full name follows: "by Wei Zhang", and the subject after an auxiliary ("what did
# Wei Zhang publish?", "has Wei Zhang written ...?").
NAME_BEFORE = frozenset(
    {"by", "and", "with", "from", "of", "did", "does", "do", "has", "have", "had", "is", "was"}
)


@dataclass(frozen=True)
class Mention:
    """A listed author named in a question: where, and whether it was typed right."""

    author: str
    start: int  # the name's first character in the question
    end: int  # just past the name, and a possessive after it ("Zhang's")
    exact: bool  # False when the name was matched despite a typo
    other: bool = False  # another person of a listed family name ("Wei Zhang"): ``author``
    # is then the name as typed


@cache
def _english_zipf(word: str) -> float:
    from wordfreq import zipf_frequency

    return float(zipf_frequency(word, "en"))


class AuthorNames:
    """The listed authors, indexed by family name for fast lookup in questions."""

    def __init__(self, authors: list[str], words: frozenset[str] = frozenset()) -> None:
        """``words``: the folded words of the abstracts; a given name among them ("Pascal")
        names an author only next to the family name."""
        self.authors = authors
        self._words = words
        self._parts = {a: [fold(p) for p in WORDS.findall(a)] for a in authors}
        self.words = frozenset(part for parts in self._parts.values() for part in parts)
        self._family: dict[str, list[str]] = {}
        for author, parts in self._parts.items():
            if parts:
                self._family.setdefault(parts[-1], []).append(author)
        self._long = [f for f in self._family if len(f) >= FUZZY_MIN_LETTERS]
        self._given: dict[str, list[str]] = {}
        for author, parts in self._parts.items():
            if len(parts) > 1:
                self._given.setdefault(parts[0], []).append(author)
        # A whole name written as one word, as handles are: "@ZhiruZhang", "torstenhoefler".
        self._joined = {"".join(parts): a for a, parts in self._parts.items() if len(parts) > 1}

    def is_family(self, word: str) -> bool:
        """Return True when a folded word is a listed author's family name."""
        return word in self._family

    def find(self, question: str, limit: int = 4) -> list[Mention]:
        """Return the listed authors a question names, in order (at most ``limit``): by
        family name first, then by a given name alone."""
        found = list(WORDS.finditer(question))
        words = [(fold(m.group()), m.start(), m.end()) for m in found]
        spans: list[Span] = []
        index = 0
        while index < len(words):
            span = self._family_at(found, words, index, spans[-1][2] + 1 if spans else 0)
            spans += [span] if span else []
            index = span[2] + 1 if span else index + 1
        covered = {n for _, first, last, _, _ in spans for n in range(first, last + 1)}
        spans += [(a, n, n, True, False) for n, a in self._given_names(words) if n not in covered]
        spans += [(self._joined[w], n, n, True, False) for n, (w, _, _) in enumerate(words)
                  if w in self._joined and n not in covered and self._not_a_word(w)]  # fmt: skip
        mentions = []
        for author, first, last, exact, other in sorted(spans, key=lambda span: span[1])[:limit]:
            end = words[last][2]
            end += len(possessive[0]) if (possessive := POSSESSIVE.match(question[end:])) else 0
            name = question[words[first][1] : words[last][2]] if other else author
            mentions.append(Mention(name, words[first][1], end, exact, other))
        return mentions

    def _family_at(
        self, found: list[re.Match[str]], words: list[tuple[str, int, int]], index: int,
        free: int,
    ) -> Span | None:  # fmt: skip
        """Return the author whose family name is word ``index`` with the words of the whole
        name (a given name may stand before it, from word ``free`` on, or after it); or,
        when another given name stands before it, that other person ("Wei Zhang")."""
        word = words[index][0]
        for family, exact in self._families_like(word):
            for author in self._family[family]:
                first = max(self._given_span(author, words, index), free)
                last = self._given_after(author, words, index) if first == index else index
                named = first < index or last > index  # a given name stands next to it
                if not named and not self._alone_ok(family, word, found[index].group(), exact):
                    continue
                if not named and self._other_given(found, words, index, free, author):
                    return author, index - 1, index, exact, True  # not Zhiru Zhang
                return author, first, last, exact, False
        return None

    def _given_names(self, words: list[tuple[str, int, int]]) -> list[tuple[int, str]]:
        """Return the words that name an author by a given name alone ("what has Torsten
        been working on?"): only one listed author may have it, and it must be rare as
        an English word."""
        return [
            (index, authors[0])
            for index, (word, _, _) in enumerate(words)
            if len(authors := self._given.get(word, [])) == 1
            and len(word) >= 4
            and word not in self._words
            and _english_zipf(word) < COMMON_ZIPF
        ]

    def _not_a_word(self, joined: str) -> bool:
        """Return True when a name written as one word is no word of the abstracts nor
        common English: "T. He" joined is "the", "W. Ho" is "who"."""
        return joined not in self._words and _english_zipf(joined) < COMMON_ZIPF

    def _given_after(self, author: str, words: list[tuple[str, int, int]], index: int) -> int:
        """Return the index of the last given-name word right after the family name, as
        names are written family name first ("Zhang Zhiru")."""
        end = index
        for given in self._parts[author][:-1]:
            if end + 1 < len(words) and words[end + 1][0] == given:
                end += 1
            else:
                break
        return end

    def _families_like(self, word: str) -> list[tuple[str, bool]]:
        if word in self._family:
            return [(word, True)]
        if len(word) < FUZZY_MIN_LETTERS - 1:
            return []
        close = process.extract(word, self._long, scorer=OSA.distance, score_cutoff=1, limit=None)
        return [(str(f), False) for f, _, _ in close]

    def _alone_ok(self, family: str, word: str, typed: str, exact: bool) -> bool:
        """Return True when a family name without a given name still names the author.

        It must be the only listed author of that name and at least three letters long;
        a typo must not be an ordinary English word, and an exact match that is one
        ("Young") counts only when capitalized.
        """
        if len(self._family[family]) > 1 or len(family) < 3:
            return False
        if not exact:
            return _english_zipf(word) < COMMON_ZIPF
        return _english_zipf(word) < WORD_ZIPF or typed[:1].isupper()

    def _other_given(
        self, found: list[re.Match[str]], words: list[tuple[str, int, int]], index: int,
        free: int, author: str,
    ) -> bool:  # fmt: skip
        """Return True when the word right before a family name reads as another person's
        given name: capitalized, no word of the abstracts, no title, not common English,
        and where a name is written ("by Wei Zhang", "and Wei Zhang", ", Wei Zhang"): at
        the start of a question it is as often a greeting or a verb ("Gimme Hoefler's")."""
        if index < 2 or index - 1 < free:
            return False
        typed, (word, _, end) = found[index - 1].group(), words[index - 1]
        if any(OSA.distance(word, given) <= MISSPELLED_GIVEN for given in self._parts[author][:-1]):
            return False  # "Thorston Hoefler", "Zhuri Zhang": the listed author, misspelled
        between = question_between(found[index - 2], found[index - 1])
        placed = words[index - 2][0] in NAME_BEFORE or "," in between
        return (
            placed
            and found[index].start() - end == 1
            and typed[:1].isupper()
            and typed[1:].islower()
            and typed.isalpha()
            and word not in self._words
            and word not in TITLES
            and _english_zipf(word) < WORD_ZIPF
        )

    def _given_span(self, author: str, words: list[tuple[str, int, int]], index: int) -> int:
        """Return the index of the first given-name word right before the family name."""
        begin = index
        for given in reversed(self._parts[author][:-1]):
            if begin == 0:
                break
            typed = words[begin - 1][0]
            close = typed in (given, given[:1]) or (
                len(given) >= FUZZY_MIN_LETTERS and OSA.distance(typed, given) <= 1
            )
            if not close:
                break
            begin -= 1
        return begin


def question_between(first: re.Match[str], second: re.Match[str]) -> str:
    """Return the text between two word matches of one string."""
    return first.string[first.end() : second.start()]
