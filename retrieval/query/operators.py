"""Web-search operators in a question, read as the words they stand for.

People used to search engines type operators: ``-word`` or ``-"a phrase"`` to leave
results out, ``-2023`` to leave a year out, ``intitle:word`` to look in titles. They are
taken out of the question here, and the reader adds them back as the plain phrasing it
already understands, after the question's language is known:

    quantization -transformer          -> quantization (leaving out "transformer")
    graph -"neural network" -GNN       -> graph (leaving out "neural network", "GNN")
    papers on graphs -2023             -> papers on graphs (leaving out 2023)
    intitle:python                     -> with python in the title
    graph -intitle:transformer         -> graph (leaving out "transformer")
    subject != "cs.LG"                 -> subject not cs.LG"  (a query language's "not
                                          equal": ``!=``, ``<>``, ``≠``, "is not equal
                                          to"; the quote that opens the value goes too)

A minus counts only after a space or a tab, or at the very start, and before a word
whose first part is letters ("-ENS-10", not "-O3"), or a year: "state-of-the-art", "GPT-2",
"2020 -2022" (a range), "-O3", a list typed with dashes after a colon and "- a dash"
are left alone. ``author:`` and ``year:`` need nothing: the name and the
year are read as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retrieval.text import spaced

MINUS_SIGN = "[-\u2212\u2013]"  # hyphen-minus, minus sign, en dash
TERM = r"(?:\"([^\"]+)\"|“([^”]+)”|([^\W\d_][^\W\d_]*(?:[-.]\w+)*)(?![\w=-]))"
MINUS = re.compile(rf"(?:(?<=[ \t])|^){MINUS_SIGN}(?:intitle:)?{TERM}", re.I)
MINUS_YEAR = re.compile(rf"(?:(?<=[ \t])|^){MINUS_SIGN}((?:19|20)\d\d)\b")
AFTER_A_YEAR = re.compile(r"\b\d{4}\s*$")  # "2020 -2022" is a range
IN_TITLE = re.compile(rf"\bintitle:{TERM}", re.I)
NOT_EQUAL = re.compile(
    r"(?<!\s)(?:\s*(?:!=|<>|≠)|\s+(?:is\s+)?not\s+equal\s+to|\s+does\s*n[o'’]?t\s+equal)"
    r"\s*[\"'“‘]?",
    re.I,
)
QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")  # a minus inside quotes is text
# A list typed with dashes after a colon ("papers on: -quantization -pruning", its lines
# joined): items asked for, not left out.
DASHED_LIST = re.compile(rf":\s*{MINUS_SIGN}\S")


@dataclass(frozen=True)
class Operators:
    """A question without its operators, and what they asked for."""

    text: str
    left_out: tuple[str, ...] = ()  # words and phrases to leave out, as typed
    years_out: tuple[str, ...] = ()  # years to leave out


def read_operators(text: str) -> Operators:
    """Return the question without its search operators, and what they leave out;
    ``intitle:X`` becomes "with X in the title" in place."""
    text = NOT_EQUAL.sub(" not ", text)
    if DASHED_LIST.search(text):
        return Operators(spaced(text))
    shielded = [(m.start(), m.end()) for m in QUOTED.finditer(text)]

    def outside(match: re.Match[str]) -> bool:
        return not any(start < match.start() < end for start, end in shielded)

    terms = [m for m in MINUS.finditer(text) if outside(m)]
    years = [
        m
        for m in MINUS_YEAR.finditer(text)
        if outside(m) and not AFTER_A_YEAR.search(text[: m.start()])
    ]
    for match in sorted(terms + years, key=lambda m: m.start(), reverse=True):
        text = f"{text[: match.start()]} {text[match.end() :]}"
    text = IN_TITLE.sub(lambda m: f"with {_term(m)} in the title", text)
    return Operators(
        spaced(text) or ("papers" if terms or years else ""),
        tuple(_term(m) for m in terms),
        tuple(m[1] for m in years),
    )


def _term(match: re.Match[str]) -> str:
    return next(group for group in match.groups() if group)
