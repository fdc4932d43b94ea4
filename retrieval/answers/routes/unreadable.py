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
        intent = reading.intent
        if intent.understood < MIN_UNDERSTOOD:
            return True
        # Only what it leaves out was read ("artigos de <an unread word> que não sejam
        # sobre centros de dados"): what it asks for went unread, not the whole list.
        unread_ask = intent.understood < 1 and not intent.topic and not reading.filters.authors()
        return unread_ask and bool(intent.exclusions.topics) and not intent.has_filters

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        intent = reading.intent
        if answer.abstained or not read_enough(intent.search_text, reading.request.text):
            return self.parts.listings.not_answered(answer, cannot_read(intent.language))
        return replace(answer, notes=(partly_read(intent.language), *answer.notes))
