"""A question built on a name no listed title or abstract mentions ("summarize the
SlimNet paper", "Hoefler's RoboSched work"): no listed paper mentions it, then the
closest papers (of the author it names, if any) as the closest, not as matches. A
question that besides the name describes one paper in detail, which the search finds
surely ("That Initech Research paper on checking the integrity of GPU computations in
software, without any trusted hardware support"), gets that paper as not a sure match:
the name may say where the paper came from, which the list does not record.

Which names count, and when a question is built on one, is read by
``retrieval.query.named_things``. A question that also names a listed paper by its own
name asks about that paper; a name it adds is a detail ("the Allo paper's results on
SomeBench").
"""

from __future__ import annotations

from dataclasses import replace

from retrieval.answers.asked_paper import in_background, no_paper_named
from retrieval.answers.routes.base import Reading, SearchedRoute
from retrieval.models import UNSURE, Answer
from retrieval.query.asking import content_words
from retrieval.query.named_things import Absent, absent, names_a_source, presumed, source_span
from retrieval.text import without_spans

# Content words besides the names that describe one paper in detail: "the Acme paper on
# graphs" (1) is built on its name; "the Acme paper on checking the integrity of GPU
# computations in software, without any trusted hardware support" (9) describes one.
DESCRIBED_WORDS = 8


class UnlistedName(SearchedRoute):
    name = "unlisted-name"

    def applies(self, reading: Reading) -> bool:
        return bool(self.presumed(reading))

    def presumed(self, reading: Reading) -> list[Absent]:
        """Return the absent names the question is built on. "the X paper", with no
        author, is the ``unlisted-paper`` route's, which says no listed paper is it."""
        intent, filters = reading.intent, reading.filters
        text = intent.search_text
        if not text or self.parts.searcher.titles.named_in(text):
            return []
        if reading.name and not filters.author:
            searcher, lookup = self.parts.searcher, self.parts.lookup
            if no_paper_named(searcher, lookup, reading.name):
                return []
        people = [filters.author, *filters.also_by, *intent.people.unlisted]
        vocabulary = self.parts.searcher.vocabulary
        found = absent(text, vocabulary, [p for p in people if p], intent.language == "en")
        topic = len(content_words(intent.topic))
        question = reading.intent.question
        return [
            name for name in found
            if presumed(name, text, topic, question) and not in_background(text, name.name)
        ]  # fmt: skip

    def note(self, reading: Reading) -> str | None:
        said = dict.fromkeys(found.name for found in self.presumed(reading))  # once each
        names = " or ".join(f"“{name}”" for name in said)
        author = reading.filters.authors_text() if reading.filters.author else ""
        # the reply's own heading says the closest papers follow; the author's are named
        closest = f"; the closest papers by {author}:" if author else "."
        if self._rest(reading) is not None:
            closest = f", and the list does not record labs or affiliations{closest}"
        return f"No listed paper mentions {names}{closest}"

    def searched(self, reading: Reading, answer: Answer) -> Answer:
        if self._described(reading, answer):
            return replace(answer, notes=(*answer.notes, UNSURE))
        if (apart := self._topic_apart(reading)) is not None:
            return apart
        return self.parts.listings.not_answered(answer)

    def _topic_apart(self, reading: Reading) -> Answer | None:
        """Return the papers a list question asks for besides the names no listed paper
        has, as not a sure match, when each name says who made them (``names_a_source``)
        and the search without the names answers (as for one paper, not the lower bar of a
        list): "the DeepMind papers on weather forecasting", "every ECMWF-authored weather
        paper", "what did Acme Research write on quantization?". The list does not record
        who wrote or paid for a paper; the note says no listed paper mentions the name.
        None for a question of one paper, one with no topic besides the names ("the
        FooNet papers"), or a name that is the topic ("anything on FooNet kernels?")."""
        rest = self._rest(reading)
        if rest is None:
            return None
        asked = reading.intent.about(rest)
        apart = self.parts.search(replace(reading, intent=asked))  # as sure as one paper
        if apart.abstained:
            return None
        return replace(apart, notes=(*apart.notes, UNSURE))

    def _rest(self, reading: Reading) -> str | None:
        """Return a list question without the names no listed paper has, when each says
        who made the papers (``names_a_source``) and words of a topic are left."""
        intent = reading.intent
        if not intent.plural or not intent.search_text:
            return None
        found = self.presumed(reading)
        if not all(names_a_source(name, intent.search_text) for name in found):
            return None
        text = intent.search_text
        rest = without_spans(text, [source_span(name, text) for name in found])
        return rest if content_words(rest) else None

    def _described(self, reading: Reading, answer: Answer) -> bool:
        """Return True when the question asks for one paper, describes it in
        ``DESCRIBED_WORDS`` words or more besides the names no listed paper has, and the
        search is sure of it."""
        if reading.intent.plural or answer.abstained or self.parts.searcher.doubts(answer):
            return False
        names = [(found.start, found.end) for found in self.presumed(reading)]
        return (
            len(content_words(without_spans(reading.intent.search_text, names))) >= DESCRIBED_WORDS
        )
