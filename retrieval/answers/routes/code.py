"""Where code is, with no topic ("papers with code", "which Zhang papers released their
code?"): the papers that say where."""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer


class Code(Route):
    name = "code"

    def applies(self, reading: Reading) -> bool:
        return reading.intent.wants_code and not reading.intent.topic

    def answer(self, reading: Reading) -> Answer:
        return self.parts.listings.with_code(reading.request, reading.filters)
