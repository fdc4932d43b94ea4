"""A title in quotes that no listed paper has ("is 'Attention Is All You Need' in the
list?"): not in the list, then the closest papers."""

from __future__ import annotations

from retrieval.answers.asked_paper import quoted_title, title_not_listed
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer


class UnlistedTitle(SearchedRoute):
    name = "unlisted-title"

    def applies(self, reading: Reading) -> bool:
        title = quoted_title(reading.request.text)
        return title is not None and title_not_listed(self.parts.searcher, self.parts.lookup, title)

    def note(self, reading: Reading) -> str | None:
        return f"No listed paper is titled “{quoted_title(reading.request.text)}”."

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        return self.parts.listings.not_answered(answer)
