"""Read filters written in plain language: years, year ranges and arXiv subjects.

"zhang's papers from 2024", "since 2023", "2022-2023", "between 2022 and 2023", "2022 or 2024",
"before 2024", ">2022", "pre-2023", "cs.LG", "anything in cs.PL or cs.SE?",
"machine learning (cs.LG)".
Each reader returns what it found and the text without it, so that what is left is the
topic of the question. Framing words of other languages are mapped to English before
these run (see ``retrieval.query.language``), so "depuis 2023" reads as "since 2023".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache

from rapidfuzz import fuzz, process

from retrieval.query.asking import PAPER_PLURALS
from retrieval.text import fold, spaced, stem, stopwords

# A number 1950..2039 is a year unless a unit counts by it: "2048 GPUs" is out of range,
# "2000 nodes" and "2024 cores" are counts; "2023 papers", "2024 LLMs" are years. Nor is
# a number after "#" ("ticket #2023") or with a decimal point ("2023.01234", "1999.5").
UNITS = (
    "nodes|cores|gpus|cpus|tpus|processors|machines|servers|devices|chips|accelerators"
    "|fpgas|samples|images|tokens|parameters|params|layers|qubits|vertices|edges|users"
    "|requests|iterations|steps|epochs|bits|bytes|threads|ranks|workers|instances|clusters"
)
YEAR = rf"(?<![#\d])(?<!\d\.)(19[5-9]\d|20[0-3]\d)(?!\d)(?![.,]\d)(?!\s+(?:{UNITS})\b)"
_THROUGH = r"(?:-|–|—|‐|‑|~|to|until|through|\.\.)"  # between a range's first and last year
# "2022-2024", "from 2022 to 2024", "between 2022 and 2024"; a bare "2022 and 2024" names
# two years (see _SINGLE), as "2022 or 2024" does.
_RANGE = re.compile(
    rf"\b(?:(between)\s*{YEAR}\s*(?:and|-|–|to)|(from|after)?\s*{YEAR}\s*{_THROUGH})"
    rf"\s*{YEAR}\b",
    re.I,
)
# Open-ended years, the first that matches wins (so "no later than" before "later than"):
# "from" keeps the year, "after" starts the year after, "until" keeps it, "before" ends
# the year before. Left out ("skip anything before 2024", "nothing after 2022", "except
# those from 2023 on"), a bound keeps the other side.
_LEFT_BEFORE = re.compile(
    r"\b(?:not|nothing|none|no|skip(?:ping)?|except(?:\s+for)?|excluding|without|ignore"
    r"|ignoring|drop|leave\s+out|apart\s+from|other\s+than)"
    r"(?:\s+(?:anything|everything|any|all|those|(?:the\s+)?ones|papers?|stuff|works?"
    r"|(?:that|which)\s+(?:is|are|was|were|came\s+out)|published|written|released))*\s*$",
    re.I,
)
_OTHER_SIDE = {"from": "before", "after": "until", "until": "after", "before": "from"}
_BOUNDS = tuple(
    (re.compile(pattern, re.I), bound)
    for pattern, bound in (
        (rf"\b(?:no|not)\s+(?:later|newer|more\s+recent)\s+than\s+{YEAR}\b", "until"),
        (rf"\b(?:no|not)\s+(?:earlier|older)\s+than\s+{YEAR}\b", "from"),
        (rf"\bnot\s+(?:before|prior\s+to)\s+{YEAR}\b", "from"),
        (rf"\bnot\s+after\s+{YEAR}\b", "until"),
        (rf"\b(?:later|newer|more\s+recent)\s+than\s+{YEAR}\b", "after"),
        (rf"\b(?:earlier|older)\s+than\s+{YEAR}\b", "before"),
        (rf"\b(?:in|from)\s+or\s+(?:after|since)\s+{YEAR}\b", "from"),
        (rf"\b(?:in|from)\s+or\s+(?:before|prior\s+to)\s+{YEAR}\b", "until"),
        # "2023 onwards", "from 2023 on", "2023 and later", "2023+"; not "from 2023 on graphs"
        (rf"\b(?:(?:since|from|starting(?:\s+(?:in|from|with))?)\s+)?{YEAR}\s*"
         r"(?:\+|onwards?\b|on\b(?!\s*[^\W\d_])|(?:and|or)\s+(?:later|newer|after|beyond)\b)",
         "from"),
        (rf"\b(?:since|starting(?:\s+(?:in|from|with))?|beginning\s+(?:in|with))\s+{YEAR}\b",
         "from"),
        (rf"\bafter\s+{YEAR}\b", "after"),
        (rf"\b(?:until|till|up\s+to|through)\s+{YEAR}\b", "until"),
        (rf"\b{YEAR}\s*(?:and|or)\s+(?:earlier|older|before)\b", "until"),
        (rf"\b(?:before|prior\s+to)\s+{YEAR}\b", "before"),
    )
)  # fmt: skip
# Years counted back from today: "last year", "this year", "in the past 3 years", "two
# years ago", and decades: "the 2020s", "this decade".
_COUNT = r"(\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of)"
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
# "in the past 3 years", "the last year", "the past decade": from then until today.
_SPAN = re.compile(
    r"\b(?:(?:in|over|during|within|from)\s+)?(?:the\s+(?:last|past|previous)|past"
    rf"|last(?=\s+{_COUNT}\s+years?\b))\s+(?:{_COUNT}\s+years?|(year)|(decade))\b",
    re.I,
)
# "first and last year", "earliest/last year": the ends of the years listed.
_FIRST_AND = re.compile(
    r"\b(?:first|earliest|start(?:ing)?)(?:\s+year)?\s*(?:and|&|/|,|or|to|-)\s*(?:the\s+)?$", re.I
)
_AGO = re.compile(rf"\b{_COUNT}\s+years?\s+(?:ago|back)\b", re.I)
_NAMED_YEAR = re.compile(r"\b(last|previous|this|next)\s+year(?:['’]s)?\b", re.I)
# A year can date the asker's own doing: "I read FLIQS last year", "which paper should
# I read next year?", "two years ago we moved to FPGAs", "Last year, I tried pruning",
# "we plan to read up on GNNs next year", "Back in 2019 I worked on sparse codes",
# "since 2021 my lab has used FPGAs". It does when the asker ("I", "we", "my lab", "our
# group") is the subject of a verb of doing (``ASKERS_DOING``) before it, with no paper
# and no other clause between, or when it opens the sentence (after a word of time:
# "since", "starting", "back in") and such a clause follows. Asking verbs keep it the
# papers' year:
# "I need Hoefler's publications two years ago", "I only care about two years ago",
# "what have we got this year?", "I'd like the GNN research, but only two years ago". A
# preposition or a verb of publishing before it ties it to the papers: "I want papers
# from last year", "we need what came out last year", "I'd read last year's work".
ASKERS_DOING = (
    r"read|reading|tr(?:y|ied|ying)|mov(?:e|ed|ing)|start(?:s|ed|ing)?|beg(?:a|i|u)n"
    r"|wr(?:ite|ote|iting)|buil[dt]|building|us(?:e|ed|ing)|stud(?:y|ied|ying)"
    r"|learn(?:t|ed|ing)?|join(?:ed|ing)?|switch(?:ed|ing)?|saw|see|seen|hear(?:d)?"
    r"|met|meet|attend(?:ed|ing)?|visit(?:ed|ing)?|taught|teach(?:ing)?|took|tak(?:e|en|ing)"
    r"|finish(?:ed|ing)?|ran|run(?:ning)?|submit(?:ted|ting)?|publish(?:ed)?|work(?:ed)?\s+on"
    r"|hir(?:e|ed|ing)|launch(?:ed|ing)?|graduat(?:e|ed|ing)"
    r"|discuss(?:ed|ing)?|talk(?:ed|ing)?\s+about|teaching|skimm(?:ed|ing)|skim"
    r"|been|was|were"  # "I have been busy this year", "we were at ISCA last year"
)
# The asker as a subject: "I", "we'll", "my lab", "our group".
_ASKER_WHO = r"\b(?:i|we|(?:my|our)\s+[^\W\d_]+)(?:['’](?:m|ve|d|ll|re|s))?\s+"
_ASKER = (
    rf"{_ASKER_WHO}"
    r"(?:(?:have|had|has|will|would|should|could|can|did|do|am|are|is|was|were|be|been"
    r"|already|just|first|also|only|never|once|finally|recently|then|all|both|gonna"
    r"|(?:plan(?:s|ned|ning)?|going|hop(?:e|ed|ing)|intend(?:s|ed|ing)?|about|want(?:s|ed)?"
    r"|need|ha(?:ve|s|d))\s+to)\s+)*"
    rf"(?:{ASKERS_DOING})\b"
)
_SENTENCE_START = re.compile(r"(?:^|[.;!?](?=\s))[^.;!?]*$")
_ASKER_BEFORE = re.compile(
    rf"{_ASKER}(?:(?!\b(?:{PAPER_PLURALS}|papers?|work|research|publications?|articles?"
    r"|anything|everything|whatever|all|output|contributions?|efforts?|stuff|what|which"
    r"|who|whose|that|give|show|list|find|tell|get|send|pull|name|recommend|suggest"
    r"|need|want|please"
    # what the asker was told or thinks: "I was told Zhang wrote on X in 2023"
    r"|told|said|informed|sure|think|thought|believed?|wondering|guess|reckon)\b"
    r"|\w['’]s\b)[^.;!?])*$",
    re.I,
)
_ASKER_AHEAD = re.compile(rf"{_ASKER}[^.;!?]*$", re.I)
# The year pointed back at later ("..., which of his papers that year?", "what came out
# at the time?", "which appeared then?"): the papers'.
_THAT_YEAR = re.compile(
    r"\b(?:that(?:\s+same)?|the\s+same)\s+(?:year|time|period)\b|\bat\s+the\s+time\b"
    r"|\baround\s+then\b|\bthen\s*(?:[?.!]|$)",
    re.I,
)
_ASKER_AFTER = re.compile(rf"^\s*,?\s*{_ASKER}", re.I)
# The asker as the subject of any verb after a year named from today that opens the
# sentence: "This year I wish for ...", "Last year, we decided ...", "Next year my group
# hopes to ...". The year dates the asker's story, as no listed paper may be from it.
_ASKER_SUBJECT = re.compile(rf"^\s*,?\s*{_ASKER_WHO}[^\W\d_]", re.I)
# A word of time that may open the sentence before the asker's year ("Since last year we
# have used FPGAs", "Starting next year I'll teach", "Back in 2019 I worked on ...").
_OPENING = re.compile(
    r"^\s*(?:(?:ever\s+)?since|starting|beginning|from|back|as\s+of|around|until|during"
    r"|in|early|late|already)?(?:\s+in)?\s*$",
    re.I,
)
# A year the asker's clause may date when a preposition ties it to that clause ("I have
# used FPGAs since 2021", "we moved to HLS in 2022"): with no asker before it, the
# papers' ("papers in 2023", "what came out since last year").
_TIED_TO_ASKER = re.compile(r"\b(?:in|since|during)\s*$", re.I)
_A_YEAR = re.compile(rf"\b{YEAR}\b")
# A year written before the papers it dates: "2023 papers", "my favourite 2023 GNN work",
# "a 2024 study on X", "the 2023 material"; or after a determiner: "a 2022 one".
_DATES_PAPERS = re.compile(
    rf"(?:['’]s)?(?:\s+[\w-]+){{0,2}}?\s+(?:{PAPER_PLURALS}|papers?|work|research|articles?"
    r"|publications?|preprints?|ones?|stud(?:y|ies)|materials?|surveys?|pieces?|entry|entries"
    r"|results?|stuff)\b",
    re.I,
)
_DETERMINER = re.compile(
    r"\b(?:a|an|the|that|this|those|these|his|her|their|its|some|any|whose)\s+$", re.I
)
_IN_RANGE = re.compile(rf"{YEAR}\s*{_THROUGH}\s*$|^\s*{_THROUGH}\s*{YEAR}", re.I)
_TIED = re.compile(
    r"\b(?:from|in|of|since|before|after|until|till|during|by|than|out|covering|over"
    r"|publish(?:ed)?"
    r"|release[sd]?|post(?:ed)?|appear(?:ed)?|writ(?:e|ten)|wrote|submit(?:ted)?)\s*$",
    re.I,
)
_DECADE = re.compile(
    r"\b(?:from\s+|in\s+)?(?:the\s+)?(?:(?:early|mid|late)[-\s]+)?"
    r"(?:(19[5-9]0|20[0-3]0)['’]?s|(this)\s+decade)\b",
    re.I,
)
# A calendar date with its day, written in digits ("2024-02-11", "11/02/2024",
# "2024/2/11"): when a message was written or something happened (a notebook entry's
# date, "on 3/14/2023 I saw a talk"), not the years of the papers asked for; after a
# word that bounds a range ("since 2023-06-01"), a date is one.
CALENDAR_DATE = re.compile(
    r"(?<!\bsince\s)(?<!\bafter\s)(?<!\bbefore\s)(?<!\bfrom\s)(?<!\buntil\s)"
    r"(?<![\w/.-])(?:(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])[-/.](?:0?[1-9]|[12]\d|3[01])"
    r"|(?:0?[1-9]|[12]\d|3[01])[-/.](?:0?[1-9]|[12]\d|3[01])[-/.](?:19|20)\d\d)(?![\w/.-])",
    re.I,
)
# A year inside a key or a file name, joined by dots or underscores to words on both
# sides ("strings.papers.2023.title", "report_2024_final.csv", "cfg.v2.2022.lr"): part of
# a name the message quotes, not the years of the papers asked for.
NAMED_BY_KEY = re.compile(
    r"(?<![\w.-])[^\W\d_][^\W_]*(?:[._-][^\W_]+)*?[._](?:19|20)\d\d(?:[._][^\W_]+(?:-[^\W_]+)*)+"
    r"(?![\w-])",
    re.I,
)
# A month, season, quarter or half before a year: the list gives years only, so "since
# March 2023", "papers from spring 2024", "Q3 2022" read the year ("March" is no topic).
# A bound before it keeps the year ("before June 2024" may be in 2024: until 2024), and
# "the end of", "early" say when in it.
_WITHIN_YEAR = re.compile(
    r"(?:\b(before|prior\s+to|earlier\s+than|older\s+than|after|later\s+than"
    r"|newer\s+than|more\s+recent\s+than)\s+)?"
    r"(?P<when>(?:\b(?:the\s+)?(?:end|start|beginning|middle|close)\s+of\s+)?"
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|fall|autumn"
    rf"|winter|q[1-4]|h[12])\.?,?\s+(?:of\s+)?)(?={YEAR}\b)",
    re.I,
)
_EARLIER = ("before", "prior", "earlier", "older")


def _year_alone(match: re.Match[str]) -> str:
    """Return what stands for a month before a year: nothing, or a bound that keeps the
    year ("until", "since")."""
    bound = (match[1] or "").casefold()
    if not bound:
        return ""
    return "until " if bound.startswith(_EARLIER) else "since "


# ">2022", ">= 2022", "≤2023", "pre-2023", "post 2022"
_COMPARED = re.compile(rf"(?:(>=?|<=?|≥|≤)\s*|\b(pre|post)[-\s]?){YEAR}\b", re.I)
# "excluding 2023", "not cs.LG", "other than 2022", "except those from 2022": the years
# and subjects to leave out, not to keep.
# What leaves a subject named in words out: "everything but machine learning". Not "or
# not", which leaves nothing out: "whether or not ML helps, ...", "X papers, LLM or not".
_LEAVING = (
    r"(?<!\bor\s)not|(?:is|are|was|were)n['’]?t|excluding|except(?:\s+for)?|without|other\s+than"
    r"|outside(?:\s+of)?|(?:anything|everything|all)\s+but|apart\s+from|neither|skip(?:ping)?|non"
    # "..., nothing from 2022", not "there's nothing from 2022, is there?" (it asks)
    r"|(?<!there's\s)(?<!there’s\s)(?<!there\sis\s)(?<!there\sare\s)(?<!there\swas\s)(?:nothing|none)"
    r"|ignor(?:e|ing)|leav(?:e|ing)\s+out"  # not "drop": "what did she drop in 2023?"
    # "no 2022 papers", "cs.DC papers, but no 2022"
    r"|no(?=\s+(?:19|20)\d\d(?:\s+(?:papers|articles|ones|works?)\b|\s*(?:[,.;!?)]|$)))"
)
_EXCLUDING = re.compile(
    rf"\b(?:{_LEAVING}|isn['’]?t|aren['’]?t)\s+(?:(?:in|about|on|from)\s+)?(?:the\s+)?\b",
    re.I,
)
# A field left out as a topic: its subject's papers, and those on it filed under others
# (a paper on neural networks in cs.DC is "about machine learning" all the same).
_ABOUT = re.compile(r"\b(?:about|on)\s", re.I)
_LEFT_RANGE = rf"{YEAR}\s*{_THROUGH}\s*{YEAR}"  # "not from 2022-2023"
_LEFT_DECADE = r"(19[5-9]0|20[0-3]0)['’]?s"  # "not from the 2020s" (it listed the 2020s)
_LEFT = rf"(?:{_LEFT_RANGE}|{_LEFT_DECADE}|{YEAR}|[a-z]{{2,9}}(?:-[a-z]{{2}})?\.[a-z]{{2}})"
_EXCLUDED = re.compile(
    rf"\b(?:{_LEAVING})(?:\s+|(?<=non)-)"
    r"(?:(?:those|(?:the\s+)?ones|(?:the\s+|any\s+)?papers|anything|everything|stuff)\s+)?"
    r"(?:(?:published|posted|written)\s+)?(?:(?:in|from|of)\s+)?(?:the\s+)?"
    # "not cs.LG, cs.DC or from 2023" leaves out each; "not cs.LG, from 2024" keeps 2024
    rf"({_LEFT}(?:(?:\s*,)?\s*(?:(?:and|or|nor|&)\s*(?:(?:in|from|of)\s+)?)?{_LEFT})*)\b",
    re.I,
)
_SINGLE = re.compile(
    rf"\b(?:in|of|from|during)?\s*(?:(?:early|late|mid)[-\s]+)?{YEAR}\b(?:['’]s)?", re.I
)
# "cs.LG", "stat.ML", "quant-ph", "math.NT": an archive, then an optional ".XX" class.
_CODE = re.compile(r"\b([a-z]{2,9}(?:-[a-z]{2})?)(?:\.([a-z]{2}))?\b", re.I)
# A code said aloud or typed as dictated: "cs dot LG", "cs dot E T", "cs-dot-ET".
_SPOKEN_CODE = re.compile(r"\b([a-z]{2,9})[\s-]+dot[\s-]+([a-z])[\s-]?([a-z])\b", re.I)
_PARENS = re.compile(r"\(\s*\)|\[\s*\]")


@dataclass(frozen=True)
class Years:
    """A year range read from text (either end may be open)."""

    start: int | None
    end: int | None
    only: tuple[int, ...] = ()  # the years named one by one, when they leave gaps


# A year and a subject code joined by "or": a paper of either passes ("from 2022 or in
# cs.DC", "cs.ET or 2023 papers", "year = 2022 OR category = 'cs.DC'", "2022 || cs.DC",
# "published in 2024, or filed as cs.SE", "in cs.NI, or posted in 2022").
_YEAR_SIDE = r"(?:year\s*(?:==?|is|:)?\s*)?(?:19|20)\d\d\b"
_SUBJECT_SIDE = (
    r"(?:(?:subject|category|primary_category)\s*(?:==?|is|:)?\s*)?['\"]?"
    r"(?:[a-z][a-z-]{1,8}\.[a-z]{2}|[a-z]{2,6}-[a-z]{2})\b"  # "cs.DC", "quant-ph"
)
_OR = (
    r"['\"]?\s*,?\s*(?:\bor\b|\|\|)\s*"
    r"(?:(?:in|from|under|filed|tagged|listed|as|of|the|are|is|was|were|published|classified"
    r"|categorized|posted|papers?|ones?)\s+){0,4}"
)
YEAR_OR_SUBJECT = re.compile(
    rf"(?<![\w.]){_YEAR_SIDE}{_OR}{_SUBJECT_SIDE}|(?<![\w.]){_SUBJECT_SIDE}{_OR}{_YEAR_SIDE}",
    re.I,
)


def read_years(text: str, this_year: int | None = None) -> tuple[Years | None, str]:
    """Return the year range a text asks for and the text without it; years counted back
    ("last year") count from ``this_year``, today's by default."""
    now = this_year or date.today().year
    text = _WITHIN_YEAR.sub(_year_alone, CALENDAR_DATE.sub(" ", NAMED_BY_KEY.sub(" ", text)))
    text = _absolute(_years_of_the_askers(text), now)
    if match := _DECADE.search(text):
        decade = int(match[1]) if match[1] else now // 10 * 10
        return Years(decade, decade + 9), _drop(text, match)
    match = _RANGE.search(text)
    if match:
        _, first, word, start, end = match.groups()
        low, high = sorted(int(y) for y in (first or start, end))
        after = (word or "").casefold() == "after"  # "after 2022 until 2024": 2023..2024
        return Years(low + 1 if after else low, high), _drop(text, match)
    match = _COMPARED.search(text)
    if match:
        sign, word, digits = match.groups()
        year, how = int(digits), (sign or word).casefold()
        if how in {">", "post"}:
            return Years(year + 1, None), _drop(text, match)
        if how in {">=", "≥"}:
            return Years(year, None), _drop(text, match)
        return Years(None, year - 1 if how in {"<", "pre"} else year), _drop(text, match)
    for pattern, bound in _BOUNDS:
        match = pattern.search(text)
        if match:
            year = int(match[1])
            ends = {
                "from": Years(year, None),
                "after": Years(year + 1, None),
                "until": Years(None, year),
                "before": Years(None, year - 1),
            }
            start = match.start()
            if left_out := _LEFT_BEFORE.search(text[:start]):  # "skip anything before 2024"
                bound, start = _OTHER_SIDE[bound], left_out.start()
            return ends[bound], _drop(text, match, start)
    found = list(_SINGLE.finditer(text))
    if not found:
        return None, text
    years = sorted({int(m.group(1)) for m in found})
    for match in reversed(found):
        text = _drop(text, match)
    low, high = years[0], years[-1]
    # "2022 or 2024" names two years, not the range between them; "2022, 2023" is a range.
    only = tuple(years) if high - low + 1 > len(years) else ()
    return Years(low, high, only), text


