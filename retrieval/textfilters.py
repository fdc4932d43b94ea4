"""Read filters written in plain language: years, year ranges and arXiv subjects.

"zhang's papers from 2024", "since 2023", "2022-2023", "between 2022 and 2023", "2022 or 2024",
"before 2024", ">2022", "pre-2023", "cs.LG", "anything in cs.PL or cs.SE?",
"machine learning (cs.LG)".
Each reader returns what it found and the text without it, so that what is left is the
topic of the question. Framing words of other languages are mapped to English before
these run (see ``retrieval.language``), so "depuis 2023" reads as "since 2023".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

YEAR = r"(19[5-9]\d|20[0-3]\d)"  # 1950..2039: "2048 GPUs" is a count, not a year
# "2022-2024", "from 2022 to 2024", "between 2022 and 2024"; a bare "2022 and 2024" names
# two years (see _SINGLE), as "2022 or 2024" does.
_RANGE = re.compile(
    rf"\b(?:(between)\s*{YEAR}\s*(?:and|-|–|to)|(from|after)?\s*{YEAR}\s*"
    rf"(?:-|–|—|to|until|through|\.\.))\s*{YEAR}\b",
    re.I,
)
_SINCE = re.compile(
    rf"\b(?:since|after|from)\s+{YEAR}\s*(?:on(?:wards?)?|and\s+later|or\s+later|\+)|"
    rf"\b(?:since|after)\s+{YEAR}\b|\b{YEAR}\s*(?:and|or)\s+(?:later|newer|after)\b|\b{YEAR}\+",
    re.I,
)
_UNTIL = re.compile(
    rf"\b(?:before|until|till|up\s+to|prior\s+to|through)\s+{YEAR}\b|"
    rf"\b{YEAR}\s*(?:and|or)\s+(?:earlier|older|before)\b",
    re.I,
)
# ">2022", ">= 2022", "≤2023", "pre-2023", "post 2022"
_COMPARED = re.compile(rf"(?:(>=?|<=?|≥|≤)\s*|\b(pre|post)[-\s]?){YEAR}\b", re.I)
# "excluding 2023", "not cs.LG", "other than 2022": Filters cannot leave anything out.
_EXCLUDED = re.compile(
    r"\b(?:not|excluding|except(?:\s+for)?|without|other\s+than|outside(?:\s+of)?"
    rf"|apart\s+from)\s+(?:(?:in|from|of)\s+)?({YEAR}|[a-z]{{2,9}}(?:-[a-z]{{2}})?\.[a-z]{{2}})\b",
    re.I,
)
_SINGLE = re.compile(rf"\b(?:in|of|from|during)?\s*{YEAR}\b(?:['’]s)?", re.I)
# "cs.LG", "stat.ML", "quant-ph", "math.NT": an archive, then an optional ".XX" class.
_CODE = re.compile(r"\b([a-z]{2,9}(?:-[a-z]{2})?)(?:\.([a-z]{2}))?\b", re.I)
_PARENS = re.compile(r"\(\s*\)|\[\s*\]")


@dataclass(frozen=True)
class Years:
    """A year range read from text (either end may be open)."""

    start: int | None
    end: int | None
    only: tuple[int, ...] = ()  # the years named one by one, when they leave gaps


def read_years(text: str) -> tuple[Years | None, str]:
    """Return the year range a text asks for and the text without it."""
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
    match = _SINCE.search(text)
    if match:
        year = int(next(g for g in match.groups() if g))
        after = match.group().casefold().startswith("after")
        return Years(year + 1 if after else year, None), _drop(text, match)
    match = _UNTIL.search(text)
    if match:
        year = int(next(g for g in match.groups() if g))
        before = match.group().casefold().startswith(("before", "prior"))
        return Years(None, year - 1 if before else year), _drop(text, match)
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


def read_exclusions(text: str) -> tuple[tuple[str, ...], str]:
    """Return the years and subject codes a text asks to leave out, and the text without
    them: they must not be read as the years or subjects it asks for."""
    found = list(_EXCLUDED.finditer(text))
    for match in reversed(found):
        text = _drop(text, match)
    return tuple(m.group(1) for m in found), text


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
    rest = text
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
    for code in codes:
        rest = _drop_name(rest, known[code])
    return Subjects(tuple(dict.fromkeys(codes)), tuple(unknown), False), _tidy(rest)


def read_subject_names(text: str, names: dict[str, str]) -> tuple[tuple[str, ...], str]:
    """Return the codes whose full names a text spells ("quantum physics"), and the rest.

    ``names`` maps the codes worth recognising (those in the corpus) to their names.
    """
    codes: list[str] = []
    rest = text
    for code, name in sorted(names.items(), key=lambda kv: -len(kv[1])):
        shorter = _drop_name(rest, name)
        if shorter != rest:
            codes.append(code)
            rest = shorter
    return tuple(codes), _tidy(rest)


def suggest_subjects(typed: str, known: dict[str, str], limit: int = 3) -> list[str]:
    """Return the known codes closest to a mistyped one ("cs.XY" -> ...)."""
    ranked = process.extract(typed, list(known), scorer=fuzz.ratio, limit=limit)
    return [str(code) for code, _, _ in ranked]


def _name_pattern(name: str) -> re.Pattern[str]:
    words = [w for w in re.findall(r"[^\W_]+", name.casefold()) if w != "and"]
    gap = r"(?:[\s,;/&-]+(?:and\s+)?)"
    return re.compile(r"\b" + gap.join(re.escape(w) for w in words) + r"\b", re.I)


def _drop_name(text: str, name: str) -> str:
    return _tidy(_name_pattern(name).sub(" ", text))


def _drop(text: str, match: re.Match[str]) -> str:
    return _tidy(text[: match.start()] + " " + text[match.end() :])


def _tidy(text: str) -> str:
    return " ".join(_PARENS.sub(" ", text).split())
