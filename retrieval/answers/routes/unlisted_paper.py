"""One paper asked for by a name no listed paper has ("the original BERT paper"): not in
the list, then the closest papers. A name given with another spelling that a listed
paper has ("the Radial / RadialNet paper") asks for that paper."""

from __future__ import annotations

from retrieval.answers.asked_paper import asks_origin, no_paper_named, spelled_otherwise
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer


class UnlistedPaper(SearchedRoute):
    name = "unlisted-paper"

    def applies(self, reading: Reading) -> bool:
        name, text = reading.name, reading.request.text
        if not name:
            return False
        origin = asks_origin(text, name)  # "which paper introduced X?": not one using X
        if not no_paper_named(self.parts.searcher, self.parts.lookup, name, origin):
            return False
        at = text.find(name.split()[0])
        return not spelled_otherwise(self.parts.searcher, self.parts.lookup, text, at)

    def note(self, reading: Reading) -> str | None:
        return f"No listed paper is the “{reading.name}” paper."

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        return self.parts.listings.not_answered(answer)