def within_year(text: str) -> list[tuple[str, str]]:
    """Return the months, seasons or quarters a text dates by, with their year, and how
    each is read (``read_years``), which an answer may say: ("March 2023", "2023"),
    ("June 2024", "2024 or earlier") for "before June 2024"."""
    found = []
    for m in _WITHIN_YEAR.finditer(text):
        year = m.string[m.end() : m.end() + 4]
        bound = _year_alone(m).strip()
        read = f"{year} or earlier" if bound == "until" else f"{year} or later" if bound else year
        found.append((" ".join(f"{m['when']}{year}".split()), read))
    return found


def _absolute(text: str, now: int) -> str:
    """Return the text with years counted back from ``now`` written out, for the readers
    of written years: "before last year" -> "before 2025", "the past 3 years" -> "since
    2023" (the partial year counts too), "from 2020 until this year" -> "... until 2026"."""

    def span(match: re.Match[str]) -> str:
        if _FIRST_AND.search(match.string, 0, match.start()):
            return match.group()  # "the first and the last year"
        count = match[1] or match[2]
        return f" since {now - (number(count) if count else 1 if match[3] else 10)} "

    def named(match: re.Match[str]) -> str:
        if _FIRST_AND.search(match.string, 0, match.start()):
            return match.group()  # "the first and last year": the list's ends, not a year
        return str(now + {"last": -1, "previous": -1, "this": 0, "next": 1}[match[1].casefold()])

    def ago(match: re.Match[str]) -> str:
        return " " if _askers_time(match) else str(now - number(match[1]))

    text = _SPAN.sub(span, text)
    text = _AGO.sub(ago, text)

    def year(match: re.Match[str]) -> str:
        ahead = match[1].casefold() == "next"  # no paper is from next year: it is the asker's
        return " " if _askers_time(match, ahead, named=True) else named(match)

    return _NAMED_YEAR.sub(year, text)


