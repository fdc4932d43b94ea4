"""A subject no listed paper is filed under ("cs.XX papers"): the note says which
subjects there are, no papers."""

from __future__ import annotations

from retrieval.answers.listing import empty
from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class UnknownSubject(Route):
    name = "unknown-subject"

    def applies(self, reading: Reading) -> bool:
        request, intent = reading.request, reading.intent
        unknown = intent.unknown_subjects or (request.filters.subject and reading.notes)
        return bool(unknown) and reading.filters.subject is None

    def answer(self, reading: Reading) -> Answer:
        return empty(reading.request, reading.filters)  # the filters' note says which
