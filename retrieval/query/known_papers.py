"""Listed papers a question names only to set them aside, as it asks for another one.

"We already read Allo. Is there another paper on accelerator languages?", "Besides
HammingMesh, which paper measures cloud network noise?", "Polynormer aside, any other
graph transformers?", "I know the ENS-10 paper is here; is there also one on forecast
code?": the asker has the named paper, so it is not the answer. A name is set aside

* right after words that put it aside ("besides", "apart from", "other than", "beyond",
  "in addition to") or relate the paper asked for to it ("the predecessor of", "a
  follow-up to", "the same group as"), or right before "aside"; or
* in a statement (a clause that asks nothing) when another clause asks for more
  ("another", "other", "else", "a second", "also", "too"; not "second-order") and does
  not point back at it ("Allo composes accelerators. Which other tools does it beat?"
  asks about Allo).

A name the question keeps ("including X", "X included", "as well as X") is not set
aside: in a question that asks for a list, it is one of the papers asked for, named as
an example (``kept``). Names joined by "and", "or" or commas share the words before the
first and after the last ("besides GPTQ and FLIQS", "QFX, FLIQS included"). The grammar
is English's: the reader has translated the question by then.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from retrieval.index.vocabulary import zipf
from retrieval.query.asking import DROP_VERBS, PAPER_PLURALS, content_words
from retrieval.query.asking_part import asks
from retrieval.text import Sentence, sentences, spaced, stopwords, without_spans

# Words that relate the paper asked for to the one named: it is asked by what it is to
# that one, not by its content.
RELATION = (
    r"(?:predecessor|precursor|successor|sequel|follow[-\s]?up|extension)s?\s+(?:of|to|on)"
    r"|(?:the\s+)?same\s+(?:crowd|group|team|lab|people|folks|authors?)\s+(?:as|behind)"
)
RELATES = re.compile(rf"\b(?:{RELATION})\b", re.I)
RARE_NAME = 3.0  # Zipf below which one capitalized word is a name ("Allo"), not English
AS_BASELINE = re.compile(  # "papers that use X as a baseline": what they use it for
    r"\bas\s+(?:a\s+|the\s+|their\s+)?(?:baseline|reference|starting\s+point|foundation)s?\b", re.I
)
# Words that ask for the papers that build on the one named, the papers asked for being
# their subject: "papers that build on GPTQ", "which of these extend Allo?", "anything citing
# HammingMesh", "work compared against FLIQS", "are there papers using SAGMAN?". Not "I
# want to use GPTQ" (the asker uses it), "does GPTQ use ..." (it is the subject) nor
# "the paper that uses HammingMesh topology" (one paper, described by what it has).
USES = (
    r"(?:build(?:s|ing)?|built)\s+(?:up)?on|based\s+on|extend(?:s|ed|ing)?"
    r"|cit(?:e|es|ed|ing)|compar(?:e|es|ed|ing)\s+(?:\w+\s+)?(?:against|with|to)"
    r"|benchmark(?:s|ed|ing)?\s+against|improv(?:e|es|ed|ing)\s+(?:on|upon)"
    r"|inspired\s+by|us(?:e|es|ed|ing)|appl(?:y|ies|ied|ying)|adopt(?:s|ed|ing)?"
)
USING = re.compile(rf"\b(?:{USES})\b", re.I)  # a word of it anywhere: worth reading names
BUILDS_ON = re.compile(
    rf"\b(?:{PAPER_PLURALS}|work|research|anything|these|those)\s+"
    rf"(?:(?:that|which|who)\s+)?(?:\w+\s+)?(?:{USES})\s+(?:the\s+)?(?:paper\s+)?[\"'“‘]?\s*$",
    re.I,
)
# Words that put what follows aside, or relate the paper asked for to it ("the
# predecessor of X", "a follow-up to X", "the same group as X"); "the", a quote or
# "paper" may come between.
PUT_ASIDE = re.compile(
    r"\b(?:besides?|apart\s+from|aside\s+from|other\s+than|rather\s+than|except(?:\s+for)?"
    r"|excluding|beyond|in\s+addition\s+to|on\s+top\s+of|not\s+counting|outside\s+of"
    r"|(?:leaving|setting|putting)\s+aside|leav(?:e|ing)\s+out|sans|minus"
    rf"|{DROP_VERBS}"  # "graph papers, but skip GARNET"
    rf"|{RELATION})"
    r"\s+(?:the\s+)?(?:paper\s+)?[\"'“‘]?\s*$",
    re.I,
)
# "X aside"; "X isn't it.", "X is not the one, I mean ...": a guess the asker turns down
# and ends there, not a guess checked ("X isn't the one on Y?", "X isn't it lol", "X is
# not the one I'd cite, right?").
ASIDE_AFTER = re.compile(
    r"^\s*[\"'”’]?\s*(?:paper\s+|one\s+)?(?:aside\b"
    r"|(?:is|was)(?:n['’]?t|\s+not)\s+(?:it|the\s+one|the\s+paper)\s*"
    r"(?:[.!;…—–]|,?\s*(?:I|we)\s*(?:mean|meant|want|need|am\s+after|['’]m\s+after)\b))",
    re.I,
)
# Words that keep a name in the answer: "including X", "X included", "X too", "X and the
# others".
KEEP_BEFORE = re.compile(
    r"\b(?:including|incl\.?|plus|as\s+well\s+as|along\s+with|together\s+with|and\s+also)"
    r"\s+(?:the\s+)?[\"'“‘]?\s*$",
    re.I,
)
# The name then the others beside it: "Allo and the other accelerator languages", "GPTQ
# plus every other quantization paper", "ENS-10 with all the others on weather".
WITH_OTHERS = (
    r"(?:,?\s*(?:and|plus|with|as\s+well\s+as|along\s+with|together\s+with)\s+)"
    r"(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+)?others?\b"
)
KEEP_AFTER = re.compile(
    rf"^\s*[\"'”’]?\s*(?:paper\s+)?(?:included|too\b|as\s+well\b|also\b|{WITH_OTHERS})", re.I
)
# Any of those words, wherever it stands: a question without one keeps no name.
KEEPING = re.compile(
    r"\b(?:including|incl|plus|as\s+well|along\s+with|together\s+with|also|included|too"
    r"|others?)\b",
    re.I,
)
# Of those, the ones that say the named paper is one of several asked for, in a question
# that does not ask for a list otherwise ("The reading list on HLS, Allo included."): not
# "too" or "also", which may describe ("Is GPTQ too slow?", "GPTQ also prunes?").
INCLUDED = re.compile(rf"^\s*[\"'”’]?\s*(?:paper\s+)?(?:included\b|{WITH_OTHERS})", re.I)
# An ask for more than what was named: "another", "other papers", "what else", "a
# second one", "also", "too" at a clause's end, or what to read after it: "what should I
# read next?", "which papers should we study afterwards?"; not "each other", "one
# another", "the other hand", "in other words" nor "other than" (``PUT_ASIDE``), nor
# "next-token" or "what comes next?". An ask for what to read, now or at all, may ask
# for the paper named ("My professor recommended X. What should I read?").
READS = r"(?:read|study|look\s+at|check\s+out)"  # what an asker does with a paper
READING = rf"(?:{READS}|cite)"
ASKS_MORE = re.compile(
    r"(?<!\beach\s)(?<!\bone\s)\b(?:another|others?|else)\b(?!\s+(?:than|hand|words)\b)"
    r"|\ba\s+second\b(?!-)|\badditional\s+(?:papers?|ones?|works?|stud(?:y|ies))\b"
    r"|\b(?:any|some)\s+more\b|\balso\b|\btoo\s*[?.!]|\bas\s+well\s*[?.!]"
    rf"|\b{READING}\s+(?:next|afterwards?|after\s+that)\b",
    re.I,
)
# After a statement that the asker has read the paper ("I just finished GPTQ.", "I'm
# done with Slapo", "I loved the ENS-10 paper"), an ask for what to read at all asks
# for another: "Which papers should we read about quantization?", "What should I study
# now?". Not after "I've heard of X" or "X came up in a meeting".
HAS_READ = re.compile(  # right before the name: the paper itself, not its talk or code
    r"\b(?:i|we)(?:['’](?:ve|d|m)|\s+have|\s+had|\s+am|\s+are)?\s+(?:just\s+|already\s+"
    r"|finally\s+|now\s+|really\s+)?(?:read|finished(?:\s+reading)?|skimmed|studied|gone"
    r"\s+through|went\s+through|worked\s+through|done\s+with|loved|liked|enjoyed)\s+"
    r"(?:the\s+)?[\"'“‘]?\s*$",
    re.I,
)
# What follows the name in such a statement: nothing, or "paper" ("I read the GPTQ
# paper twice."), not "'s appendix", "talk", "blog post", "code" or "dataset card".
READ_WHOLE = re.compile(
    r"^\s*[\"'”’]?\s*(?:paper\b)?\s*(?:(?:already|too|twice|again|closely|carefully"
    r"|yesterday|recently|last\s+\w+|this\s+\w+)\b\s*)*(?:[.!;,]|$)",
    re.I,
)
ASKS_READING = re.compile(  # for papers to read, not one ("which paper should I read?")
    rf"(?<!\bpaper\s)\b(?:should|shall|could|can|do)\s+(?:I|we)\s+(?:\w+\s+)?{READS}\b"
    r"|\b(?:read|study)\s+(?:now|then)\b",
    re.I,
)
# A pronoun that points back at a thing named before ("does it beat", "their results");
# not "that" or "this", which also open relative clauses and noun phrases.
POINTER = re.compile(r"\b(?:it|its|they|them|their)\b", re.I)
JOINED = re.compile(r"^\s*(?:,|,?\s*(?:and|or|&)\b)\s*(?:the\s+)?$", re.I)  # "X, Y and Z"
CONJUNCTION = re.compile(r"\b(?:and|or)\b|&", re.I)  # a list of names ends with one
CLAUSE_END = re.compile(r"[.?!;]+(?=\s|$)|\s+but\s+|\s[—–-]\s|:\s", re.I)


Span = tuple[str, int, int]  # a place a question names a listed paper: id, start, end


def built_on(text: str, spans: Iterable[Span]) -> Span | None:
    """Return where a question names the one listed paper that the papers it asks for
    build on (``BUILDS_ON``), and asks nothing else: "which papers build on GPTQ?",
    "anything citing ENS-10?". None for a name of common words, which may be a topic
    ("papers using neural graph databases"), for two names ("papers using GPTQ or
    FLIQS") and for more words of the ask ("applying SAGMAN to recommendation",
    "Polynormer-style attention", "Allo's primitives"): those are searched as before."""
    spans = list(spans)
    found = [
        (span, match)
        for span in spans
        if _joined(text, spans, span[1], span[2]) == (span[1], span[2])
        and (match := BUILDS_ON.search(text[: span[1]]))
    ]
    if len(found) != 1 or len({pid for pid, _, _ in spans}) != 1:
        return None
    (span, match) = found[0]
    name = text[span[1] : span[2]]
    after = AS_BASELINE.sub(" ", text[span[2] :])
    if content_words(f"{text[: match.start()]} {after}") or not _proper_name(name):
        return None
    return span


def _proper_name(name: str) -> bool:
    """Return True for a paper's name written as a name, not in words of English: typed
    with a capital or a digit in one word ("GPTQ", "Allo", "ENS-10"; it never opens the
    sentence here) or in each of its words ("Noise in the Clouds"), or one word rare in
    English ("polynormer"); not "neural graph databases" nor "garnet"."""
    words = [w for w in name.split() if w.casefold() not in stopwords()]
    if len(words) > 1:
        return all(w[0].isupper() for w in words)
    typed = any(c.isupper() or c.isdigit() for c in name)
    return typed or zipf(name.casefold()) < RARE_NAME


def set_aside(text: str, spans: Iterable[Span]) -> frozenset[str]:
    """Return the papers a question names only to set aside (see the module's doc);
    ``spans``: each place it names a listed paper (id, start, end)."""
    spans = list(spans)
    keeps = kept(text, spans)
    clauses = _clauses(text)
    aside = set()
    for pid, start, end in spans:
        if pid in keeps:
            continue
        first, last = _joined(text, spans, start, end)
        if PUT_ASIDE.search(text[:first]) or ASIDE_AFTER.match(text[last:]):
            aside.add(pid)
            continue
        own = next(c for c in clauses if c[0] <= start < c[1])
        stated = not text[own[0] : own[1]].rstrip().endswith("?")
        others = [(a, b) for a, b in clauses if (a, b) != own]
        # an ask that names a paper, or points back, asks about it ("Is X the one to
        # read next?", "what does it try next?")
        more = [
            text[a:b]
            for a, b in others
            if not any(a <= s < b for _, s, _ in spans) and not POINTER.search(text[a:b])
        ]
        read = (
            stated
            and bool(HAS_READ.search(text[own[0] : start]))
            and bool(READ_WHOLE.match(text[end : own[1]]))
        )
        if stated and any(ASKS_MORE.search(c) or (read and ASKS_READING.search(c)) for c in more):
            aside.add(pid)
    return frozenset(aside)


def kept(text: str, spans: Iterable[Span], after: re.Pattern[str] = KEEP_AFTER) -> frozenset[str]:
    """Return the papers a question keeps by name ("including X", "X and Y included",
    "X too"; ``after``: the words after a name that keep it); ``spans``: each place it
    names a listed paper (id, start, end)."""
    spans = list(spans)
    found = set()
    said = sentences(text)
    for pid, start, end in spans:
        first, last = _joined(text, spans, start, end)
        if PUT_ASIDE.search(text[:first]):
            continue  # "besides GPTQ and the other quantization papers, ..."
        keeping = after.match(text[last:])
        if keeping and "includ" not in keeping.group().casefold():  # "too", "and the others"
            own = _before_the_ask(text, said, start)
            if own is not None and "?" not in own.text:
                keeping = None  # a statement before the ask: "We read X and the others."
        if KEEP_BEFORE.search(text[:first]) or keeping:
            found.add(pid)
    return frozenset(found)


def without_kept(text: str, spans: Iterable[Span]) -> str:
    """Return a question without the names it keeps (``spans``: id, start, end) and the
    words that keep them: what is left is the topic they are examples of ("all the
    quantization papers, GPTQ and FLIQS included" -> "all the quantization papers")."""
    spans = list(spans)
    groups = {_joined(text, spans, start, end) for _, start, end in spans}
    for first, last in sorted(groups, reverse=True):
        before = KEEP_BEFORE.search(text[:first])
        after = KEEP_AFTER.match(text[last:])
        start = before.start() if before else first
        end = last + after.end() if after else last
        text = f"{text[:start]} {text[end:]}"
    return spaced(text)


def without_known(text: str, spans: Iterable[Span]) -> str:
    """Return a question without the names it sets aside (``spans``: id, start, end),
    each with the words that put it aside, and without the words asking for more: what
    is left is what it asks ("what else has Hoefler written besides GPTQ?" -> "what has
    Hoefler written?"). A sentence before the ask that names it and asks nothing goes
    whole: "I know GPTQ is listed. Is there another ...?" -> "Is there ...?". What goes
    is found in the question as written, then cut, so two names in one sentence ("I've
    read GPTQ and FLIQS.") take the sentence once."""
    spans = list(spans)
    found = sentences(text)
    cuts = []
    for _, start, end in spans:
        first, last = _joined(text, spans, start, end)
        before = PUT_ASIDE.search(text[:first])
        after = ASIDE_AFTER.match(text[last:])
        start = before.start() if before else first
        end = last + after.end() if after else last
        own = _before_the_ask(text, found, start)
        if own is not None and not asks(own.text):
            start, end = own.start, max(end, own.end)  # "I know X is listed. Is there ...?"
        cuts.append((start, end))
    text = without_spans(text, _merged(cuts))
    return spaced(ASKS_READING.sub(" ", ASKS_MORE.sub(" ", text)))


def _before_the_ask(text: str, found: list[Sentence], at: int) -> Sentence | None:
    """Return the sentence of ``found`` (the text's sentences) that holds ``at``, when a
    later one follows it; else None."""
    own = next((s for s in found if s.start <= at < s.end), None)
    return own if own is not None and own.end < len(text.rstrip()) else None


def _merged(cuts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Return the ranges (start, end) with those that overlap made one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(cuts):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _joined(text: str, spans: list[Span], start: int, end: int) -> tuple[int, int]:
    """Return where the names joined with the one at ``start``..``end`` begin and end:
    "GPTQ, FLIQS and QFX" as one list of names."""
    places = sorted({(s, e) for _, s, e in spans})
    at = places.index((start, end))
    first = last = at
    while first > 0 and JOINED.match(text[places[first - 1][1] : places[first][0]]):
        first -= 1
    while last + 1 < len(places) and JOINED.match(text[places[last][1] : places[last + 1][0]]):
        last += 1
    between = (text[places[n][1] : places[n + 1][0]] for n in range(first, last))
    if not any(CONJUNCTION.search(gap) for gap in between):  # "Besides GPTQ, Polynormer is"
        return start, end
    return places[first][0], places[last][1]


def _clauses(text: str) -> list[tuple[int, int]]:
    """Return the clauses of a text as (start, end), each with the mark that ends it."""
    bounds, start = [], 0
    for mark in CLAUSE_END.finditer(text):
        bounds.append((start, mark.end()))
        start = mark.end()
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds or [(0, len(text))]
