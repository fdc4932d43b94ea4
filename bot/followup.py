"""Replies to one of the bot's answers: the earlier question is the context.

"and which of those are from 2023?" keeps the earlier answer's papers from 2023;
"what about 2024?" asks the earlier question again for 2024; "and graph databases?"
asks a new question with the earlier filters. Pure functions: no Discord, no engine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from retrieval.models import Filters

# "from 2023", "in 2023", "since 2022", "after 2021", "before 2024", "until 2023", "2023"
YEAR = re.compile(r"\b(?:(from|in|since|after|before|until|up to)\s+)?((?:19|20)\d\d)\b", re.I)
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


def year_filters(text: str, filters: Filters) -> Filters:
    """Return ``filters`` narrowed by the years a reply names ("from 2023", "since 2022")."""
    for word, digits in YEAR.findall(text):
        year, word = int(digits), word.casefold()
        if word in {"since"}:
            filters = replace(filters, year_from=year)
        elif word == "after":
            filters = replace(filters, year_from=year + 1)
        elif word == "before":
            filters = replace(filters, year_to=year - 1)
        elif word in {"until", "up to"}:
            filters = replace(filters, year_to=year)
        else:  # "from 2023", "in 2023", "2023": that year
            filters = replace(filters, year_from=year, year_to=year)
    return filters


def follow_up(
    earlier_question: str, earlier_filters: Filters, earlier_papers: list[str], reply: str
) -> FollowUp:
    """Return what to ask for a reply to the answer of ``earlier_question``."""
    filters = year_filters(reply, earlier_filters)
    rest = " ".join(FILLER.sub(" ", YEAR.sub(" ", reply)).replace("?", " ").split())
    if NARROWING.search(reply):
        return FollowUp(earlier_question, filters, tuple(earlier_papers))
    if not re.search(r"\w{3,}", rest):  # "what about 2024?": the same question, new years
        return FollowUp(earlier_question, filters, None)
    return FollowUp(reply, filters, None)
