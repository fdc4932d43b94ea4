"""A title in quotes that no listed paper has ("is 'Attention Is All You Need' in the
list?"): not in the list, then the closest papers. Quoted words the question discusses
rather than asks for (a headline: "which paper is this about?"), that sit beside an
ask of its own (an author, a topic), or that are in another language (a translated
title) are searched with the rest."""

from __future__ import annotations

from retrieval.answers.asked_paper import quote_discussed, quoted_title, title_not_listed
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import Answer
from retrieval.query.asking_part import ask_clause, own_ask_start
from retrieval.query.language import detect


class UnlistedTitle(SearchedRoute):
    name = "unlisted-title"

    def applies(self, reading: Reading) -> bool:
        text, searcher = reading.request.text, self.parts.searcher
        title = quoted_title(text)
        if title is None or _aside(text, title, bool(reading.filters.author)):
            return False
        if detect(title) != "en":  # a title translated: the list's are English; its
            return False  # reading is searched ("the slide says „Ein Datensatz ...“")
        if quote_discussed(text, lambda word: word in searcher.vocabulary.words):
            return False
        return title_not_listed(searcher, self.parts.lookup, title)

    def note(self, reading: Reading) -> str | None:
        return f"No listed paper is titled “{quoted_title(reading.request.text)}”."

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        return self.parts.listings.not_answered(answer)


def _aside(text: str, title: str, author: bool) -> bool:
    """Return True when quoted words stand before an ask of the question's own ("'Spring
    Roundup For The Lab' - for the newsletter: which papers train GNNs faster?"); with a
    listed ``author`` named, the clause that asks after a dash or colon is one ("...:
    which years are Zhang's papers from?")."""
    start = own_ask_start(text)
    clause = ask_clause(text) if start is None and author else None
    start = text.rindex(clause) if clause else start
    return start is not None and title not in " ".join(text[start:].split())
