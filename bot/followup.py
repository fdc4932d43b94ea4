"""Replies to one of the bot's answers: the earlier question is the context.

"and which of those are from 2023?" keeps the earlier answer's papers from 2023;
"what about 2024?" asks the earlier question again for 2024; "and graph databases?"
asks a new question with the earlier filters. Pure functions: no Discord, no engine.

In Discord a reply says which answer it continues. In the console (``continues``) a
line continues the answer before it when it refers back to it: it says "those", "them",
"of these", "among these"; it starts with "and", "or", "but" or "also"; it names nothing
of its own besides years ("2023 only?", "what about 2024?"); or it is "what about X"
("how about X") right after a list of papers, X a topic, not a paper named as such ("the
X paper", a title in quotes). Any other line, and so every line that names its own
topic, paper or author without referring back ("what about the X paper?", "papers by
Zhang"), starts a new thread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from retrieval.answers.listing import narrowing
from retrieval.models import Answer, Filters, Result
from retrieval.query.textfilters import read_years

NARROWING = re.compile(r"\b(?:those|these|them|of which|which of|among)\b", re.I)
FILLER = re.compile(
    r"\b(?:and|or|but|so|ok|okay|what|which|about|of|those|these|them|ones|are|is|were|was"
    r"|only|just|papers?|published|written|any|how|show|me|the|among|then|also)\b",
    re.I,
)
QUESTION_ID = re.compile(r"^pc:(?:fb|more):(\d+):")  # the ids under every answer's buttons
# Words that point back at the answer before, and openings that continue it. "these"
# alone does not, nor "of these papers": "which of these papers quantize LLMs?" is as
# often about the whole list (the README's first example); "which of these are ..." is.
REFERS_BACK = re.compile(
    r"\b(?:those|them|(?:of|among|from|in)\s+these(?!\s+papers)|these\s+ones|of\s+which)\b"
    r"|^\W*(?:and|or|but|also|plus)\b",
    re.I,
)
WHAT_ABOUT = re.compile(r"^\W*(?:what|how)\s+about\b", re.I)
# A paper named as such: "the GPTQ paper", "the original BERT paper", a title in quotes.
NAMES_A_PAPER = re.compile(r"\bthe\s+(?:[\w.:+-]+\s+){1,6}paper\b|[\"“‘'][^\"”’']{3,}[\"”’']", re.I)
THOSE_SHOWN = 5  # an empty narrowing shows at most this many of the earlier papers


@dataclass(frozen=True)
class FollowUp:
    """What to ask for a reply: the question, its filters, and the papers it may keep."""

    question: str
    filters: Filters
    within: tuple[str, ...] | None  # keep only these earlier papers, in this order
    narrows: str = ""  # how it narrows them: "from 2023", "about “graphs”"


def question_id(custom_ids: list[str]) -> int | None:
    """Return the stored question id carried by an answer's button ids, if any."""
    for custom_id in custom_ids:
        match = QUESTION_ID.match(custom_id)
        if match:
            return int(match[1])
    return None


def year_filters(text: str, filters: Filters) -> tuple[Filters, str]:
    """Return ``filters`` narrowed by the years a reply names ("from 2023", "since 2022"),
    read as a question's years are, and the reply without them."""
    years, rest = read_years(text)
    if years is None:
        return filters, text
    filters = replace(filters, years=years.only)  # the reply's years replace a list of years
    if years.start is not None:
        filters = replace(filters, year_from=years.start)
    if years.end is not None:
        filters = replace(filters, year_to=years.end)
    return filters, rest


def own_words(reply: str, filters: Filters | None = None) -> tuple[Filters, str]:
    """Return ``filters`` with the years a reply names, and the words it asks besides
    years and filler ("" for "and which of those are from 2023?")."""
    filters, without_years = year_filters(reply, filters or Filters())
    rest = " ".join(FILLER.sub(" ", without_years).replace("?", " ").split())
    return filters, rest if re.search(r"\w{3,}", rest) else ""


def is_list(answer: Answer) -> bool:
    """Return True when an answer listed papers for a question (not an author's card,
    not an abstention)."""
    return not answer.abstained and answer.author is None and bool(answer.results)


