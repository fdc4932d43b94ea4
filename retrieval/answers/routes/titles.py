"""Words asked of titles ("which titles begin with 'Towards'"): the papers whose
titles have them."""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class Titles(Route):
    name = "titles"

    def applies(self, reading: Reading) -> bool:
        intent = reading.intent
        unlisted = intent.people.unlisted_author and not reading.filters.author
        return intent.title_ask is not None and not unlisted

    def answer(self, reading: Reading) -> Answer:
        return self.parts.titles.titled(reading.request, reading.intent, reading.filters)
