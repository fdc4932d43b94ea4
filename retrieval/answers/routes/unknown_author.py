"""Papers by a person who is not a listed author, with no topic ("papers by Wei Zhang"):
the note says so, no list."""

from __future__ import annotations

from retrieval.answers.listing import empty
from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class UnknownAuthor(Route):
    name = "unknown-author"

    def applies(self, reading: Reading) -> bool:
        intent = reading.intent
        unlisted = intent.people.unlisted_author and not reading.filters.author
        return bool(unlisted) and not intent.topic

    def answer(self, reading: Reading) -> Answer:
        return empty(reading.request, reading.filters)
