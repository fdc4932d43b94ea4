"""Corrections made in the message itself: "the quantum papers, er, I mean the weather
ones", "papers by Hoefler... wait no, by Zhang", "the 2023 one, sorry, 2022".

Chat is typed, not edited. A user who sees a slip adds the right words after a marker
("I mean", "sorry", "wait no", "or rather", "scratch that", "nvm", "*2022"), and reading
both parts searches the slip as much as the fix. A correction is read in place of the
words it corrects (the rest of the message stays) when:

- the marker starts a clause: it follows a comma, a dash, dots, a bracket or a filler
  ("er", "um"), or a full stop or question mark. "is that what you mean" or "I mean it"
  inside a clause is no marker. After a full stop, a mild marker ("sorry", "I mean")
  corrects in ``AFTER_SENTENCE`` words at most; a bare filler ("on weather? er, on
  quantum") or a star ("from 2023 *2022") only where the correction lines up (1 or 3
  below);
- words come before it, and the correction is a phrase (``MAX_WORDS`` words at most)
  that names something the corpus writes, a listed author or a number. A clause after
  it ("sorry, I am new here"), an apology ("sorry for the noise", "sorry if this is
  basic"), an aside ("(sorry, toddler wants juice)") corrects nothing.

What it corrects is found from the correction's own form, most specific first:

1. it points back ("the ones by Zhang", "the ones that use GPUs", "the quantization
   ones among them"): it narrows what came before, and is read beside it;
2. it says the sentence again with one part changed ("weather papers by Hoefler. Sorry,
   climate papers by Hoefler"): the sentence;
3. its first word is written before the marker ("by Hoefler, sorry, by Zhang", "graph
   neural networks, I mean graph transformers"): the phrase from the last such place to
   the next word that starts another ("papers by Zhang on FPGAs, sorry, by Hoefler"
   keeps "on FPGAs");
4. it is a number ("the 2023 one, sorry, 2022"): the last number before the marker;
5. otherwise, the last run of words before the marker that are neither stop words nor
   words that frame a question ("list the quantum papers, I mean weather": "quantum").

A "not" before what is corrected goes with it: "not the X one, I mean the Y one" asks
for Y. No word of any eval question is written here: the markers are the English of
correcting oneself, and the rest is read from the message.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rapidfuzz import fuzz, process

from retrieval.query.asking import FRAMING_TERMS
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
STRONG = (  # markers that only correct; those that drop what came before, ``abandons``
    r"wait,?\s+no|no,?\s+wait|no,?\s+sorry|or\s+rather|make\s+that|correction"
    r"|actually,?\s+no|no,?\s+actually|(?:i\s+)?meant"
    r"|(?P<abandons>scratch\s+that|nvm|never\s*mind|forget\s+(?:that|it))"
)
MILD = r"(?P<restates>i\s+mean)\b|sorry|sry|oops|my\s+bad"  # markers that apologize too
MARKER = re.compile(
    rf"(?:(?:[,;:…]|\.{{2,}}|(?P<dash>[—–]|\s-{{1,2}}(?=\s)))\s*|(?P<stop>[.?!]+)\s+"
    rf"|(?P<open>\()\s*|\s+(?={FILLER}[\s,.…]))(?:{FILLER}[\s,.…]+)?"
    rf"(?:(?:oops|oh|actually)[\s,.!]+)?"
    rf"(?:{OWNED}[\s,.;:!—–-]+(?:i\s+meant?\b)?|(?P<strong>{STRONG})|{MILD})"
    rf"(?:\s*[,:;.!—–…-]+|\s+|(?=\)))(?:\s*{OWNED}[\s,.;:!—–-]+)?(?:\s*(?:i\s+)?meant?\b[\s,:]*)?"
    # a filler alone ("on weather? er, on quantum") or a star ("from 2023 *2022")
    rf"|(?P<lone>(?:[,;:?!…—–]|\.{{2,}}|\s)\s*{FILLER},?\s+|\s\*(?=\w))",
    re.I,
)
# A word every marker has: most messages have none, and need no more reading (18 µs a
# message against 66 for ``MARKER`` over the eval questions).
MARKER_WORD = re.compile(
    rf"\b(?:mean|meant|sorry|sry|wait|rather|scratch|make|correction|actually|nvm|never"
    rf"|nevermind|forget|oops|bad|typo|mistake|wrong|{FILLER})\b|\s\*\w",
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
APOLOGY = frozenset({"for", "to", "if", "but"})  # what follows "sorry" in an apology
# A correction that points back at what it corrects narrows it.
POINTS_BACK = re.compile(
    r"^(?:the|those|these)\s+ones?\b|\s*\b(?:among|of)\s+(?:them|those|these)\b", re.I
)
# Words that start another part of a phrase: "by Zhang| on FPGAs| from 2023" ("of" binds:
# "mixture of experts").
PART_START = frozenset({
    "on", "about", "by", "from", "in", "with", "for", "to", "that", "which", "who",
    "whose", "where", "and", "or", "but", "since", "after", "before", "between", "among",
    "than", "as", "at", "into", "over", "under", "using", "via", "like", "without",
})  # fmt: skip
NEGATION = re.compile(
    r"(?:\b(?:i\s+)?(?:don['’]?t|do\s+not|didn['’]?t|did\s+not)\s+mean|\bnot|\bno|\bexcept)\s*$",
    re.I,
)
POSSESSIVE = re.compile(r"['’]s\b")
ARTICLE = re.compile(r"^(?:the|an?)\s+", re.I)
TYPO_LIKE = 75  # rapidfuzz ratio of a word to the one-word correction of its typo
PAPER_NOUNS = frozenset({"paper", "papers", "one", "ones", "article", "articles"})
MAX_CORRECTIONS = 3


class Corrections:
    """Reads the corrections a message makes against what one corpus writes."""

    def __init__(self, knows: Callable[[str], bool], names: frozenset[str]) -> None:
        self.knows = knows  # a lower-case word the listed papers write
        self.names = names  # lower-case words of the listed authors' names

    def read(self, text: str) -> str:
        """Return a message with each correction it makes read in place of what it
        corrects (see the module docstring); one without is returned as it is."""
        if not MARKER_WORD.search(text):
            return text
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
            mild = marker["stop"] and not marker["strong"]
            if not words or len(words) > (AFTER_SENTENCE if mild else MAX_WORDS):
                continue
            opening = fix.split()[0].lower().strip(",.:;!?")
            apology = marker.group().rstrip(" ,.!").lower().endswith(("sorry", "sry"))
            if opening in CLAUSE and (opening not in APOLOGY or apology):
                continue  # "sorry, I am new", "sorry for the noise"; not "I mean for LLMs"
            if not (NUMBER.match(fix) or any(self._written(w) for w in words)):
                continue  # "(sorry, toddler wants juice)" names nothing listed
            short = len(words) <= RESTATED or not marker["restates"]
            lined_up, strong = bool(marker["lone"]), bool(marker["strong"])
            fixed = _replaced(scope, fix, short, lined_up, strong)
            if fixed is None and marker["abandons"] and not marker["stop"]:
                fixed = fix  # "RDMA protocols, nvm, what about a network topology?"
            if fixed is not None:
                return before[: len(before) - len(scope)] + fixed + after
        return None

    def _written(self, word: str) -> bool:
        """Return True for a word the corpus writes or a listed author is named."""
        folded = POSSESSIVE.sub("", word.lower())  # "Zhang's"
        parts = [folded, *folded.split("-")] if "-" in folded else [folded]  # "multi-pumping"
        return _is_content(word) and any(self.knows(p) or p in self.names for p in parts)


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


def _replaced(
    before: str, fix: str, short: bool, lined_up: bool = False, strong: bool = False
) -> str | None:
    """Return the words before a marker with what ``fix`` corrects replaced by it (see
    the module docstring), or None when it corrects nothing: a phrase that starts with a
    stop word written nowhere before it adds to the message ("what is GPTQ? I mean in
    simple words"). A run of words is replaced only by a ``short`` correction, or one
    that starts with an article after a ``strong`` marker; with ``lined_up``, only a
    phrase or a number the correction lines up with."""
    if not lined_up and POINTS_BACK.search(fix):
        rest = POINTS_BACK.sub("", fix).strip()
        lead = WORD.match(rest)
        said_again = lead is not None and lead.group().lower() in PART_START
        if lead is None or not said_again or not re.search(rf"\b{lead.group()}\b", before, re.I):
            return f"{before}, {rest}"
        fix = rest  # "by Hoefler, I mean the ones by Zhang": a part said again
    if len(fixing := WORD.findall(fix)) == 1 and POSSESSIVE.search(fix):
        owners = list(re.finditer(rf"[\w-]+{POSSESSIVE.pattern}", before))
        if owners:  # "Hoefler's graph papers, I mean Zhang's"
            return before[: owners[-1].start()] + fix + before[owners[-1].end() :]
    said = WORD.findall(before)
    ends_alike = bool(said) and fixing[-1].lower() == said[-1].lower()
    if ends_alike and len(fixing) >= len(said) - 1 and not lined_up:
        return fix  # the sentence said again
    if len(fixing) == 1 and (typo := _typo_of(before, fix)) is not None:
        return before[: typo.start()] + fix + before[typo.end() :]  # "Polynomer? *Polynormer"
    first = WORD.match(fix)
    if first is not None:
        same = list(
            re.finditer(rf"(?<![\w'’-]){re.escape(first.group())}(?![\w'’-])", before, re.I)
        )
        if same:
            start = same[-1].start()
            return _unsaid(before[:start]) + fix + _rest_of_phrase(before[start:], fix)
    if (number := NUMBER.match(fix)) and (numbers := list(NUMBER.finditer(before))):
        last = numbers[-1]
        end = last.end() if number.end() == len(fix) else len(before)
        return before[: last.start()] + fix + before[end:]
    head = ARTICLE.sub("", fix) if strong else fix  # "make that the X one"; not "I mean
    if lined_up or not short or head.split()[0].lower() in stopwords():  # the robust ones"
        return None  # a whole first word: "I/O complexity" starts with no "I"
    if not _content(before):
        return None
    words = list(WORD.finditer(before))
    last = [w for w in words if _is_content(w.group())][-1]
    start = last.start()
    for word in reversed(words[: words.index(last)]):
        if not _is_content(word.group()):
            break
        start = word.start()
    tail = before[last.end() :]
    repeated = WORD.match(tail.lstrip())
    fixing_words = [w.lower() for w in fixing]
    if repeated and (
        repeated.group().lower() in fixing_words[1:]  # "quantum papers, I mean weather papers"
        or {repeated.group().lower(), fixing_words[-1]} <= PAPER_NOUNS  # "… the weather one"
    ):
        tail = tail.lstrip()[repeated.end() :]
    return _unsaid(before[:start]) + fix + tail


def _typo_of(before: str, fix: str) -> re.Match[str] | None:
    """Return the word before a one-word correction that it is the right spelling of,
    the most alike from ``TYPO_LIKE`` on, or None: "who wrote Polynomer? *Polynormer"."""
    words = [
        word for word in WORD.finditer(before)
        if word.group().lower() != fix.lower() and len(word.group()) > 3
    ]  # fmt: skip
    choices = [word.group().lower() for word in words]
    best = process.extractOne(fix.lower(), choices, scorer=fuzz.ratio, score_cutoff=TYPO_LIKE)
    return words[best[2]] if best is not None else None


def _rest_of_phrase(corrected: str, fix: str) -> str:
    """Return what follows the phrase a correction replaces, from the next word that
    starts another part ("by Zhang| on FPGAs"), when the correction has no such part."""
    words = list(WORD.finditer(corrected))
    fixing = {w.lower() for w in WORD.findall(fix)[1:]}
    for word in words[1:]:
        if word.group().lower() in PART_START:
            return "" if fixing & PART_START else " " + corrected[word.start() :].strip()
    return ""


def _unsaid(kept: str) -> str:
    """Return the words kept before a correction without a "not" that went with what it
    corrects: "not the X one, I mean the Y one" asks for Y."""
    return NEGATION.sub("", kept)


def _content(text: str) -> bool:
    """Return True when ``text`` has a word that neither is a stop word nor frames."""
    return any(_is_content(word) for word in WORD.findall(text))


def _is_content(word: str) -> bool:
    """Return True for a word that is no stop word and no word that frames a question."""
    folded = word.lower()
    return folded not in stopwords() and folded not in FRAMING_TERMS and not NUMBER.fullmatch(word)
