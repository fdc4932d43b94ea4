"""What every route shares: the question as read, the parts routes answer with, and the
``Route`` base class (a name, when it applies, how it answers)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from retrieval.answers.applied_filters import AppliedFilters
from retrieval.answers.author_answers import AuthorAnswers
from retrieval.answers.leave_out import LeaveOut
from retrieval.answers.listing import Listings, Request
from retrieval.answers.lookup import Lookup
from retrieval.answers.title_answers import TitleAnswers
from retrieval.models import Answer, Filters
from retrieval.query.intent import Intent
from retrieval.search.searcher import Searcher

RouteName = Literal[
    "thanks", "unknown-subject", "no-year-left", "titles", "similar", "builds-on",
    "unlisted-title",
    "code", "unlisted-paper", "unlisted-name", "author-count", "author", "unknown-author",
    "unreadable", "overview", "listing", "search",
]  # fmt: skip


@dataclass
class Reading:
    """A question as the router read it: the request, its intent and merged filters, the
    notes said before the answer's own, the one paper it asks for by name, if any ("the
    BERT paper" -> "BERT"), the listed papers it names only to set aside ("besides
    GPTQ, ...": ``retrieval.query.known_papers``), those a list question names as
    examples of what it asks for ("GPTQ included"), and the name of a paper said only
    as where the asker comes from ("I just read the Acme paper; which of ours ...?":
    ``retrieval.answers.asked_paper.in_background``)."""

    request: Request
    intent: Intent
    filters: Filters
    notes: list[str] = field(default_factory=list)
    name: str | None = None
    known: frozenset[str] = frozenset()
    examples: frozenset[str] = frozenset()
    context: str | None = None


@dataclass(frozen=True)
class Parts:
    """What the routes of one index answer with."""

    searcher: Searcher
    lookup: Lookup
    listings: Listings
    applied: AppliedFilters
    authors: AuthorAnswers
    leave_out: LeaveOut
    titles: TitleAnswers

    def search(self, reading: Reading, hedged: bool = False) -> Answer:
        """Return the topic search's answer within the reading's filters, without the
        papers the question names only to set aside; ``hedged`` for the answer a route
        gives (``Searcher.ask``), not for a check of what the list has."""
        request, intent = reading.request, reading.intent
        return self.searcher.ask(
            intent.search_text or request.text, request.k, request.mode, reading.filters,
            intent.framing(), request.quote, reading.known, hedged,
        )  # fmt: skip

    def none_left(self, filters: Filters) -> bool:
        """Return True when the filters leave no listed paper at all."""
        return filters != Filters() and not self.searcher.filtering.papers(filters).any()

    def listing(self, reading: Reading) -> Answer:
        """Return every paper within the reading's filters (the listing says why none)."""
        oldest = reading.intent.ordering.oldest
        return self.listings.listing(reading.request, reading.filters, oldest=oldest)


class Route(ABC):
    """One kind of question: ``applies`` says whether a reading is of its kind,
    ``answer`` answers it. The router tries routes in the order of ``ROUTES``."""

    name: ClassVar[RouteName]

    def __init__(self, parts: Parts) -> None:
        self.parts = parts

    @abstractmethod
    def applies(self, reading: Reading) -> bool:
        """Return True when this route answers the reading."""

    @abstractmethod
    def answer(self, reading: Reading) -> Answer:
        """Return the answer to the reading."""

    def note(self, reading: Reading) -> str | None:
        """Return a note said before the answer when this route is taken, or None."""
        return None


class SearchedRoute(Route):
    """A route answered by the topic search, unless the filters leave no paper at all
    (then the listing says why)."""

    def answer(self, reading: Reading) -> Answer:
        if self.parts.none_left(reading.filters):
            return self.none_left(reading)
        return self.searched(reading, self.parts.search(reading, hedged=True))

    def none_left(self, reading: Reading) -> Answer:
        """Return the answer when the filters leave no paper."""
        return self.parts.listing(reading)

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        """Return the search's answer as this route gives it."""
        return answer
