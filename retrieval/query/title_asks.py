"""Questions about the words of titles: "which titles begin with 'Towards'" (or
"with S"), "titles ending with Networks",
"papers with GNNs / graph neural networks in the title", "titles that mention graph".

Such a question asks about the list's titles, not about a topic: the answer is every
paper (within the other filters) whose title has one of the words asked for, newest
first. A word matches a whole title word, its plural, or a part of a closed-up name
("graph" in "ProbGraph", "mesh" in "HammingMesh").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from retrieval.query.asking import only_thanks, says_something
from retrieval.query.named_things import THING_POINTERS
from retrieval.text import fold, sentences, stopwords

QUOTES = "'\"‘’“”«»`"
TITLE_WORD = re.compile(r"\btitles?\b", re.I)
# The words run from a non-space to a non-space: a phrase that may end in spaces makes
# the engine try every split of a long run of them.
_PHRASE = r"(?P<words>[^?!\s](?:[^?!]*?[^?!\s])?)"
_END = r"[\s?.!]*$"
# "titles that really contain", "titles that actually start with"
_ADVERBS = r"(?:(?:here|there|literally|actually|really|explicitly|directly|even|all|also)\s+){0,2}"
# An aside in parentheses may follow: "titles (any year) that contain X"; and where the
# titles are: "titles in the list that contain X", "titles on this page with X".
_WHERE = r"(?:(?:in|on|from)\s+(?:the|this|these|your|our)\s+(?:lists?|pages?|collection)\s+)?"
# A title ask may be negated: "titles that don't contain X", "titles that never use X".
_NOT = r"(?:(?:do|does|did)(?:\s+not|n['’]?t)\s+|never\s+)?"
_TITLES = (
    rf"\btitles?\s+(?:\((?P<aside>[^()]*)\)\s+)?{_WHERE}{_ADVERBS}(?:that\s+|which\s+)?"
    rf"{_ADVERBS}{_NOT}"
)
_HAVING = (
    r"\b(?:with|having|has|have|contain(?:s|ing)?|mention(?:s|ing)?|say(?:s|ing)?|use(?:s)?"
    r"|using)\s+(?:(?:the|a)\s+)?(?:(?:words?|phrases?)\s+)?"
)
# What makes the ask one for the titles without the words: a verb negated, "without",
# "lacking", or "no" before the words ("titles that have no colon").
NEGATED = re.compile(
    r"(?:\b(?:do|does|did)(?:\s+not|n['’]?t)|\bnever)\s+(?:[^\W\d_]+\s+){0,2}"
    r"(?:(?:the|a)\s+)?(?:(?:words?|terms?|phrases?)\s+)?$"
    r"|\b(?:without|lack(?:s|ing)?)\s+(?:(?:the|a)\s+)?(?:(?:words?|terms?|phrases?)\s+)?$",
    re.I,
)
NO = re.compile(r"no\s+", re.I)
_THE_LETTER = r"(?:the\s+(?:letters?|words?)\s+)?"  # "start with the letter S"
STARTS = re.compile(
    rf"{_TITLES}(?:start(?:s|ing)?|begin(?:s|ning)?|open(?:s|ing)?)\s+with\s+{_THE_LETTER}"
    rf"{_PHRASE}{_END}",
    re.I,
)
ENDS_WITH = re.compile(
    rf"{_TITLES}(?:end|finish)(?:s|ing)?\s+(?:with|in)\s+{_THE_LETTER}{_PHRASE}{_END}", re.I
)
IN_TITLE = re.compile(
    rf"{_HAVING}{_PHRASE}\s+(?:(?:right|there|here|smack|literally|actually|somewhere)\s+){{0,2}}"
    # a paper's name is its title; not "in the name of efficiency"
    r"in\s+(?:(?:the|their|its)\s+)?(?:paper\s+)?(?:titles?|names?(?!\s+of\b))\b",
    re.I,
)
# A mark asked of titles by its name, after an article or in the plural ("titles with a
# colon", "how many titles contain a number?", "titles with hyphens", "titles ending in a
# question mark"): the characters that write it. Without either it is a word asked for
# ("the word Colon", "the word number").
DIGITS = "0123456789"
MARKS = {
    "colon": ":", "semicolon": ";", "comma": ",", "hyphen": "-‐‑", "dash": "-‐‑–—",
    "question mark": "?", "exclamation mark": "!", "exclamation point": "!", "slash": "/",
    "ampersand": "&", "apostrophe": "'’", "parenthesis": "()", "bracket": "()[]",
    "period": ".", "full stop": ".", "plus sign": "+", "digit": DIGITS, "numeral": DIGITS,
    "number": DIGITS,
}  # fmt: skip
_NAMES = "|".join(MARKS)
MARK_NAME = re.compile(
    rf"(?:a|an|any|some)\s+(?P<one>{_NAMES})(?:e?s)?|(?P<many>{_NAMES})e?s"
    r"|(?:(?:any|some)\s+)?parentheses",
    re.I,
)
TITLE_HAS = re.compile(
    rf"{_TITLES}(?:(?:contain|mention|say|bear|show)(?:s|ing)?|includ(?:e|es|ing)"
    r"|us(?:e|es|ing)|featur(?:e|es|ing)|carr(?:y|ies|ying)|ha(?:s|ve|ving)|lack(?:s|ing)?"
    # "titles with a colon": "with" asks only for a mark ("the titles with their years")
    rf"|with(?:out)?(?=\s+(?:(?:a|an|any|some|no)\s+)?(?:{_NAMES}|parenthes)))"
    rf"\s+(?:the\s+(?:words?|terms?|phrases?)\s+)?{_PHRASE}{_END}",
    re.I,
)
HAVING = re.compile(_HAVING, re.I)
QUOTE = re.compile(r"[\"“‘']([^\"”’']+)[\"”’']")
_QUOTE = r"[\"“‘'][^\"”’']+[\"”’']"
# What joins quoted alternatives: "'LLM' or 'language model'", "'graph', 'mesh'",
# "'Mesh' — including 'HammingMesh'".
_ALSO = r"(?:,|/|\bor\b|[—–-]?\s*\b(?:including|incl\.|plus)\b)"
# Quoted words after "title(s)" and a verb, whichever it is ("a title that bears the
# term 'Mesh'", "titles featuring 'Graph' or 'Mesh'"): the quotes mark where they end.
# Not "a title like 'X'": a title half-remembered, not a word asked for.
TITLE_QUOTES = re.compile(
    rf"{_TITLES}(?!like\b)[^\W\d_]+\s+(?:the\s+(?:words?|phrases?|terms?)\s+)?"
    rf"(?P<words>{_QUOTE}(?:\s*{_ALSO}\s*{_QUOTE})*)",
    re.I,
)
# "The word X" names a word, so after "title(s)" and a verb, whichever it is, one word
# is asked ("a title that carries the word Graph", "titles featuring the term Mesh"),
# and before "in" a title ("is the word Graph in any title?").
_ONE_WORD = r"[^\W_][\w.+-]*[^\W_]|[^\W_]"  # one word: "Graph", "GPT-2", "cs.LG", "S"
_NAMED_WORD = rf"(?:the|a)\s+(?:words?|terms?)\s+(?P<words>{_ONE_WORD})"
TITLE_WORD_NAMED = re.compile(rf"{_TITLES}(?!like\b)[^\W\d_]+\s+{_NAMED_WORD}", re.I)
WORD_NAMED_IN_TITLE = re.compile(
    rf"\b{_NAMED_WORD}\s+(?:\w+\s+)?in\s+(?:(?:any|a|the|their|its|some)\s+)?titles?\b", re.I
)
# Words in parentheses after the words asked: another name for them when it is a few
# words of content ("LLM (large language model)"), "(or graphs)", a plural "(s)"; else an
# aside that ends them ("Mesh (as a word or inside a longer one)").
PARENTHESIS = re.compile(r"\s*\(([^()]*)\)")
ALIAS_WORDS = 4
# What sets something aside in such an aside: "(not counting ProbGraph)", "(except the
# 2022 ones)", "(ProbGraph excluded)", "(but skip Zhang's)".
SETS_ASIDE = re.compile(
    r"\b(?:not|no|except|excluding|excluded|without|besides|minus|skip|ignore|ignoring"
    r"|other\s+than|apart\s+from|aside\s+from)\b|n['’]t\b",
    re.I,
)
# A pointer asked of titles ("which titles have it?") stands for the word named before
# it: the last in quotes ("Everyone says 'sparse'. Which titles use it?"), the last "the
# word X", or a label opening the message ("Graph: which titles contain it?", "Mesh (the
# word) - titles with it?").
POINTERS = THING_POINTERS | {
    "this word",
    "that word",
    "the word",
    "this term",
    "that term",
    "the term",
}
# A word in quotes, not an apostrophe's run ("everyone's ... that's"): quotes that no
# letter touches outside, around a few words.
QUOTED_WORD = re.compile(r"(?<!\w)[\"“‘']([^\"”’'\n]{1,40}?)[\"”’'](?!\w)")
NAMED_BEFORE = re.compile(rf"\b(?:the|a)\s+(?:word|term)\s+({_ONE_WORD})", re.I)
LABEL = re.compile(rf"^\s*({_ONE_WORD})\s*(?:\((?:the\s+)?(?:word|term)\)\s*)?(?::|[-–—]\s|\.\s)")
# Quoted words and more quoted words after "or", a comma or a slash: "'GNN' or 'graph
# network'", "'graph', 'mesh'".
QUOTED_RUN = re.compile(rf"^\s*{_QUOTE}(?:\s*{_ALSO}\s*{_QUOTE})*", re.I)
OPTIONAL_PLURAL = re.compile(r"\((?:s|es)\)", re.I)  # "model(s)": either number
# Where the words asked of titles end: "graph by Zhang", "quantization from 2024",
# "graph not from 2022", "Spatial and is from 2022", "graph, from 2022", "graph in cs.LG",
# "graph. I need all", "graph. both pages", "graph in them" (the titles); not "in"
# inside the words ("Learning in Graphs"), nor the dot of "cs.LG" or "e.g.".
ENDS = re.compile(
    r"\s*,|(?<![\s.][^\W\d_])\.(?=\s|$)"
    r"|\s+(?:from|by|since|before|after|until|but|not|except|excluding|without"
    r"|and\s+(?:are|is|were|was))\b|\s+in\s+(?=(?:19|20)\d\d\b|[a-z-]{2,9}\.[a-z]{2}\b)"
    r"|\s+in\s+(?:them|it)\b",
    re.I,
)
ALTERNATIVES = re.compile(r"\s*(?:\s/\s|,|\bor\b)\s*", re.I)
CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


@dataclass(frozen=True)
class TitleAsk:
    """The words a question asks titles to have, at their start or end, or anywhere."""

    phrases: tuple[str, ...]
    at_start: bool
    at_end: bool = False
    negated: bool = False  # "titles that don't contain X": the titles without them

    def matches(self, title: str) -> bool:
        """Return True when the title has one of the phrases (at its start or end, if
        asked: there as typed too, "S" for "SAGMAN", "Spatial ..."); for marks asked by
        their names ("a colon"), when it writes one of them there. Negated, when it has
        none of them."""
        return self._has(title) is not self.negated

    def _has(self, title: str) -> bool:
        if self.marks:
            if self.at_start or self.at_end:
                edge = title.strip()[:1] if self.at_start else title.strip()[-1:]
                return bool(edge) and any(edge in chars for chars in self.marks)
            return any(c in title for chars in self.marks for c in chars)
        folded = fold(title)
        if self.at_start or self.at_end:
            return any(self._at_edge(folded, typed, wanted) for typed, wanted in self._edges)
        if not any(key in folded for key in self._keys):  # most titles, at 100k papers
            return False
        words = _words(title)
        parts = [part for word in title.split() for part in _parts(word)]
        for phrase in self.phrases:
            wanted = _words(phrase)
            if _contains(words, wanted) or (len(wanted) == 1 and wanted[0] in parts):
                return True
        return False

    def _at_edge(self, folded: str, typed: str, wanted: list[str]) -> bool:
        """Return True when a folded title starts (or ends) with a phrase: its letters as
        typed, or its words in the singular ("Graphs" starts "Graph Databases"). The
        words are split only for a title whose letters are close (100k titles: 0.2 s)."""
        if not wanted:
            return False
        if self.at_start:
            return folded.startswith(typed) or (
                folded.startswith(wanted[0]) and _words(folded)[: len(wanted)] == wanted
            )
        tail = folded[-len(wanted[-1]) - 2 :]
        return folded.endswith(typed) or (
            wanted[-1] in tail and _words(folded)[-len(wanted) :] == wanted
        )

    @cached_property
    def marks(self) -> tuple[str, ...]:
        """Return the characters of each mark asked by its name (``MARKS``), or () when a
        phrase is no mark's name."""
        found = []
        for phrase in self.phrases:
            named = MARK_NAME.fullmatch(phrase.strip())
            if named is None:
                return ()
            name = named["one"] or named["many"] or "parenthesis"
            found.append(MARKS[name.casefold()])
        return tuple(found)

    @cached_property
    def _edges(self) -> tuple[tuple[str, list[str]], ...]:
        """Return each phrase folded as typed, and its folded singular words."""
        return tuple((fold(p).strip(), _words(p)) for p in self.phrases)

    @cached_property
    def _keys(self) -> tuple[str, ...]:
        """Return a part every matching title holds, folded: each phrase's first word
        without a plural "s"."""
        return tuple(_words(p)[0] for p in self.phrases if _words(p))

    def text(self) -> str:
        """Return the phrases as the reply names them: “LLMs” or “large language models”."""
        return " or ".join(f"“{p}”" for p in self.phrases)


