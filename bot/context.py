"""What every answer says besides its papers: the filters it applied, notes, the count.

"Filters: 2024 · cs.LG · by Zhiru Zhang" makes a misread question visible; "3 of 8 · More
results" says that more papers matched than are shown. The same lines serve Discord and
the console, which names its own way to page on ("/more").
"""

from __future__ import annotations

from retrieval.models import Answer, Filters

MORE_BUTTON = "More results"


def filters_text(filters: Filters, with_author: bool = True) -> str | None:
    """Return the applied filters on one line, or None when there are none."""
    subject = filters.subject.replace(",", " or ") if filters.subject else None
    dated = filters.years_text()
    if filters.dated_or_filed():  # "2022 or cs.DC": a paper passes with either
        dated, subject = f"{dated} or {subject}", None
    parts = [
        dated,
        subject,
        f"by {filters.authors_text()}" if filters.author and with_author else None,
    ]
    shown = [p for p in parts if p]
    return "Filters: " + " · ".join(shown) if shown else None


def page_bounds(answer: Answer, shown: int, offset: int) -> tuple[int, int]:
    """Return which of an answer's papers the page at ``offset`` shows (a slice).

    An author answer shows the author's card first; the papers start one page later, so
    its offset 0 is the card, ``shown`` the first papers, and so on.
    """
    if answer.author is not None:
        return max(0, offset - shown), offset
    return offset, offset + shown


def has_more(answer: Answer, shown: int, offset: int) -> bool:
    """Return True when papers remain after the page at ``offset``."""
    if answer.abstained:
        return False
    return page_bounds(answer, shown, offset)[1] < len(answer.results + answer.more)


def count_text(answer: Answer, shown: int, offset: int, more_hint: str = MORE_BUTTON) -> str:
    """Return "3 of 8 · More results" (or "4–6 of 8"), or "" when nothing is listed."""
    carried = len(answer.results + answer.more)
    matched = max(answer.matched, carried)
    if answer.abstained or not carried:
        return ""
    start, end = page_bounds(answer, shown, offset)
    end = min(end, carried)
    if start >= carried:
        return f"{matched} of {matched}"
    if end <= start:  # an author card page: say how many papers follow
        noun = "paper" if matched == 1 else "papers"
        return f"{matched} {noun}" + (f" · {more_hint}" if more_hint else "")
    span = f"{end}" if start in (0, end - 1) else f"{start + 1}–{end}"  # not "25–25"
    text = f"{span} of {matched}"
    if matched > carried:
        text += f" (the first {carried} can be shown)"
    if has_more(answer, shown, offset) and more_hint:
        text += f" · {more_hint}"
    return text
