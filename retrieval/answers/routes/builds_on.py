"""Papers that build on a listed one ("which papers build on GPTQ?", "anything citing
HammingMesh?", "work compared against FLIQS"): the other listed papers that write its
name. When none does, the answer says so, with the papers closest to it in content as
the closest, not as matches: a paper about the same topic need not use it.

Which questions ask so is read by ``retrieval.query.known_papers.built_on``; the named
paper is never its own answer.
"""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.index.filtering import matches
from retrieval.models import Answer
from retrieval.query.known_papers import USING, built_on
from retrieval.search.named_lists import writing

MENTIONED = "The listed papers that mention “{}”:"
UNMENTIONED = "No other listed paper mentions “{}”; the closest to it in content:"


class BuildsOn(Route):
    name = "builds-on"

    def applies(self, reading: Reading) -> bool:
        return self.built_on(reading) is not None

    def built_on(self, reading: Reading) -> tuple[str, str] | None:
        """Return the id of the one listed paper the papers asked for build on, and its
        name as the question writes it; None when the question asks no such thing."""
        text = reading.intent.search_text
        if not text or not USING.search(text):
            return None  # most questions have none of its words: no names to look for
        found = built_on(text, self.parts.searcher.titles.spans(text))
        return (found[0], text[found[1] : found[2]]) if found else None

    def answer(self, reading: Reading) -> Answer:
        found = self.built_on(reading)
        assert found is not None
        named, name = found
        request, filters = reading.request, reading.filters
        searcher, listings = self.parts.searcher, self.parts.listings
        papers, limit = searcher.index.papers, searcher.settings.listed
        others = (
            pid
            for pid in searcher.phrases.papers_holding(name)
            if pid != named and matches(papers[pid], filters)
        )
        holders = writing(name, others, searcher.phrases.text_of)[:limit]
        if holders:
            results = [listings.listed(papers[pid], True) for pid in holders]
            return Answer(
                question=request.text, mode=request.mode, abstained=False,
                results=tuple(results[: request.k]), more=tuple(results[request.k :]),
                filters=filters, ranking=tuple(holders), matched=len(holders),
                notes=(MENTIONED.format(name),),
            )  # fmt: skip
        nearest = [
            papers[pid]
            for pid in self.parts.lookup.related(named, n=limit)
            if matches(papers[pid], filters)
        ][: searcher.settings.closest]
        return Answer(
            question=request.text, mode=request.mode, abstained=True, results=(),
            closest=tuple(listings.listed(p, True) for p in nearest), filters=filters,
            ranking=tuple(p.id for p in nearest), notes=(UNMENTIONED.format(name),),
        )  # fmt: skip