def read_title_ask(text: str) -> tuple[TitleAsk | None, str]:
    """Return what a question asks of titles, and the question without the words it asks
    for: what follows them ("from 2024", "by Zhang") or comes before ("papers about
    graphs from 2022 that have neural in the title") stays, to be read as filters or a
    topic. Quoted words are taken as they are. The same words asked of titles again ("Who
    has X in the title? Which papers have X in their title?") are read once."""
    places = ((STARTS, True, False), (ENDS_WITH, False, True), (IN_TITLE, False, False),
              (TITLE_HAS, False, False), (TITLE_QUOTES, False, False),
              (TITLE_WORD_NAMED, False, False), (WORD_NAMED_IN_TITLE, False, False))  # fmt: skip
    for pattern, at_start, at_end in places:
        match = pattern.search(text)
        if match is None:
            continue
        words, lead = match["words"], ""
        if pattern is IN_TITLE:  # the words follow the last "with"/"have" before the title
            for lead_end in HAVING.finditer(words):
                lead = words[: lead_end.end()]
            words = words[len(lead) :]
        quoted = QUOTED_RUN.match(words)
        words, aside = (words, "") if quoted else _without_aside(words)
        end = None if quoted else ENDS.search(words)
        cut = quoted.end() if quoted else end.start() if end else len(words)
        tail, words = f"{_without_remark(words[cut:])} {_without_remark(aside)}", words[:cut]
        before = text[: match.start()]
        if words.strip(f" {QUOTES}").casefold() in POINTERS and (named := _named_before(before)):
            words, (start, stop) = named[0], named[1]  # the word, said once
            before = f"{before[:start]} {before[stop:]}"
        parts = QUOTE.findall(words) if quoted else ALTERNATIVES.split(words)
        phrases = tuple(
            cleaned
            for part in parts
            if (cleaned := OPTIONAL_PLURAL.sub("", part).strip(f" {QUOTES}()"))  # "X (or Y)"
        )
        negated = bool(NEGATED.search(text[: match.start("words") + len(lead)]))
        if phrases and NO.match(phrases[0]):  # "titles that have no colon"
            phrases, negated = tuple(_without_no(p) for p in phrases), True
        if phrases:
            head = before + " " + HAVING.sub(" ", lead)
            if between := match.groupdict().get("aside"):
                head += f" {between}"  # "titles (from 2023) that contain X": a filter
            ends = (IN_TITLE, TITLE_QUOTES, TITLE_WORD_NAMED, WORD_NAMED_IN_TITLE)
            after = _without_remark(text[match.end() :]) if pattern in ends else ""
            asked = TitleAsk(tuple(phrases), at_start, at_end, negated)
            return asked, _without_again(asked, " ".join(f"{head} {tail} {after}".split()))
    return _before_chat(text)


