"""A question about the list itself ("which subjects are there?", "how many papers per
year?"): every paper within the filters under a line counting them by year, subject and
listed author (``retrieval.answers.overview``)."""

from __future__ import annotations

from retrieval.answers.overview import with_overview
from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer, Filters
from retrieval.query.asking import (
    ABOUT_THE_LIST,
    FACET_ASKED,
    FACET_COUNT,
    LIST_FACETS,
    content_words,
)


class Overview(Route):
    name = "overview"

    def applies(self, reading: Reading) -> bool:
        text, intent, filters = reading.request.text, reading.intent, reading.filters
        topic = content_words(ABOUT_THE_LIST.sub(" ", intent.topic))
        if topic or intent.exclusions.any_filter:  # "span" in "what years does the
            return False  # list span?" is no topic
        facets = filters == Filters() and (intent.counting.how_many or LIST_FACETS.search(text))
        asked = ABOUT_THE_LIST.search(text) or FACET_ASKED.search(text) or FACET_COUNT.search(text)
        return bool(asked or facets)

    def answer(self, reading: Reading) -> Answer:
        answer = self.parts.listing(reading)  # newest first, or oldest when asked
        if not answer.matched:  # the filters leave none, and the listing says why
            return answer
        return with_overview(answer, self.parts.searcher.index.papers)
