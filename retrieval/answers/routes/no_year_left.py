"""Years the options and the question together leave none of ("2022 papers" asked with
the 2023 option): the note says which years the papers are from, no papers."""

from __future__ import annotations

from retrieval.answers.listing import empty
from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class NoYearLeft(Route):
    name = "no-year-left"

    def applies(self, reading: Reading) -> bool:
        return self.parts.applied.every_year_left(reading.request.filters, reading.intent)

    def answer(self, reading: Reading) -> Answer:
        return empty(reading.request, reading.filters)