def _without_no(phrase: str) -> str:
    """Return words asked to be absent without their "no": "no graph" -> "graph"; a mark
    keeps an article, as its name asks ("no colon" -> "a colon")."""
    rest = NO.sub("", phrase, count=1)
    named = MARK_NAME.fullmatch(rest) or not MARK_NAME.fullmatch(f"a {rest}")
    return rest if named else f"a {rest}"


def _named_before(text: str) -> tuple[str, tuple[int, int]] | None:
    """Return the word a text names before a pointer asked of titles (``POINTERS``), and
    where the text names it."""
    for pattern in (QUOTED_WORD, NAMED_BEFORE, LABEL):
        found = list(pattern.finditer(text))
        if found:
            return found[-1][1], found[-1].span()
    return None


def _without_aside(words: str) -> tuple[str, str]:
    """Return the words asked of titles with another name in parentheses as an
    alternative ("LLM (large language model)": "LLM or large language model"), and
    an aside in parentheses apart, with what follows it ("Mesh (as a word or inside
    a longer one)": "Mesh")."""
    found = PARENTHESIS.search(words)
    if found is None:
        return words, ""
    inside = found[1].split()
    if not inside or OPTIONAL_PLURAL.fullmatch(found[0].strip()) or inside[0].casefold() == "or":
        return words, ""  # "model(s)", "graph (or graphs)": read as alternatives
    if _another_name(inside):
        return f"{words[: found.start()]} or {found[1]}{words[found.end() :]}", ""
    return words[: found.start()], words[found.start() :]


