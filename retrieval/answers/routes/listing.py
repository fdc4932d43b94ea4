"""Only filters, no topic ("2023 papers", "what's in cs.ET?", "the oldest papers"):
every paper that meets them, newest (or oldest) first."""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer, Filters


class Listing(Route):
    name = "listing"

    def applies(self, reading: Reading) -> bool:
        intent = reading.intent
        return not intent.topic and bool(
            reading.filters != Filters() or intent.plural or intent.ordering.by_date
            or intent.counting.how_many or intent.exclusions.any_filter
        )  # fmt: skip

    def answer(self, reading: Reading) -> Answer:
        return self.parts.listing(reading)
