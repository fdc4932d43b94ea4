"""Thanks and nothing else ("thank you!"): a welcome, no papers."""

from __future__ import annotations

from dataclasses import replace

from retrieval.answers.listing import empty
from retrieval.answers.routes.base import Reading, Route
from retrieval.models import Answer

WELCOME = "You're welcome! Ask about the papers any time."


class Thanks(Route):
    name = "thanks"

    def applies(self, reading: Reading) -> bool:
        return reading.intent.thanks

    def answer(self, reading: Reading) -> Answer:
        return replace(empty(reading.request, reading.filters), notes=(WELCOME,))
