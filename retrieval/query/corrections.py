"""Corrections made in the message itself: "the quantum papers, er, I mean the weather
ones", "papers by Hoefler... wait no, by Zhang", "the 2023 one, sorry, 2022".

Chat is typed, not edited. A user who sees a slip adds the right words after a marker
("I mean", "sorry", "wait no", "or rather", "scratch that", "make that"), and reading
both parts searches the slip as much as the fix. A correction is read in place of the
words it corrects (the rest of the message stays) when:

- the marker starts a clause: it follows a comma, a dash, dots, a bracket or a filler
  ("er", "um"), or a full stop or question mark where the correction is short
  (``AFTER_SENTENCE``). "is that what you mean" or "I mean it" inside a clause is no
  marker;
- words come before it, and the correction is a phrase with a word that is no stop word
  (``MAX_WORDS`` words at most). A clause after it ("sorry, I am new here"), an apology
  ("sorry for the noise", "sorry if this is basic") or a bare "sorry!" corrects nothing.

What it corrects is found from the correction's own form, most specific first:

1. its first word is written before the marker ("by Hoefler, sorry, by Zhang", "graph
   neural networks, I mean graph transformers"): the words from the last such place on;
2. it is a number ("the 2023 one, sorry, 2022"): the last number before the marker;
3. otherwise, the last run of words before the marker that are neither stop words nor
   words that frame a question ("list the quantum papers, I mean weather": "quantum").

No word of any eval question is written here: the markers are the English of correcting
oneself, and the rest is read from the message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from retrieval.query.asking import FRAMING_TEXT, FRAMING_WORDS
from retrieval.text import stopwords

MAX_WORDS = 8  # "by Zhiru Zhang on networks from 2023" is 7
AFTER_SENTENCE = 4  # "which papers are on quantum? sorry, weather"
RESTATED = 3  # words of an "I mean" that replace a run: it restates as often as it corrects
FILLER = r"(?:e+r+m*|u+m+|u+h+|h+m+|oh|ah)"
# Owning up before the fix: "oh I typed it wrong:", "typo:", "my mistake,".
OWNED = (
    r"(?:(?:wait,?\s+)?i\s+(?:got|typed|wrote|said|put)\s+(?:that|it|this)\s+wrong"
    r"|typo|my\s+mistake)"
)
MARKER = re.compile(
    rf"(?:(?:[,;:…]|\.{{2,}}|(?P<dash>[—–]|\s-{{1,2}}(?=\s)))\s*(?:{FILLER}[\s,.…]+)?"
    rf"|(?P<stop>[.?!]+)\s+|(?P<open>\()\s*|\s+{FILLER}[\s,.…]+)"
    rf"(?:(?:oops|oh)[\s,.!]+)?(?:{OWNED}[\s,.;:!—–-]+(?:i\s+meant?\b)?"
    r"|(?P<restates>i\s+mean)\b|i\s+meant|sorry|sry|oops|wait,?\s+no|no,?\s+wait|no,?\s+sorry"
    r"|or\s+rather|scratch\s+that|make\s+that|correction|actually,?\s+no|my\s+bad)"
    rf"(?:\s*[,:;.!—–…-]+|\s+|(?=\)))(?:\s*{OWNED}[\s,.;:!—–-]+)?(?:\s*i\s+meant?\b[\s,:]*)?",
    re.I,
)
SCOPE = re.compile(r"(?<=[.?!])\s+|\(")  # where the sentence or bracket corrected starts
SENTENCE_END = re.compile(r"[.?!](?=\s|$)")
DASH = r"\s*(?:[—–]|\s-{1,2}(?=\s))"
WORD = re.compile(r"[\w'’-]+")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
# What opens a clause or an apology rather than a phrase: "sorry, I am new", "sorry for
# the noise", "sorry to ask", "sorry if this is basic", "I mean it is basic".
CLAUSE = frozenset({
    "i", "i'm", "im", "i’m", "we", "we're", "you", "it", "it's", "it’s", "this", "that",
    "they", "he", "she", "there", "for", "to", "if", "but",
})  # fmt: skip
MAX_CORRECTIONS = 3


class Corrections:
    """Reads the corrections a message makes against what one corpus writes."""

    def __init__(self, knows: Callable[[str], bool], names: frozenset[str]) -> None:
        self.knows = knows  # a lower-case word the listed papers write
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with each correction it makes read in place of what it
        corrects (see the module docstring); one without is returned as it is."""
        for _ in range(MAX_CORRECTIONS):
            fixed = self._first(text)
            if fixed is None:
                return text
            text = fixed
        return text

    def _first(self, text: str) -> str | None:
        """Return the message with its first correction made, or None without one."""
        for marker in MARKER.finditer(text):
            before = text[: marker.start()].rstrip()
            scope = SCOPE.split(before)[-1]  # the sentence or bracket it corrects
            fix, after = _phrase(text[marker.end() :], marker)
            words = WORD.findall(fix)
            most = AFTER_SENTENCE if marker["stop"] else MAX_WORDS
            if not words or len(words) > most or words[0].lower() in CLAUSE:
                continue
            if not (NUMBER.match(fix) or any(self._written(w) for w in words)):
                continue  # "(sorry, toddler wants juice)" names nothing listed
            short = len(words) <= RESTATED or not marker["restates"]
            fixed = _replaced(scope, fix, short)
            if fixed is not None:
                return before[: len(before) - len(scope)] + fixed + after
        return None

    def _written(self, word: str) -> bool:
        """Return True for a word the corpus writes or a listed author is named."""
        folded = word.lower()
        return _is_content(word) and (self.knows(folded) or folded in self.names)