def _askers_time(match: re.Match[str], ahead: bool = False, named: bool = False) -> bool:
    """Return True when a year dates the asker's own doing (``_ASKER_BEFORE``), not the
    papers asked for; it is then no filter. A year ``ahead`` of today dates it even past
    the papers named ("we plan to read quantization papers next year"); one ``named``
    from today ("this year") that opens the sentence before the asker, whatever the
    asker does (``_ASKER_SUBJECT``)."""
    before = match.string[: match.start()]
    if match.group().casefold().endswith("s") or _THAT_YEAR.search(match.string, match.end()):
        return False  # "last year's papers"; "I saw him two years ago: papers that year?"
    sentence = _SENTENCE_START.search(before)
    if sentence is None:
        return False
    opening = sentence.group().lstrip(" .;!?")
    if _OPENING.match(opening):
        after = match.string[match.end() :]
        return bool(_ASKER_AFTER.match(after) or (named and _ASKER_SUBJECT.match(after)))
    tied = _TIED.search(before)
    if tied and not _TIED_TO_ASKER.search(tied.group()):
        return False  # "papers from last year", "what Hoefler published in 2023"
    clause = opening[: len(opening) - len(tied.group())] if tied else opening
    return bool((_ASKER_AHEAD if ahead else _ASKER_BEFORE).search(clause))


