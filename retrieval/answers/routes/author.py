"""A listed author, by the question or the options: the author's card, or their papers
meeting what else it asks (``retrieval.answers.author_answers``)."""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class Author(Route):
    name = "author"

    def applies(self, reading: Reading) -> bool:
        return bool(reading.filters.author)

    def answer(self, reading: Reading) -> Answer:
        return self.parts.authors.answer(reading.request, reading.intent, reading.filters)