def _phrase(rest: str, marker: re.Match[str]) -> tuple[str, str]:
    """Return the correction after a marker, to the end of its sentence, or of the
    bracket or dash the marker opened ("the 2022 one — sorry, 2024 — on graphs"), and
    the rest of the message after it."""
    closing = r"\)" if marker["open"] else DASH if marker["dash"] else None
    end = close = -1
    if closing and (shut := re.search(closing, rest)):
        end, close = shut.start(), shut.end()
    elif stop := SENTENCE_END.search(rest):
        end = close = stop.start()
    if end < 0:
        return rest.strip(" \t,;:—–-"), ""
    return rest[:end].strip(" \t,;:—–-"), rest[close:]


def _replaced(before: str, fix: str, short: bool) -> str | None:
    """Return the words before a marker with what ``fix`` corrects replaced by it, or
    None when ``fix`` starts with a stop word written nowhere before it: such a phrase
    adds to the message ("what is GPTQ? I mean in simple words"), it corrects nothing.
    A run of words is replaced only by a ``short`` correction."""
    first = WORD.match(fix)
    if first is not None:
        same = list(
            re.finditer(rf"(?<![\w'’-]){re.escape(first.group())}(?![\w'’-])", before, re.I)
        )
        if same:
            return before[: same[-1].start()] + fix
    if (number := NUMBER.match(fix)) and (numbers := list(NUMBER.finditer(before))):
        last = numbers[-1]
        end = last.end() if number.end() == len(fix) else len(before)
        return before[: last.start()] + fix + before[end:]
    if not short or first is None or first.group().lower() in stopwords():
        return None
    if not _content(before):
        return None
    words = list(WORD.finditer(before))
    run = [w for w in words if _is_content(w.group())]
    last = run[-1]
    start = last.start()
    for word in reversed(words[: words.index(last)]):
        if not _is_content(word.group()):
            break
        start = word.start()
    tail = before[last.end() :]
    repeated = WORD.match(tail.lstrip())
    if repeated and repeated.group().lower() in (w.lower() for w in WORD.findall(fix)[1:]):
        tail = tail.lstrip()[repeated.end() :]  # "quantum papers, I mean weather papers"
    return before[:start] + fix + tail


def _content(text: str) -> bool:
    """Return True when ``text`` has a word that neither is a stop word nor frames."""
    return any(_is_content(word) for word in WORD.findall(text))


def _is_content(word: str) -> bool:
    """Return True for a word that is no stop word and no word that frames a question."""
    folded = word.lower()
    return folded not in stopwords() and folded not in _framing() and not NUMBER.fullmatch(word)


@cache
def _framing() -> frozenset[str]:
    """Return the words that frame a question, as ``retrieval.query.asking`` holds them."""
    return frozenset(FRAMING_TEXT.split()) | FRAMING_WORDS
