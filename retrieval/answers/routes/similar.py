"""Papers like a listed one ("papers like GPTQ"), when the question asks nothing else:
the papers nearest to it in content. "anything like GPTQ for FPGAs?" is a topic search."""

from __future__ import annotations

from retrieval.answers.routes.base import Reading, Route
from retrieval.index.filtering import matches
from retrieval.models import Answer
from retrieval.query.intent import Intent
from retrieval.text import tokenize

SIMILAR_WORDS = frozenset(tokenize("like similar related resembling akin along lines others else"))


class Similar(Route):
    name = "similar"

    def applies(self, reading: Reading) -> bool:
        return self.like(reading.intent) is not None

    def like(self, intent: Intent) -> str | None:
        """Return the id of the one paper a question wants others like, or None."""
        searcher = self.parts.searcher
        like = intent.ordering.like
        named = searcher.titles.named_in(like) if like else frozenset()
        if len(named) != 1:
            return None
        (pid,) = named
        title = set(tokenize(searcher.index.papers[pid].title))
        return None if set(tokenize(intent.topic)) - title - SIMILAR_WORDS else pid

    def answer(self, reading: Reading) -> Answer:
        request, intent, filters = reading.request, reading.intent, reading.filters
        named = self.like(intent)
        assert named is not None
        searcher, listings = self.parts.searcher, self.parts.listings
        papers = searcher.index.papers
        pool = self.parts.lookup.related(named, n=searcher.settings.listed)
        nearest = [papers[pid] for pid in pool if matches(papers[pid], filters)][: request.k]
        if intent.ordering.by_date:
            nearest.sort(key=lambda p: p.year, reverse=intent.ordering.by_date == "newest")
        notes = [f"The papers closest in content to “{papers[named].title}”."]
        if not nearest and not searcher.filtering.papers(filters).any():
            notes.append(listings.why_empty(filters))
        elif not nearest:
            notes.append(f"None of the {len(pool)} closest papers passes the filters.")
        return Answer(
            question=request.text, mode=request.mode, abstained=not nearest,
            results=tuple(listings.listed(p, True) for p in nearest), filters=filters,
            ranking=tuple(p.id for p in nearest), matched=len(nearest), notes=tuple(notes),
        )  # fmt: skip
