"""Questions about the words of titles: "which titles start with 'Understanding'",
"papers with LLMs / large language models in the title", "titles that mention graph".

Such a question asks about the list's titles, not about a topic: the answer is every
paper (within the other filters) whose title has one of the words asked for, newest
first. A word matches a whole title word, its plural, or a part of a closed-up name
("graph" in "ProbGraph", "mesh" in "HammingMesh").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retrieval.names import fold

QUOTES = "'\"‘’“”«»`"
_PHRASE = r"(?P<words>[^?.!]+?)"
_END = r"\s*[?.!]*\s*$"
STARTS = re.compile(
    rf"\btitles?\s+(?:that\s+|which\s+)?(?:start|begin|open)s?\s+with\s+{_PHRASE}{_END}", re.I
)
IN_TITLE = re.compile(
    r"\b(?:with|having|has|have|contain(?:s|ing)?|mention(?:s|ing)?|say(?:s|ing)?|use(?:s)?"
    rf"|using)\s+(?:the\s+words?\s+)?{_PHRASE}\s+(?:right\s+)?in\s+(?:the|their|its)\s+titles?\b",
    re.I,
)
TITLE_HAS = re.compile(
    r"\btitles?\s+(?:that\s+|which\s+)?(?:contain|include|mention|ha(?:s|ve)|say|use)s?"
    rf"\s+(?:the\s+words?\s+)?{_PHRASE}{_END}",
    re.I,
)
ALTERNATIVES = re.compile(r"\s*(?:/|,|\bor\b)\s*", re.I)
CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


@dataclass(frozen=True)
class TitleAsk:
    """The words a question asks titles to have, at their start or anywhere."""

    phrases: tuple[str, ...]
    at_start: bool

    def matches(self, title: str) -> bool:
        """Return True when the title has one of the phrases (at its start, if asked)."""
        words = _words(title)
        parts = [part for word in title.split() for part in _parts(word)]
        for phrase in self.phrases:
            wanted = _words(phrase)
            if self.at_start:
                if words[: len(wanted)] == wanted:
                    return True
            elif _contains(words, wanted) or (len(wanted) == 1 and wanted[0] in parts):
                return True
        return False

    def text(self) -> str:
        """Return the phrases as the reply names them: “LLMs” or “large language models”."""
        return " or ".join(f"“{p}”" for p in self.phrases)


def read_title_ask(text: str) -> tuple[TitleAsk | None, str]:
    """Return what a question asks of titles, and the question without that clause."""
    for pattern, at_start in ((STARTS, True), (IN_TITLE, False), (TITLE_HAS, False)):
        match = pattern.search(text)
        if match is None:
            continue
        phrases = tuple(
            cleaned
            for part in ALTERNATIVES.split(match["words"])
            if (cleaned := part.strip(f" {QUOTES}"))
        )
        if phrases:
            rest = f"{text[: match.start()]} {text[match.end() :]}"
            return TitleAsk(phrases, at_start), " ".join(rest.split())
    return None, text


def _words(text: str) -> list[str]:
    """Return a text's folded words, each without a plural "s"."""
    return [_singular(w) for w in re.findall(r"[^\W_]+", fold(text))]


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _parts(word: str) -> list[str]:
    """Return the folded parts of a closed-up name ("ProbGraph" -> prob, graph)."""
    return [_singular(fold(p)) for p in CAMEL.findall(word)]


def _contains(words: list[str], wanted: list[str]) -> bool:
    n = len(wanted)
    return n > 0 and any(words[i : i + n] == wanted for i in range(len(words) - n + 1))
