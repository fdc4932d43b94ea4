"""Too few words papercord can read (a language it does not know): says so in English,
over the papers its readable words find, if they find any."""

from __future__ import annotations

from dataclasses import replace

from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer
from retrieval.query.intent import MIN_UNDERSTOOD
from retrieval.query.language import cannot_read, partly_read, read_enough


class Unreadable(SearchedRoute):
    name = "unreadable"

    def applies(self, reading: Reading) -> bool:
        return reading.intent.understood < MIN_UNDERSTOOD

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        intent = reading.intent
        if answer.abstained or not read_enough(intent.search_text, reading.request.text):
            return self.parts.listings.not_answered(answer, cannot_read(intent.language))
        return replace(answer, notes=(partly_read(intent.language), *answer.notes))