def _years_of_the_askers(text: str) -> str:
    """Return the text without the years written out that date the asker's own doing
    ("In 2021 we moved to FPGAs", "I have read GPTQ since 2023"); a year of a range
    stays with it."""

    def kept(match: re.Match[str]) -> str:
        around = (
            match.string[max(0, match.start() - 12) : match.start()],
            match.string[match.end() : match.end() + 12],
        )
        if _IN_RANGE.search(around[0]) or _IN_RANGE.search(around[1]):
            return match.group()
        if _DATES_PAPERS.match(match.string, match.end()) or _DETERMINER.search(around[0]):
            return match.group()  # "I am reading 2023 papers", "I read a 2024 study"
        return " " if _askers_time(match) else match.group()

    return _A_YEAR.sub(kept, text)


def number(word: str) -> int:
    """Return a small count written in digits or words ("3", "three", "a couple of")."""
    word = " ".join(word.casefold().split())
    return int(word) if word.isdigit() else 2 if word == "a couple of" else _NUMBERS[word]


def read_excluded_names(text: str, spellings: list[tuple[str, str]]) -> tuple[tuple[str, ...], str]:
    """Return the codes of the subjects a text leaves out by name ("everything but
    machine learning papers", "anything that isn't NLP?"), and the text without them: they
    must not be read as the subjects it asks for. Left out as a topic ("not about machine
    learning", "nothing on NLP"), the name stays, for the topic's papers filed under other
    subjects to be left out too (``_ABOUT``)."""
    codes: list[str] = []
    for code, name in sorted(spellings, key=lambda pair: -len(pair[1])):
        named = _name_pattern(name).pattern[2:]  # without its leading \b
        pattern = re.compile(rf"{_EXCLUDING.pattern}{named}(?![\w-])", re.I)
        match = pattern.search(text)
        if match:
            codes.append(code)
            text = text if _ABOUT.search(match.group()) else _drop(text, match)
    return tuple(dict.fromkeys(codes)), text


