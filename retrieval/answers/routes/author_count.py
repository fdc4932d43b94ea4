"""Papers by how many authors they have ("which paper has the most authors?", "the
quantization papers with the fewest co-authors"): the papers within the filters, or on
the topic, ordered by their number of authors; asked for one paper, those with the most
(or fewest). When every paper names as many authors, it says so and lists none: an
author's listing page names only its owner, and cannot tell one paper's team from
another's."""

from __future__ import annotations

from dataclasses import replace

from retrieval.answers.listing import empty
from retrieval.answers.routes.base import Reading, Route
from retrieval.index.titles import short_name
from retrieval.models import Answer

ORDERED = "By number of authors, {} first: {} on “{}”."
TIED = "{} papers share the {} authors: {} each."
ALL_EQUAL = (
    "Every paper here lists {} author{}, so none has more than another: the list may "
    "name only one author of each (an author's listing page names its owner)."
)


class AuthorCount(Route):
    name = "author-count"

    def applies(self, reading: Reading) -> bool:
        return reading.intent.ordering.by_authors is not None

    def answer(self, reading: Reading) -> Answer:
        intent, request, filters = reading.intent, reading.request, reading.filters
        asked = self._asked(reading)
        if isinstance(asked, Answer):
            return asked  # nothing on the topic
        listings = self.parts.listings
        on_topic = None if asked is None else lambda paper: paper.id in asked
        found = listings.papers(filters, on_topic)
        if not found:
            return listings.listing(request, filters, keep=on_topic)  # says why none
        counts = {len(paper.authors) for paper in found}
        if len(counts) == 1:
            (count,) = counts
            note = ALL_EQUAL.format(count, "" if count == 1 else "s")
            return replace(empty(request, filters), notes=(note,))
        most = intent.ordering.by_authors == "most"
        extreme = max(counts) if most else min(counts)
        best = [paper for paper in found if len(paper.authors) == extreme]
        shown = {paper.id for paper in (found if intent.plural else best)}
        ordered = listings.listing(
            request, filters, keep=lambda paper: paper.id in shown,
            first=lambda paper: -len(paper.authors) if most else len(paper.authors),
        )  # fmt: skip
        word = "most" if most else "fewest"
        if len(best) > 1:
            return replace(ordered, notes=(TIED.format(len(best), word, extreme),))
        name = short_name(best[0].title) or best[0].title
        return replace(ordered, notes=(ORDERED.format(word, extreme, name),))

    def _asked(self, reading: Reading) -> Answer | set[str] | None:
        """Return the ids of the papers on the question's topic ("the quantization paper
        with the most authors"), None when it has none (every paper within the filters),
        or the search's abstention when no paper is on it."""
        intent = reading.intent
        if not intent.topic:
            return None
        found = self.parts.search(replace(reading, intent=replace(intent, plural=True)))
        if found.abstained:
            return found
        return {result.paper.id for result in found.results + found.more}
