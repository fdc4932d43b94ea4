"""One paper asked for by a name no listed paper has ("the original BERT paper"): not in
the list, then the closest papers."""

from __future__ import annotations

from retrieval.answers.asked_paper import no_paper_named
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer


class UnlistedPaper(SearchedRoute):
    name = "unlisted-paper"

    def applies(self, reading: Reading) -> bool:
        name = reading.name
        return bool(name) and no_paper_named(self.parts.searcher, self.parts.lookup, name or "")

    def note(self, reading: Reading) -> str | None:
        return f"No listed paper is the “{reading.name}” paper."

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        return self.parts.listings.not_answered(answer)