# Years written short: "2021-22" (the second year after the first, not "2023-05"), "'23",
# "the '90s", "the 90s". Two digits up to next year's are this century's.
_SHORT_RANGE = re.compile(
    r"\b(19|20)(\d\d)(\s*(?:-|–|—|‐|‑|/|~)\s*|\s+(?:to|through|until)\s+)(\d\d)\b(?![-–/.:]\d)",
    re.I,
)
_SHORT_DECADE = re.compile(r"(?:(?<=\bthe\s)|(?<![\w'’‘])['’‘])(\d)0['’]?s\b", re.I)
_SHORT_YEAR = re.compile(r"(?<![\w'’‘])['’‘`´](\d\d)\b(?!['’]|s\b)")
# Years written in words, as said aloud: "twenty twenty-four", "nineteen ninety nine",
# "twenty oh five", "two thousand and twenty-three". A century word alone or before a
# single digit word ("twenty one") is a count, and is left.
_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen")  # fmt: skip
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_WORD_VALUES = {
    **{w: n for n, w in enumerate(_ONES, 1)},
    **{w: n for n, w in enumerate(_TEENS, 10)},
    **{w: n for n, w in enumerate(_TENS, 2)},  # tens, times ten below
}
_ONE = rf"(?:{'|'.join(_ONES)})"
_TWO_DIGITS = (
    rf"(?:(?P<tens>{'|'.join(_TENS)})(?:[\s-]+(?P<ones>{_ONE}))?"
    rf"|(?P<teen>{'|'.join(_TEENS)})|o(?:h)?[\s-]+(?P<single>{_ONE}))"
)
# Said in words, a year is read only where a year is asked: after a word that dates
# ("in", "from", "since", "before", "and" or "to" of a range, ...) or before the papers
# ("twenty twenty-three papers"); "call me at twenty twenty-three", "room twenty
# twenty-two", "two thousand and twenty-four DSPs" and "twenty-twenty hindsight" are no
# years.
_DATING_BEFORE = re.compile(
    r"\b(?:in|from|since|during|before|after|until|till|through|thru|between|circa|around"
    r"|and|to|or|than|of)\W{1,3}$",
    re.I,
)
_PAPERS_AFTER = re.compile(r"\W{1,3}(?:papers?|works?|ones|publications|articles)\b", re.I)
_WORDED_YEAR = re.compile(
    rf"\b(?:(?P<century>nineteen|twenty)|two[\s-]+thousand(?:,?\s+and)?)[\s-]+{_TWO_DIGITS}\b",
    re.I,
)


