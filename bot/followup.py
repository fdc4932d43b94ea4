"""Replies to one of the bot's answers: the earlier question is the context.

"and which of those are from 2023?" keeps the earlier answer's papers from 2023;
"what about 2024?" asks the earlier question again for 2024; "and graph databases?"
asks a new question with the earlier filters. Pure functions: no Discord, no engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from retrieval.models import Answer, Filters, Result
from retrieval.query.textfilters import read_years

NARROWING = re.compile(r"\b(?:those|these|them|of which|which of|among)\b", re.I)
FILLER = re.compile(
    r"\b(?:and|or|but|so|ok|okay|what|which|about|of|those|these|them|ones|are|is|were|was"
    r"|only|just|papers?|published|written|any|how|show|me|the|among|then|also)\b",
    re.I,
)
QUESTION_ID = re.compile(r"^pc:(?:fb|more):(\d+):")  # the ids under every answer's buttons


@dataclass(frozen=True)
class FollowUp:
    """What to ask for a reply: the question, its filters, and the papers it may keep."""

    question: str
    filters: Filters
    within: tuple[str, ...] | None  # keep only these earlier papers, in this order


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


def follow_up(
    earlier_question: str, earlier_filters: Filters, earlier_papers: list[str], reply: str
) -> FollowUp:
    """Return what to ask for a reply to the answer of ``earlier_question``."""
    filters, without_years = year_filters(reply, earlier_filters)
    rest = " ".join(FILLER.sub(" ", without_years).replace("?", " ").split())
    asks = bool(re.search(r"\w{3,}", rest))  # words of its own, besides years and filler
    if NARROWING.search(reply):  # "which of those are about graphs?": "graphs", among them
        return FollowUp(rest if asks else earlier_question, filters, tuple(earlier_papers))
    if not asks:  # "what about 2024?": the same question, new years
        return FollowUp(earlier_question, filters, None)
    return FollowUp(reply, filters, None)


def narrowed(answer: Answer, within: tuple[str, ...]) -> Answer:
    """Keep only the papers of an earlier answer ("which of those ..."), in its order.

    An abstention stays one: its closest papers among those are still no match (they
    were shown as answers)."""
    rank = {paper_id: n for n, paper_id in enumerate(within)}

    def kept(found: tuple[Result, ...]) -> tuple[Result, ...]:
        return tuple(
            sorted((r for r in found if r.paper.id in rank), key=lambda r: rank[r.paper.id])
        )

    if answer.abstained:
        return replace(answer, results=(), more=(), closest=kept(answer.closest), matched=0)
    papers = kept(answer.results + answer.more)
    if not papers:  # none of those papers qualifies: say so, showing none
        return replace(answer, abstained=True, results=(), more=(), closest=(), matched=0)
    return replace(  # the papers, not an author's card ("which of those are by zhang?")
        answer,
        abstained=False,
        results=papers,
        more=(),
        closest=(),
        matched=len(papers),
        author=None,
    )  # "1 of 1", not "1 of 4 (the first 1 can be shown)": the 4 were not all theirs