def _without_remark(tail: str) -> str:
    """Return what follows the words asked of titles without a remark in parentheses
    right after them on how to match them ("(any case)", "(e.g. 'Deep Learning')",
    "(names like HammingMesh count too)"): its words had been searched as a topic among
    the titles found, and kept those that match it. An aside with a number or one that
    sets something aside stays, for the filters to read ("(2023 only)", "(not counting
    ProbGraph)")."""
    found = PARENTHESIS.match(tail)
    if found is None or re.search(r"\d", found[1]) or SETS_ASIDE.search(found[1]):
        return tail
    return tail[found.end() :]


def _another_name(words: list[str]) -> bool:
    """Return True for a few words of content, no stop word nor punctuation among them:
    "large language model", not "as a whole word" nor "plural, exactly"."""
    plain = all(re.fullmatch(r"[\w-]+", w) and w.casefold() not in stopwords() for w in words)
    return plain and len(words) <= ALIAS_WORDS


def _before_chat(text: str) -> tuple[TitleAsk | None, str]:
    """Return the ask of titles of a sentence that other sentences follow with no words
    of their own, only thanks, pointers or filters ("Which titles contain Graph? thx",
    "Which titles contain Graph? Which of them are from 2023?"), and the question
    without its words and thanks; None when another sentence has a word of its own
    ("... Also, what is the GPTQ paper about?" asks that too)."""
    if not TITLE_WORD.search(text):  # every ask of titles says "title"; most questions do not
        return None, text
    found = sentences(text)
    if len(found) < 2:
        return None, text
    for sentence in found:
        asked, without = read_title_ask(sentence.text)
        if asked is None:
            continue
        if not all(_says_nothing(other.text) for other in found if other != sentence):
            return None, text
        rest = (without if s == sentence else s.text for s in found if not only_thanks(s.text))
        return asked, " ".join(" ".join(rest).split())  # the thanks said, not searched
    return None, text


def _says_nothing(sentence: str) -> bool:
    """Return True for a sentence with no word of its own but numbers (filters, pointers:
    "Which of them are from 2023?"), or one that only thanks ("Thanks a lot!")."""
    return only_thanks(sentence) or not says_something(sentence)


def _without_again(asked: TitleAsk, rest: str) -> str:
    """Return the rest of a question without a sentence's ask of the same words of
    titles in other words ("Which titles contain X? Looking for papers with X in their
    titles.")."""
    for found in sentences(rest):
        again, without = read_title_ask(found.text)
        if again is not None and _folded(again.phrases) == _folded(asked.phrases):
            return " ".join(f"{rest[: found.start]} {without} {rest[found.end :]}".split())
    return rest


def _folded(phrases: tuple[str, ...]) -> set[tuple[str, ...]]:
    """Return phrases as titles match them: folded, each word without a plural "s"."""
    return {tuple(_words(phrase)) for phrase in phrases}


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