def _worded_year(match: re.Match[str]) -> str:
    """Return a year said in words in digits, or the words when it is said where no year
    is asked (``_DATING_BEFORE``, ``_PAPERS_AFTER``) or is no year a paper could be from
    (``YEAR``'s range)."""
    text = match.string
    dated = _DATING_BEFORE.search(text, 0, match.start()) or _PAPERS_AFTER.match(text, match.end())
    if not dated:
        return match[0]
    words = {key: (value or "").casefold() for key, value in match.groupdict().items()}
    if words["tens"]:
        last = _WORD_VALUES[words["tens"]] * 10 + _WORD_VALUES.get(words["ones"], 0)
    else:
        last = _WORD_VALUES[words["teen"] or words["single"]]
    first = {"nineteen": 1900, "twenty": 2000}.get(words["century"], 2000)
    year = str(first + last)
    return year if re.fullmatch(YEAR, year) else match[0]


def spell_years(text: str, this_year: int | None = None) -> str:
    """Return the text with years written short or in words spelled out in full, for the
    readers of years: "2021-22" -> "2021-2022", "'23" -> "2023", "the 90s" -> "the
    1990s", "twenty twenty-three" -> "2023"."""
    pivot = (this_year or date.today().year) % 100 + 1

    def century(two: str) -> str:
        return f"{20 if int(two) <= pivot else 19}{two}"

    def short_range(match: re.Match[str]) -> str:
        first, second = match[2], match[4]
        if int(second) <= int(first):
            return match[0]
        return f"{match[1]}{first}{match[3]}{match[1]}{second}"

    text = _WORDED_YEAR.sub(_worded_year, text)
    text = _SHORT_RANGE.sub(short_range, text)
    text = _SHORT_DECADE.sub(lambda match: f"{century(match[1] + '0')}s", text)
    return _SHORT_YEAR.sub(lambda match: century(match[1]), text)