def continues(line: str, earlier: Answer | None) -> bool:
    """Return True when a console line continues the answer before it (see the module
    docstring); False when it starts a new thread."""
    if earlier is None:
        return False
    if REFERS_BACK.search(line) or not own_words(line)[1]:
        return True
    return bool(WHAT_ABOUT.match(line)) and is_list(earlier) and not NAMES_A_PAPER.search(line)


def follow_up(
    earlier_question: str, earlier_filters: Filters, earlier_papers: list[str], reply: str
) -> FollowUp:
    """Return what to ask for a reply to the answer of ``earlier_question``."""
    filters, rest = own_words(reply, earlier_filters)
    if NARROWING.search(reply):  # "which of those are about graphs?": "graphs", among them
        by = f"about “{rest}”" if rest else narrowing(filters)[0] or "about that"
        return FollowUp(rest or earlier_question, filters, tuple(earlier_papers), by)
    if not rest:  # "what about 2024?": the same question, new years
        return FollowUp(earlier_question, filters, None)
    return FollowUp(reply, filters, None)


def narrowed(
    answer: Answer,
    within: tuple[str, ...],
    narrows: str = "",
    those: tuple[Result, ...] = (),
    before: Filters | None = None,
    asked: Filters | None = None,
) -> Answer:
    """Keep only the papers of an earlier answer ("which of those ..."), in its order.

    An abstention stays one: its closest papers among those are still no match (they
    were shown as answers). When none of those qualifies the answer says so ("None of
    those is from 2023") and, given the earlier papers ``those`` and filters ``before``,
    lists them under that note, as a question whose years leave nothing lists the
    papers of other years. Only papers within the years ``asked`` count: an answer that
    found none in them may list other years' papers under a note."""
    rank = {paper_id: n for n, paper_id in enumerate(within)}

    def kept(found: tuple[Result, ...], years: Filters | None = None) -> tuple[Result, ...]:
        return tuple(
            sorted(
                (r for r in found if r.paper.id in rank and within_years(r.paper.year, years)),
                key=lambda r: rank[r.paper.id],
            )
        )

    if answer.abstained:
        return replace(answer, results=(), more=(), closest=kept(answer.closest), matched=0)
    papers = kept(answer.results + answer.more, asked)
    if not papers:  # none of those papers qualifies: say so, and show those
        shown = kept(those)[:THOSE_SHOWN]
        note = none_of_those(narrows or narrowing(answer.filters)[0], shown)
        return replace(
            answer,
            abstained=not shown,
            results=shown,
            more=(),
            closest=(),
            matched=len(shown),
            author=None,
            notes=(note,),  # not "Not a sure match": it is sure none of those is
            filters=before if shown and before is not None else answer.filters,
            confidence=None,
        )
    return replace(  # the papers, not an author's card ("which of those are by zhang?")
        answer,
        abstained=False,
        results=papers,
        more=(),
        closest=(),
        matched=len(papers),
        author=None,
    )  # "1 of 1", not "1 of 4 (the first 1 can be shown)": the 4 were not all theirs


def within_years(year: int, filters: Filters | None) -> bool:
    """Return True when a year is one the filters allow (any year without filters)."""
    if filters is None:
        return True
    if filters.years and year not in filters.years:
        return False
    low, high = filters.year_from, filters.year_to
    return (low is None or year >= low) and (high is None or year <= high)


def none_of_those(narrows: str, shown: tuple[Result, ...]) -> str:
    """Return the note of an empty narrowing: "None of those is from 2023; these ones,
    from other years, are:" (the earlier papers follow), or a sentence alone."""
    said = f"None of those is {narrows}" if narrows else "None of those qualifies"
    if not shown:
        return said + "."
    if narrows.startswith("from ") or narrows.startswith("filed under"):
        return f"{said}; these ones, from {_outside(narrows)}, are:"
    return f"{said}; these were the ones before:"


def _outside(narrows: str) -> str:
    years, subjects = narrows.startswith("from "), "filed under" in narrows
    kinds = [word for word, used in (("years", years), ("subjects", subjects)) if used]
    return "other " + " or ".join(kinds)