def read_exclusions(text: str) -> tuple[tuple[str, ...], str]:
    """Return the years and subject codes a text asks to leave out, and the text without
    them: they must not be read as the years or subjects it asks for."""
    found = [m for m in _EXCLUDED.finditer(text) if _leaves_out(m)]
    for match in reversed(found):
        text = _drop(text, match)
    left = (re.finditer(_LEFT, m.group(1), re.I) for m in found)  # "cs.LG and cs.DC": both
    return tuple(each for items in left for item in items for each in _each(item.group())), text


# "nothing" or "none" leaves a year out where it opens a clause ("GPU papers, nothing
# from 2022", "- none from 2024"), not as what someone did ("he wrote nothing in 2023").
_CLAUSE_OPENS = re.compile(r"(?:^|[,;:.!?(\n—–-]|\b(?:and|but|though|also|just))\s*$", re.I)
# A year left out "from 2023 on" is a bound (``_LEFT_BEFORE``): the years before it stay.
_FROM_ON = re.compile(
    r"\s+(?:(?:on|onwards?|forward)(?=\s*(?:[,.;:!?)]|$))|(?:and|or)\s+(?:later|after|up))", re.I
)


def _leaves_out(match: re.Match[str]) -> bool:
    """Return True when an ``_EXCLUDED`` match leaves its years or subjects out: its
    "nothing" or "none" opens a clause, and its year is no bound."""
    if _FROM_ON.match(match.string, match.end()):
        return False
    said = match.group().split(None, 1)[0].casefold()
    return said not in {"nothing", "none"} or bool(
        _CLAUSE_OPENS.search(match.string, 0, match.start())
    )


def _each(left: str) -> list[str]:
    """Return a left-out item as its years when it is a range ("2022-2023": 2022, 2023)
    or a decade ("the 2020s": 2020 to 2029)."""
    if decade := re.fullmatch(_LEFT_DECADE, left, re.I):
        return [str(year) for year in range(int(decade[1]), int(decade[1]) + 10)]
    bounds = re.fullmatch(_LEFT_RANGE, left, re.I)
    if bounds is None:
        return [left]
    first, last = sorted((int(bounds.group(1)), int(bounds.group(2))))
    return [str(year) for year in range(first, last + 1)]


@dataclass(frozen=True)
class Subjects:
    """Subject codes read from text, and code-like words that are no known subject."""

    codes: tuple[str, ...]
    unknown: tuple[str, ...]
    by_name: bool  # True when a code was recognised from its name alone


def read_subject_codes(text: str, known: dict[str, str]) -> tuple[Subjects, str]:
    """Return the subject codes written in a text ("cs.LG", "quant-ph") and the rest.

    A written code also removes its own name nearby ("machine learning (cs.LG)").
    ``known`` maps every arXiv code to its name; codes are matched case-insensitively.
    """
    folded = {code.casefold(): code for code in known}
    archives = {code.split(".")[0].casefold() for code in known}
    codes: list[str] = []
    unknown: list[str] = []
    rest = text = spoken_codes(text, known)
    for match in reversed(list(_CODE.finditer(text))):
        word = match.group().casefold()
        archive = match.group(1).casefold()
        if word in folded and ("." in word or "-" in word):
            codes.insert(0, folded[word])
        elif match.group(2) and archive in archives:
            unknown.insert(0, match.group())  # "cs.XY": shaped like a code, but none
        else:
            continue
        rest = rest[: match.start()] + " " + rest[match.end() :]
    for code in codes:  # the labels first: dropping a name tidies away the "()" they are by
        rest = _drop_label(rest, known[code])
    for code in codes:
        rest = _drop_name(rest, known[code])
    return Subjects(tuple(dict.fromkeys(codes)), tuple(unknown), False), _tidy(rest)


def spoken_codes(text: str, known: dict[str, str]) -> str:
    """Return a text with the subject codes it says aloud ("cs dot LG", "cs dot E T")
    written as codes, where they are codes ``known`` holds."""
    if "dot" not in text.casefold():
        return text
    folded = {code.casefold(): code for code in known}

    def written(match: re.Match[str]) -> str:
        code = f"{match[1]}.{match[2]}{match[3]}".casefold()
        return folded.get(code, match[0])

    return _SPOKEN_CODE.sub(written, text)


def read_subject_names(text: str, spellings: list[tuple[str, str]]) -> tuple[tuple[str, ...], str]:
    """Return the codes whose names a text spells ("quantum physics", "NLP"), and the rest.

    ``spellings`` pairs each code worth recognising (those in the corpus) with a name.
    """
    codes: list[str] = []
    rest = text
    for code, name in sorted(spellings, key=lambda pair: -len(pair[1])):
        if (pattern := _name_pattern(name)).search(rest):
            codes.append(code)
            rest = _tidy(pattern.sub(" ", rest))
    return tuple(dict.fromkeys(codes)), _tidy(rest)


def suggest_subjects(typed: str, known: dict[str, str], limit: int = 3) -> list[str]:
    """Return the known codes closest to a mistyped one ("cs.XY" -> ...)."""
    ranked = process.extract(typed, list(known), scorer=fuzz.ratio, limit=limit)
    return [str(code) for code, _, _ in ranked]


@cache  # a few hundred subject names, asked of every question
def _name_pattern(name: str) -> re.Pattern[str]:
    words = [w for w in re.findall(r"[^\W_]+", name.casefold()) if w != "and"]
    gap = r"(?:[\s,;/&-]+(?:and\s+)?)"
    return re.compile(r"\b" + gap.join(re.escape(w) for w in words) + r"\b", re.I)


def _drop_label(text: str, name: str) -> str:
    """Return the text without the words that label a written code right before an
    emptied "()": "networking (cs.NI)", "ML (cs.LG)" - words of the code's name (by stem)
    or its initials, after a word with no topic ("in"). "reinforcement learning (cs.LG)"
    keeps its words: they are a topic that ends in a word of the name."""
    stems = {stem(w) for w in re.findall(r"[^\W_]+", fold(name))}
    initials = "".join(w[0] for w in re.findall(r"[^\W_]+", name) if w[0].isupper()).casefold()

    def label(match: re.Match[str]) -> str:
        words = match.group(1).split()
        kept = len(words)
        while kept and (stem(fold(words[kept - 1])) in stems or fold(words[kept - 1]) == initials):
            kept -= 1
        if kept and fold(words[kept - 1]) not in stopwords():  # "reinforcement learning"
            return match.group(1)  # is a topic whose last word is in the name
        return " ".join(words[:kept]) + " "

    return re.sub(r"((?:[^\W_]+\s+){1,4})(?=\(\s*\))", label, text)


def _drop_name(text: str, name: str) -> str:
    return _tidy(_name_pattern(name).sub(" ", text))


def _drop(text: str, match: re.Match[str], start: int | None = None) -> str:
    """Return the text without a match (from ``start`` on, when given)."""
    return _tidy(text[: match.start() if start is None else start] + " " + text[match.end() :])


def _tidy(text: str) -> str:
    return spaced(_PARENS.sub(" ", text))
